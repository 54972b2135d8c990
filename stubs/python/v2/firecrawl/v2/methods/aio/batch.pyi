from typing import Optional as Optional, List as List, Dict as Dict, Any as Any
from ...types import ScrapeOptions as ScrapeOptions, WebhookConfig as WebhookConfig, Document as Document, BatchScrapeResponse as BatchScrapeResponse, BatchScrapeJob as BatchScrapeJob, PaginationConfig as PaginationConfig
from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient
from ...utils.validation import prepare_scrape_options as prepare_scrape_options
from ...utils.error_handler import handle_response_error as handle_response_error
from ...utils.normalize import normalize_document_input as normalize_document_input
from ...methods.batch import validate_batch_urls as validate_batch_urls
import time as time

async def start_batch_scrape(client: AsyncHttpClient, urls: List[str], **kwargs) -> BatchScrapeResponse:
    ...

async def get_batch_scrape_status(client: AsyncHttpClient, job_id: str, pagination_config: Optional[PaginationConfig]=...) -> BatchScrapeJob:
    ...

async def get_batch_scrape_status_page(client: AsyncHttpClient, next_url: str, *, request_timeout: Optional[float]=...) -> BatchScrapeJob:
    ...

async def cancel_batch_scrape(client: AsyncHttpClient, job_id: str) -> bool:
    ...

async def get_batch_scrape_errors(client: AsyncHttpClient, job_id: str) -> Dict[str, Any]:
    ...
