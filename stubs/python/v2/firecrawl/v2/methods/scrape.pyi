from typing import Optional as Optional, Dict as Dict, Any as Any, Literal as Literal
from ..types import ScrapeOptions as ScrapeOptions, Document as Document, BrowserExecuteResponse as BrowserExecuteResponse, BrowserDeleteResponse as BrowserDeleteResponse
from ..utils.normalize import normalize_document_input as normalize_document_input
from ..utils import HttpClient as HttpClient, handle_response_error as handle_response_error, prepare_scrape_options as prepare_scrape_options, validate_scrape_options as validate_scrape_options

def scrape(client: HttpClient, url: str, options: Optional[ScrapeOptions]=...) -> Document:
    ...

def interact(client: HttpClient, job_id: str, code: Optional[str]=..., *, prompt: Optional[str]=..., language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=..., origin: Optional[str]=...) -> BrowserExecuteResponse:
    ...

def stop_interaction(client: HttpClient, job_id: str) -> BrowserDeleteResponse:
    ...

def stop_interactive_browser(client: HttpClient, job_id: str) -> BrowserDeleteResponse:
    ...

def scrape_execute(client: HttpClient, job_id: str, code: Optional[str]=..., *, prompt: Optional[str]=..., language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=..., origin: Optional[str]=...) -> BrowserExecuteResponse:
    ...

def delete_scrape_browser(client: HttpClient, job_id: str) -> BrowserDeleteResponse:
    ...
