from .types import *
import os as os
from pathlib import Path as Path
from typing import Optional as Optional, List as List, Dict as Dict, Any as Any, Callable as Callable, Union as Union, Literal as Literal, BinaryIO as BinaryIO
from .types import ClientConfig as ClientConfig, ParseOptions as ParseOptions, ScrapeOptions as ScrapeOptions, Document as Document, SearchRequest as SearchRequest, SearchData as SearchData, CrawlRequest as CrawlRequest, CrawlResponse as CrawlResponse, CrawlJob as CrawlJob, CrawlParamsRequest as CrawlParamsRequest, PDFParser as PDFParser, CrawlParamsData as CrawlParamsData, WebhookConfig as WebhookConfig, AgentWebhookConfig as AgentWebhookConfig, MonitorWebhookConfig as MonitorWebhookConfig, CrawlErrorsResponse as CrawlErrorsResponse, ActiveCrawlsResponse as ActiveCrawlsResponse, MapOptions as MapOptions, MapData as MapData, WaitAction as WaitAction, ScreenshotAction as ScreenshotAction, ClickAction as ClickAction, WriteAction as WriteAction, PressAction as PressAction, ScrollAction as ScrollAction, ScrapeAction as ScrapeAction, ExecuteJavascriptAction as ExecuteJavascriptAction, PDFAction as PDFAction, Location as Location, PaginationConfig as PaginationConfig, AgentOptions as AgentOptions, Monitor as Monitor, MonitorCheck as MonitorCheck, MonitorCheckDetail as MonitorCheckDetail, MonitorCreateRequest as MonitorCreateRequest, MonitorNotification as MonitorNotification, MonitorSchedule as MonitorSchedule, MonitorTarget as MonitorTarget, MonitorUpdateRequest as MonitorUpdateRequest
from .utils.http_client import HttpClient as HttpClient
from .utils.error_handler import FirecrawlError as FirecrawlError
from .methods import scrape as scrape_module
from .methods import parse as parse_module
from .methods import crawl as crawl_module
from .methods import batch as batch_module
from .methods import search as search_module
from .methods import map as map_module
from .methods import batch as batch_methods
from .methods import usage as usage_methods
from .methods import extract as extract_module
from .methods import agent as agent_module
from .methods import browser as browser_module
from .methods import monitor as monitor_module
from .watcher import Watcher as Watcher

