import time as time
from typing import Optional as Optional, Dict as Dict, Any as Any, List as List
from ..types import CrawlRequest as CrawlRequest, CrawlJob as CrawlJob, CrawlResponse as CrawlResponse, Document as Document, CrawlParamsRequest as CrawlParamsRequest, CrawlParamsResponse as CrawlParamsResponse, CrawlParamsData as CrawlParamsData, WebhookConfig as WebhookConfig, CrawlErrorsResponse as CrawlErrorsResponse, ActiveCrawlsResponse as ActiveCrawlsResponse, ActiveCrawl as ActiveCrawl, PaginationConfig as PaginationConfig
from ..utils import HttpClient as HttpClient, handle_response_error as handle_response_error, validate_scrape_options as validate_scrape_options, prepare_scrape_options as prepare_scrape_options
from ..utils.normalize import normalize_document_input as normalize_document_input

def start_crawl(client: HttpClient, request: CrawlRequest) -> CrawlResponse:
    ...

def get_crawl_status(client: HttpClient, job_id: str, pagination_config: Optional[PaginationConfig]=..., *, request_timeout: Optional[float]=...) -> CrawlJob:
    ...

def get_crawl_status_page(client: HttpClient, next_url: str, *, request_timeout: Optional[float]=...) -> CrawlJob:
    ...

def cancel_crawl(client: HttpClient, job_id: str) -> bool:
    ...

def wait_for_crawl_completion(client: HttpClient, job_id: str, poll_interval: int=..., timeout: Optional[int]=..., *, request_timeout: Optional[float]=...) -> CrawlJob:
    ...

def crawl(client: HttpClient, request: CrawlRequest, poll_interval: int=..., timeout: Optional[int]=..., *, request_timeout: Optional[float]=...) -> CrawlJob:
    ...

def crawl_params_preview(client: HttpClient, request: CrawlParamsRequest) -> CrawlParamsData:
    ...

def get_crawl_errors(http_client: HttpClient, crawl_id: str) -> CrawlErrorsResponse:
    ...

def get_active_crawls(client: HttpClient) -> ActiveCrawlsResponse:
    ...
