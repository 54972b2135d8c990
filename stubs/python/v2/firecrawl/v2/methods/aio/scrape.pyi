from typing import Optional as Optional, Dict as Dict, Any as Any, Literal as Literal
from ...types import ScrapeOptions as ScrapeOptions, Document as Document, BrowserExecuteResponse as BrowserExecuteResponse, BrowserDeleteResponse as BrowserDeleteResponse
from ...utils.normalize import normalize_document_input as normalize_document_input
from ...utils.error_handler import handle_response_error as handle_response_error
from ...utils.validation import prepare_scrape_options as prepare_scrape_options, validate_scrape_options as validate_scrape_options
from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient

async def scrape(client: AsyncHttpClient, url: str, options: Optional[ScrapeOptions]=...) -> Document:
    ...

async def interact(client: AsyncHttpClient, job_id: str, code: Optional[str]=..., *, prompt: Optional[str]=..., language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=..., origin: Optional[str]=...) -> BrowserExecuteResponse:
    ...

async def stop_interaction(client: AsyncHttpClient, job_id: str) -> BrowserDeleteResponse:
    ...

async def stop_interactive_browser(client: AsyncHttpClient, job_id: str) -> BrowserDeleteResponse:
    ...

async def scrape_execute(client: AsyncHttpClient, job_id: str, code: Optional[str]=..., *, prompt: Optional[str]=..., language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=..., origin: Optional[str]=...) -> BrowserExecuteResponse:
    ...

async def delete_scrape_browser(client: AsyncHttpClient, job_id: str) -> BrowserDeleteResponse:
    ...
