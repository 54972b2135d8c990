from typing import Optional as Optional, Dict as Dict, Any as Any, List as List
from ...types import CrawlRequest as CrawlRequest, CrawlJob as CrawlJob, CrawlResponse as CrawlResponse, Document as Document, CrawlParamsRequest as CrawlParamsRequest, CrawlParamsData as CrawlParamsData, WebhookConfig as WebhookConfig, CrawlErrorsResponse as CrawlErrorsResponse, ActiveCrawlsResponse as ActiveCrawlsResponse, ActiveCrawl as ActiveCrawl, PaginationConfig as PaginationConfig
from ...utils.error_handler import handle_response_error as handle_response_error
from ...utils.validation import prepare_scrape_options as prepare_scrape_options
from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient
from ...utils.normalize import normalize_document_input as normalize_document_input
import time as time

async def start_crawl(client: AsyncHttpClient, request: CrawlRequest) -> CrawlResponse:
    ...

async def get_crawl_status(client: AsyncHttpClient, job_id: str, pagination_config: Optional[PaginationConfig]=..., *, request_timeout: Optional[float]=...) -> CrawlJob:
    ...

async def get_crawl_status_page(client: AsyncHttpClient, next_url: str, *, request_timeout: Optional[float]=...) -> CrawlJob:
    ...

async def cancel_crawl(client: AsyncHttpClient, job_id: str) -> bool:
    ...

async def crawl_params_preview(client: AsyncHttpClient, request: CrawlParamsRequest) -> CrawlParamsData:
    ...

async def get_crawl_errors(client: AsyncHttpClient, crawl_id: str) -> CrawlErrorsResponse:
    ...

async def get_active_crawls(client: AsyncHttpClient) -> ActiveCrawlsResponse:
    ...