class FirecrawlClient:

    def __init__(self, api_key: Optional[str]=..., api_url: str=..., timeout: Optional[float]=..., max_retries: int=..., backoff_factor: float=...):
        ...

    def scrape(self, url: str, *, formats: Optional[List['FormatOption']]=..., headers: Optional[Dict[str, str]]=..., include_tags: Optional[List[str]]=..., exclude_tags: Optional[List[str]]=..., only_main_content: Optional[bool]=..., timeout: Optional[int]=..., wait_for: Optional[int]=..., mobile: Optional[bool]=..., parsers: Optional[Union[List[str], List[Union[str, PDFParser]]]]=..., actions: Optional[List[Union['WaitAction', 'ScreenshotAction', 'ClickAction', 'WriteAction', 'PressAction', 'ScrollAction', 'ScrapeAction', 'ExecuteJavascriptAction', 'PDFAction']]]=..., location: Optional['Location']=..., skip_tls_verification: Optional[bool]=..., remove_base64_images: Optional[bool]=..., fast_mode: Optional[bool]=..., use_mock: Optional[str]=..., block_ads: Optional[bool]=..., proxy: Optional[str]=..., max_age: Optional[int]=..., store_in_cache: Optional[bool]=..., lockdown: Optional[bool]=..., profile: Optional[Dict[str, Any]]=..., integration: Optional[str]=...) -> Document:
        ...

    def interact(self, job_id: str, code: Optional[str]=..., *, prompt: Optional[str]=..., language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=..., origin: Optional[str]=...) -> BrowserExecuteResponse:
        ...

    def stop_interaction(self, job_id: str) -> BrowserDeleteResponse:
        ...

    def stop_interactive_browser(self, job_id: str) -> BrowserDeleteResponse:
        ...

    def scrape_execute(self, job_id: str, code: Optional[str]=..., *, prompt: Optional[str]=..., language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=..., origin: Optional[str]=...) -> BrowserExecuteResponse:
        ...

    def delete_scrape_browser(self, job_id: str) -> BrowserDeleteResponse:
        ...

    def parse(self, file: Union[str, Path, bytes, bytearray, BinaryIO], *, filename: Optional[str]=..., content_type: Optional[str]=..., options: Optional[ParseOptions]=...) -> Document:
        ...

    def search(self, query: str, *, sources: Optional[List[SourceOption]]=..., categories: Optional[List[CategoryOption]]=..., include_domains: Optional[List[str]]=..., exclude_domains: Optional[List[str]]=..., limit: Optional[int]=..., tbs: Optional[str]=..., location: Optional[str]=..., ignore_invalid_urls: Optional[bool]=..., timeout: Optional[int]=..., scrape_options: Optional[ScrapeOptions]=..., integration: Optional[str]=...) -> SearchData:
        ...

    def crawl(self, url: str, *, prompt: Optional[str]=..., exclude_paths: Optional[List[str]]=..., include_paths: Optional[List[str]]=..., max_discovery_depth: Optional[int]=..., sitemap: Optional[Literal['only', 'include', 'skip']]=..., ignore_sitemap: Optional[bool]=..., ignore_query_parameters: bool=..., limit: Optional[int]=..., crawl_entire_domain: bool=..., allow_external_links: bool=..., allow_subdomains: bool=..., ignore_robots_txt: bool=..., delay: Optional[int]=..., max_concurrency: Optional[int]=..., webhook: Optional[Union[str, WebhookConfig]]=..., scrape_options: Optional[ScrapeOptions]=..., regex_on_full_url: bool=..., deduplicate_similar_urls: bool=..., zero_data_retention: bool=..., poll_interval: int=..., timeout: Optional[int]=..., request_timeout: Optional[float]=..., integration: Optional[str]=...) -> CrawlJob:
        ...

    def start_crawl(self, url: str, *, prompt: Optional[str]=..., exclude_paths: Optional[List[str]]=..., include_paths: Optional[List[str]]=..., max_discovery_depth: Optional[int]=..., sitemap: Optional[Literal['only', 'include', 'skip']]=..., ignore_sitemap: Optional[bool]=..., ignore_query_parameters: bool=..., limit: Optional[int]=..., crawl_entire_domain: bool=..., allow_external_links: bool=..., allow_subdomains: bool=..., ignore_robots_txt: bool=..., delay: Optional[int]=..., max_concurrency: Optional[int]=..., webhook: Optional[Union[str, WebhookConfig]]=..., scrape_options: Optional[ScrapeOptions]=..., regex_on_full_url: bool=..., deduplicate_similar_urls: bool=..., zero_data_retention: bool=..., integration: Optional[str]=...) -> CrawlResponse:
        ...

    def get_crawl_status(self, job_id: str, pagination_config: Optional[PaginationConfig]=..., *, request_timeout: Optional[float]=...) -> CrawlJob:
        ...

    def get_crawl_status_page(self, next_url: str, *, request_timeout: Optional[float]=...) -> CrawlJob:
        ...

    def get_crawl_errors(self, crawl_id: str) -> CrawlErrorsResponse:
        ...

    def get_active_crawls(self) -> ActiveCrawlsResponse:
        ...

    def active_crawls(self) -> ActiveCrawlsResponse:
        ...

    def map(self, url: str, *, search: Optional[str]=..., include_subdomains: Optional[bool]=..., ignore_query_parameters: Optional[bool]=..., limit: Optional[int]=..., sitemap: Optional[Literal['only', 'include', 'skip']]=..., timeout: Optional[int]=..., integration: Optional[str]=..., location: Optional[Location]=...) -> MapData:
        ...

    def create_monitor(self, name: str, schedule: Union[MonitorSchedule, Dict[str, Any]], targets: List[Union[MonitorTarget, Dict[str, Any]]], *, webhook: Optional[Union[MonitorWebhookConfig, Dict[str, Any]]]=..., notification: Optional[MonitorNotification]=..., retention_days: Optional[int]=...) -> Monitor:
        ...

    def list_monitors(self, *, limit: Optional[int]=..., offset: Optional[int]=...) -> List[Monitor]:
        ...

    def get_monitor(self, monitor_id: str) -> Monitor:
        ...

    def update_monitor(self, monitor_id: str, *, name: Optional[str]=..., status: Optional[Literal['active', 'paused']]=..., schedule: Optional[Union[MonitorSchedule, Dict[str, Any]]]=..., webhook: Optional[Union[MonitorWebhookConfig, Dict[str, Any]]]=..., notification: Optional[Union[MonitorNotification, Dict[str, Any]]]=..., targets: Optional[List[Union[MonitorTarget, Dict[str, Any]]]]=..., retention_days: Optional[int]=...) -> Monitor:
        ...

    def delete_monitor(self, monitor_id: str) -> bool:
        ...

    def run_monitor(self, monitor_id: str) -> MonitorCheck:
        ...

    def list_monitor_checks(self, monitor_id: str, *, limit: Optional[int]=..., offset: Optional[int]=...) -> List[MonitorCheck]:
        ...

    def get_monitor_check(self, monitor_id: str, check_id: str, *, limit: Optional[int]=..., skip: Optional[int]=..., status: Optional[Literal['same', 'new', 'changed', 'removed', 'error']]=..., pagination_config: Optional[PaginationConfig]=...) -> MonitorCheckDetail:
        ...

    def cancel_crawl(self, crawl_id: str) -> bool:
        ...

    def crawl_params_preview(self, url: str, prompt: str) -> CrawlParamsData:
        ...

    def start_extract(self, urls: Optional[List[str]]=..., *, prompt: Optional[str]=..., schema: Optional[Dict[str, Any]]=..., system_prompt: Optional[str]=..., allow_external_links: Optional[bool]=..., enable_web_search: Optional[bool]=..., show_sources: Optional[bool]=..., scrape_options: Optional['ScrapeOptions']=..., ignore_invalid_urls: Optional[bool]=..., integration: Optional[str]=..., agent: Optional[AgentOptions]=...) -> ExtractResponse:
        ...

    def extract(self, urls: Optional[List[str]]=..., *, prompt: Optional[str]=..., schema: Optional[Dict[str, Any]]=..., system_prompt: Optional[str]=..., allow_external_links: Optional[bool]=..., enable_web_search: Optional[bool]=..., show_sources: Optional[bool]=..., scrape_options: Optional['ScrapeOptions']=..., ignore_invalid_urls: Optional[bool]=..., poll_interval: int=..., timeout: Optional[int]=..., integration: Optional[str]=..., agent: Optional[AgentOptions]=...) -> ExtractResponse:
        ...

    def start_batch_scrape(self, urls: List[str], *, formats: Optional[List['FormatOption']]=..., headers: Optional[Dict[str, str]]=..., include_tags: Optional[List[str]]=..., exclude_tags: Optional[List[str]]=..., only_main_content: Optional[bool]=..., timeout: Optional[int]=..., wait_for: Optional[int]=..., mobile: Optional[bool]=..., parsers: Optional[Union[List[str], List[Union[str, PDFParser]]]]=..., actions: Optional[List[Union['WaitAction', 'ScreenshotAction', 'ClickAction', 'WriteAction', 'PressAction', 'ScrollAction', 'ScrapeAction', 'ExecuteJavascriptAction', 'PDFAction']]]=..., location: Optional['Location']=..., skip_tls_verification: Optional[bool]=..., remove_base64_images: Optional[bool]=..., fast_mode: Optional[bool]=..., use_mock: Optional[str]=..., block_ads: Optional[bool]=..., proxy: Optional[str]=..., max_age: Optional[int]=..., store_in_cache: Optional[bool]=..., lockdown: Optional[bool]=..., webhook: Optional[Union[str, WebhookConfig]]=..., append_to_id: Optional[str]=..., ignore_invalid_urls: Optional[bool]=..., max_concurrency: Optional[int]=..., zero_data_retention: Optional[bool]=..., integration: Optional[str]=..., idempotency_key: Optional[str]=...) -> BatchScrapeResponse:
        ...

    def get_batch_scrape_status(self, job_id: str, pagination_config: Optional[PaginationConfig]=...) -> BatchScrapeJob:
        ...

    def get_batch_scrape_status_page(self, next_url: str, *, request_timeout: Optional[float]=...) -> BatchScrapeJob:
        ...

    def cancel_batch_scrape(self, job_id: str) -> bool:
        ...

    def get_batch_scrape_errors(self, job_id: str) -> CrawlErrorsResponse:
        ...

    def get_extract_status(self, job_id: str) -> ExtractResponse:
        ...

    def start_agent(self, urls: Optional[List[str]]=..., *, prompt: str, schema: Optional[Any]=..., integration: Optional[str]=..., max_credits: Optional[int]=..., strict_constrain_to_urls: Optional[bool]=..., model: Optional[Literal['spark-1-pro', 'spark-1-mini']]=..., webhook: Optional[Union[str, AgentWebhookConfig]]=...) -> AgentResponse:
        ...

    def agent(self, urls: Optional[List[str]]=..., *, prompt: str, schema: Optional[Any]=..., integration: Optional[str]=..., poll_interval: int=..., timeout: Optional[int]=..., max_credits: Optional[int]=..., strict_constrain_to_urls: Optional[bool]=..., model: Optional[Literal['spark-1-pro', 'spark-1-mini']]=..., webhook: Optional[Union[str, AgentWebhookConfig]]=...) -> AgentResponse:
        ...

    def get_agent_status(self, job_id: str) -> AgentResponse:
        ...

    def cancel_agent(self, job_id: str) -> bool:
        ...

    def get_concurrency(self) -> ConcurrencyCheck:
        ...

    def get_credit_usage(self) -> CreditUsage:
        ...

    def get_token_usage(self) -> TokenUsage:
        ...

    def get_credit_usage_historical(self, by_api_key: bool=...) -> CreditUsageHistoricalResponse:
        ...

    def get_token_usage_historical(self, by_api_key: bool=...) -> TokenUsageHistoricalResponse:
        ...

    def get_queue_status(self) -> QueueStatusResponse:
        ...

    def browser(self, *, ttl: Optional[int]=..., activity_ttl: Optional[int]=..., stream_web_view: Optional[bool]=..., profile: Optional[Dict[str, Any]]=...) -> BrowserCreateResponse:
        ...

    def browser_execute(self, session_id: str, code: str, *, language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=...) -> BrowserExecuteResponse:
        ...

    def delete_browser(self, session_id: str) -> BrowserDeleteResponse:
        ...

    def list_browsers(self, *, status: Optional[Literal['active', 'destroyed']]=...) -> BrowserListResponse:
        ...

    def watcher(self, job_id: str, *, kind: Literal['crawl', 'batch']=..., poll_interval: int=..., timeout: Optional[int]=...) -> Watcher:
        ...

    def batch_scrape(self, urls: List[str], *, formats: Optional[List['FormatOption']]=..., headers: Optional[Dict[str, str]]=..., include_tags: Optional[List[str]]=..., exclude_tags: Optional[List[str]]=..., only_main_content: Optional[bool]=..., timeout: Optional[int]=..., wait_for: Optional[int]=..., mobile: Optional[bool]=..., parsers: Optional[Union[List[str], List[Union[str, PDFParser]]]]=..., actions: Optional[List[Union['WaitAction', 'ScreenshotAction', 'ClickAction', 'WriteAction', 'PressAction', 'ScrollAction', 'ScrapeAction', 'ExecuteJavascriptAction', 'PDFAction']]]=..., location: Optional['Location']=..., skip_tls_verification: Optional[bool]=..., remove_base64_images: Optional[bool]=..., fast_mode: Optional[bool]=..., use_mock: Optional[str]=..., block_ads: Optional[bool]=..., proxy: Optional[str]=..., max_age: Optional[int]=..., store_in_cache: Optional[bool]=..., lockdown: Optional[bool]=..., webhook: Optional[Union[str, WebhookConfig]]=..., append_to_id: Optional[str]=..., ignore_invalid_urls: Optional[bool]=..., max_concurrency: Optional[int]=..., zero_data_retention: Optional[bool]=..., integration: Optional[str]=..., idempotency_key: Optional[str]=..., poll_interval: int=..., wait_timeout: Optional[int]=...) -> BatchScrapeJob:
        ...
