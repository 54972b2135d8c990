from .types import *
import os as os
import asyncio as asyncio
import time as time
from pathlib import Path as Path
from typing import Optional as Optional, List as List, Dict as Dict, Any as Any, Union as Union, Callable as Callable, Literal as Literal, BinaryIO as BinaryIO
from .types import ParseOptions as ParseOptions, ScrapeOptions as ScrapeOptions, CrawlRequest as CrawlRequest, WebhookConfig as WebhookConfig, AgentWebhookConfig as AgentWebhookConfig, MonitorWebhookConfig as MonitorWebhookConfig, SearchRequest as SearchRequest, SearchData as SearchData, CrawlResponse as CrawlResponse, CrawlJob as CrawlJob, CrawlParamsRequest as CrawlParamsRequest, CrawlParamsData as CrawlParamsData, CrawlErrorsResponse as CrawlErrorsResponse, ActiveCrawlsResponse as ActiveCrawlsResponse, MapOptions as MapOptions, MapData as MapData, WaitAction as WaitAction, ScreenshotAction as ScreenshotAction, ClickAction as ClickAction, WriteAction as WriteAction, PressAction as PressAction, ScrollAction as ScrollAction, ScrapeAction as ScrapeAction, ExecuteJavascriptAction as ExecuteJavascriptAction, PDFAction as PDFAction, Location as Location, PaginationConfig as PaginationConfig, Monitor as Monitor, MonitorCheck as MonitorCheck, MonitorCheckDetail as MonitorCheckDetail, MonitorCreateRequest as MonitorCreateRequest, MonitorNotification as MonitorNotification, MonitorSchedule as MonitorSchedule, MonitorTarget as MonitorTarget, MonitorUpdateRequest as MonitorUpdateRequest
from .utils.http_client import HttpClient as HttpClient
from .utils.http_client_async import AsyncHttpClient as AsyncHttpClient
from .methods.aio import scrape as async_scrape
from .methods.aio import parse as async_parse
from .methods.aio import batch as async_batch
from .methods.aio import crawl as async_crawl
from .methods.aio import search as async_search
from .methods.aio import map as async_map
from .methods.aio import usage as async_usage
from .methods.aio import extract as async_extract
from .methods.aio import agent as async_agent
from .methods.aio import browser as async_browser
from .methods.aio import monitor as async_monitor
from .watcher_async import AsyncWatcher as AsyncWatcher

