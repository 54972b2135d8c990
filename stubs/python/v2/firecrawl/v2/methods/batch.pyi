import time as time
from typing import Optional as Optional, List as List, Callable as Callable, Dict as Dict, Any as Any, Union as Union
from ..types import BatchScrapeRequest as BatchScrapeRequest, BatchScrapeResponse as BatchScrapeResponse, BatchScrapeJob as BatchScrapeJob, ScrapeOptions as ScrapeOptions, Document as Document, WebhookConfig as WebhookConfig, PaginationConfig as PaginationConfig
from ..utils import HttpClient as HttpClient, handle_response_error as handle_response_error, validate_scrape_options as validate_scrape_options, prepare_scrape_options as prepare_scrape_options
from ..utils.normalize import normalize_document_input as normalize_document_input
from ..types import CrawlErrorsResponse as CrawlErrorsResponse

def start_batch_scrape(client: HttpClient, urls: List[str], *, options: Optional[ScrapeOptions]=..., webhook: Optional[Union[str, WebhookConfig]]=..., append_to_id: Optional[str]=..., ignore_invalid_urls: Optional[bool]=..., max_concurrency: Optional[int]=..., zero_data_retention: Optional[bool]=..., integration: Optional[str]=..., idempotency_key: Optional[str]=...) -> BatchScrapeResponse:
    ...

def get_batch_scrape_status(client: HttpClient, job_id: str, pagination_config: Optional[PaginationConfig]=...) -> BatchScrapeJob:
    ...

def get_batch_scrape_status_page(client: HttpClient, next_url: str, *, request_timeout: Optional[float]=...) -> BatchScrapeJob:
    ...

def cancel_batch_scrape(client: HttpClient, job_id: str) -> bool:
    ...

def wait_for_batch_completion(client: HttpClient, job_id: str, poll_interval: int=..., timeout: Optional[int]=...) -> BatchScrapeJob:
    ...

def batch_scrape(client: HttpClient, urls: List[str], *, options: Optional[ScrapeOptions]=..., webhook: Optional[Union[str, WebhookConfig]]=..., append_to_id: Optional[str]=..., ignore_invalid_urls: Optional[bool]=..., max_concurrency: Optional[int]=..., zero_data_retention: Optional[bool]=..., integration: Optional[str]=..., idempotency_key: Optional[str]=..., poll_interval: int=..., timeout: Optional[int]=...) -> BatchScrapeJob:
    ...

def validate_batch_urls(urls: List[str]) -> List[str]:
    ...

def prepare_batch_scrape_request(urls: List[str], *, options: Optional[ScrapeOptions]=..., webhook: Optional[Union[str, WebhookConfig]]=..., append_to_id: Optional[str]=..., ignore_invalid_urls: Optional[bool]=..., max_concurrency: Optional[int]=..., zero_data_retention: Optional[bool]=..., integration: Optional[str]=...) -> dict:
    ...

def chunk_urls(urls: List[str], chunk_size: int=...) -> List[List[str]]:
    ...

def process_large_batch(client: HttpClient, urls: List[str], options: Optional[ScrapeOptions]=..., chunk_size: int=..., poll_interval: int=..., timeout: Optional[int]=...) -> List[Document]:
    ...

def get_batch_scrape_errors(client: HttpClient, job_id: str) -> CrawlErrorsResponse:
    ...
