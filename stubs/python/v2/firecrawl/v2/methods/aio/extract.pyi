from typing import Any as Any, Dict as Dict, List as List, Optional as Optional
import asyncio as asyncio
import warnings as warnings
from ...types import ExtractResponse as ExtractResponse, ScrapeOptions as ScrapeOptions
from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient
from ...utils.validation import prepare_scrape_options as prepare_scrape_options
_EXTRACT_DEPRECATION_MSG = 'The extract endpoint is in maintenance mode and its use is discouraged. Review https://docs.firecrawl.dev/developer-guides/usage-guides/choosing-the-data-extractor to find a replacement.'

async def start_extract(client: AsyncHttpClient, urls: Optional[List[str]], *, prompt: Optional[str]=..., schema: Optional[Dict[str, Any]]=..., system_prompt: Optional[str]=..., allow_external_links: Optional[bool]=..., enable_web_search: Optional[bool]=..., show_sources: Optional[bool]=..., scrape_options: Optional[ScrapeOptions]=..., ignore_invalid_urls: Optional[bool]=..., integration: Optional[str]=...) -> ExtractResponse:
    ...

async def get_extract_status(client: AsyncHttpClient, job_id: str) -> ExtractResponse:
    ...

async def wait_extract(client: AsyncHttpClient, job_id: str, *, poll_interval: int=..., timeout: Optional[int]=...) -> ExtractResponse:
    ...

async def extract(client: AsyncHttpClient, urls: Optional[List[str]], *, prompt: Optional[str]=..., schema: Optional[Dict[str, Any]]=..., system_prompt: Optional[str]=..., allow_external_links: Optional[bool]=..., enable_web_search: Optional[bool]=..., show_sources: Optional[bool]=..., scrape_options: Optional[ScrapeOptions]=..., ignore_invalid_urls: Optional[bool]=..., poll_interval: int=..., timeout: Optional[int]=..., integration: Optional[str]=...) -> ExtractResponse:
    ...