class AsyncFirecrawlClient:

    def __init__(self, api_key: Optional[str]=..., api_url: str=..., timeout: Optional[float]=..., max_retries: int=..., backoff_factor: float=...):
        ...

    async def scrape(self, url: str, **kwargs) -> Document:
        ...

    async def interact(self, job_id: str, code: Optional[str]=..., *, prompt: Optional[str]=..., language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=..., origin: Optional[str]=...) -> BrowserExecuteResponse:
        ...

    async def stop_interaction(self, job_id: str) -> BrowserDeleteResponse:
        ...

    async def stop_interactive_browser(self, job_id: str) -> BrowserDeleteResponse:
        ...

    async def scrape_execute(self, job_id: str, code: Optional[str]=..., *, prompt: Optional[str]=..., language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=..., origin: Optional[str]=...) -> BrowserExecuteResponse:
        ...

    async def delete_scrape_browser(self, job_id: str) -> BrowserDeleteResponse:
        ...

    async def parse(self, file: Union[str, Path, bytes, bytearray, BinaryIO], *, filename: Optional[str]=..., content_type: Optional[str]=..., options: Optional[ParseOptions]=...) -> Document:
        ...

    async def search(self, query: str, **kwargs) -> SearchData:
        ...

    async def start_crawl(self, url: str, **kwargs) -> CrawlResponse:
        ...

    async def wait_crawl(self, job_id: str, poll_interval: int=..., timeout: Optional[int]=..., *, request_timeout: Optional[float]=...) -> CrawlJob:
        ...

    async def crawl(self, **kwargs) -> CrawlJob:
        ...

    async def get_crawl_status(self, job_id: str, pagination_config: Optional[PaginationConfig]=..., *, request_timeout: Optional[float]=...) -> CrawlJob:
        ...

    async def get_crawl_status_page(self, next_url: str, *, request_timeout: Optional[float]=...) -> CrawlJob:
        ...

    async def cancel_crawl(self, job_id: str) -> bool:
        ...

    async def crawl_params_preview(self, url: str, prompt: str) -> CrawlParamsData:
        ...

    async def get_crawl_errors(self, crawl_id: str) -> CrawlErrorsResponse:
        ...

    async def get_active_crawls(self) -> ActiveCrawlsResponse:
        ...

    async def active_crawls(self) -> ActiveCrawlsResponse:
        ...

    async def map(self, url: str, *, search: Optional[str]=..., include_subdomains: Optional[bool]=..., limit: Optional[int]=..., sitemap: Optional[Literal['only', 'include', 'skip']]=..., timeout: Optional[int]=..., integration: Optional[str]=...) -> MapData:
        ...

    async def create_monitor(self, name: str, schedule: Union[MonitorSchedule, Dict[str, Any]], targets: List[Union[MonitorTarget, Dict[str, Any]]], *, webhook: Optional[Union[MonitorWebhookConfig, Dict[str, Any]]]=..., notification: Optional[MonitorNotification]=..., retention_days: Optional[int]=...) -> Monitor:
        ...

    async def list_monitors(self, *, limit: Optional[int]=..., offset: Optional[int]=...) -> List[Monitor]:
        ...

    async def get_monitor(self, monitor_id: str) -> Monitor:
        ...

    async def update_monitor(self, monitor_id: str, *, name: Optional[str]=..., status: Optional[Literal['active', 'paused']]=..., schedule: Optional[Union[MonitorSchedule, Dict[str, Any]]]=..., webhook: Optional[Union[MonitorWebhookConfig, Dict[str, Any]]]=..., notification: Optional[Union[MonitorNotification, Dict[str, Any]]]=..., targets: Optional[List[Union[MonitorTarget, Dict[str, Any]]]]=..., retention_days: Optional[int]=...) -> Monitor:
        ...

    async def delete_monitor(self, monitor_id: str) -> bool:
        ...

    async def run_monitor(self, monitor_id: str) -> MonitorCheck:
        ...

    async def list_monitor_checks(self, monitor_id: str, *, limit: Optional[int]=..., offset: Optional[int]=...) -> List[MonitorCheck]:
        ...

    async def get_monitor_check(self, monitor_id: str, check_id: str, *, limit: Optional[int]=..., skip: Optional[int]=..., status: Optional[Literal['same', 'new', 'changed', 'removed', 'error']]=..., pagination_config: Optional[PaginationConfig]=...) -> MonitorCheckDetail:
        ...

    async def start_batch_scrape(self, urls: List[str], **kwargs) -> Any:
        ...

    async def wait_batch_scrape(self, job_id: str, poll_interval: int=..., timeout: Optional[int]=...) -> Any:
        ...

    async def batch_scrape(self, urls: List[str], **kwargs) -> Any:
        ...

    async def get_batch_scrape_status(self, job_id: str, pagination_config: Optional[PaginationConfig]=...) -> BatchScrapeJob:
        ...

    async def get_batch_scrape_status_page(self, next_url: str, *, request_timeout: Optional[float]=...) -> BatchScrapeJob:
        ...

    async def cancel_batch_scrape(self, job_id: str) -> bool:
        ...

    async def get_batch_scrape_errors(self, job_id: str) -> CrawlErrorsResponse:
        ...

    async def extract(self, urls: Optional[List[str]]=..., *, prompt: Optional[str]=..., schema: Optional[Dict[str, Any]]=..., system_prompt: Optional[str]=..., allow_external_links: Optional[bool]=..., enable_web_search: Optional[bool]=..., show_sources: Optional[bool]=..., scrape_options: Optional['ScrapeOptions']=..., ignore_invalid_urls: Optional[bool]=..., poll_interval: int=..., timeout: Optional[int]=..., integration: Optional[str]=...) -> ExtractResponse:
        ...

    async def get_extract_status(self, job_id: str) -> ExtractResponse:
        ...

    async def start_extract(self, urls: Optional[List[str]]=..., *, prompt: Optional[str]=..., schema: Optional[Dict[str, Any]]=..., system_prompt: Optional[str]=..., allow_external_links: Optional[bool]=..., enable_web_search: Optional[bool]=..., show_sources: Optional[bool]=..., scrape_options: Optional['ScrapeOptions']=..., ignore_invalid_urls: Optional[bool]=..., integration: Optional[str]=...) -> ExtractResponse:
        ...

    async def agent(self, urls: Optional[List[str]]=..., *, prompt: str, schema: Optional[Any]=..., integration: Optional[str]=..., poll_interval: int=..., timeout: Optional[int]=..., max_credits: Optional[int]=..., strict_constrain_to_urls: Optional[bool]=..., model: Optional[Literal['spark-1-pro', 'spark-1-mini']]=..., webhook: Optional[Union[str, AgentWebhookConfig]]=...) -> AgentResponse:
        ...

    async def get_agent_status(self, job_id: str) -> AgentResponse:
        ...

    async def start_agent(self, urls: Optional[List[str]]=..., *, prompt: str, schema: Optional[Any]=..., integration: Optional[str]=..., max_credits: Optional[int]=..., strict_constrain_to_urls: Optional[bool]=..., model: Optional[Literal['spark-1-pro', 'spark-1-mini']]=..., webhook: Optional[Union[str, AgentWebhookConfig]]=...) -> AgentResponse:
        ...

    async def cancel_agent(self, job_id: str) -> bool:
        ...

    async def browser(self, *, ttl: Optional[int]=..., activity_ttl: Optional[int]=..., stream_web_view: Optional[bool]=..., profile: Optional[Dict[str, Any]]=...) -> BrowserCreateResponse:
        ...

    async def browser_execute(self, session_id: str, code: str, *, language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=...) -> BrowserExecuteResponse:
        ...

    async def delete_browser(self, session_id: str) -> BrowserDeleteResponse:
        ...

    async def list_browsers(self, *, status: Optional[Literal['active', 'destroyed']]=...) -> BrowserListResponse:
        ...

    async def get_concurrency(self) -> ConcurrencyCheck:
        ...

    async def get_credit_usage(self) -> CreditUsage:
        ...

    async def get_token_usage(self) -> TokenUsage:
        ...

    async def get_credit_usage_historical(self, by_api_key: bool=...) -> CreditUsageHistoricalResponse:
        ...

    async def get_token_usage_historical(self, by_api_key: bool=...) -> TokenUsageHistoricalResponse:
        ...

    async def get_queue_status(self) -> QueueStatusResponse:
        ...

    def watcher(self, job_id: str, *, kind: Literal['crawl', 'batch']=..., poll_interval: int=..., timeout: Optional[int]=...) -> AsyncWatcher:
        ...
