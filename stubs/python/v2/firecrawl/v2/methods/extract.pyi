from typing import Any as Any, Dict as Dict, List as List, Optional as Optional
import time as time
import warnings as warnings
from ..types import ExtractResponse as ExtractResponse, ScrapeOptions as ScrapeOptions
from ..types import AgentOptions as AgentOptions
from ..utils.http_client import HttpClient as HttpClient
from ..utils.validation import prepare_scrape_options as prepare_scrape_options
from ..utils.error_handler import handle_response_error as handle_response_error
_EXTRACT_DEPRECATION_MSG = 'The extract endpoint is in maintenance mode and its use is discouraged. Review https://docs.firecrawl.dev/developer-guides/usage-guides/choosing-the-data-extractor to find a replacement.'

def start_extract(client: HttpClient, urls: Optional[List[str]], *, prompt: Optional[str]=..., schema: Optional[Dict[str, Any]]=..., system_prompt: Optional[str]=..., allow_external_links: Optional[bool]=..., enable_web_search: Optional[bool]=..., show_sources: Optional[bool]=..., scrape_options: Optional[ScrapeOptions]=..., ignore_invalid_urls: Optional[bool]=..., integration: Optional[str]=..., agent: Optional[AgentOptions]=...) -> ExtractResponse:
    ...

def get_extract_status(client: HttpClient, job_id: str) -> ExtractResponse:
    ...

def wait_extract(client: HttpClient, job_id: str, *, poll_interval: int=..., timeout: Optional[int]=...) -> ExtractResponse:
    ...

def extract(client: HttpClient, urls: Optional[List[str]], *, prompt: Optional[str]=..., schema: Optional[Dict[str, Any]]=..., system_prompt: Optional[str]=..., allow_external_links: Optional[bool]=..., enable_web_search: Optional[bool]=..., show_sources: Optional[bool]=..., scrape_options: Optional[ScrapeOptions]=..., ignore_invalid_urls: Optional[bool]=..., poll_interval: int=..., timeout: Optional[int]=..., integration: Optional[str]=..., agent: Optional[AgentOptions]=...) -> ExtractResponse:
    ...
