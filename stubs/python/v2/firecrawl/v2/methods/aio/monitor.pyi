import time as time
from typing import Any as Any, Dict as Dict, List as List, Optional as Optional
from _firecrawl_codemod_pydantic import BaseModel as BaseModel, Field as Field
from ...types import Monitor as Monitor, MonitorCheck as MonitorCheck, MonitorCheckDetail as MonitorCheckDetail, MonitorCheckPage as MonitorCheckPage, MonitorCreateRequest as MonitorCreateRequest, PaginationConfig as PaginationConfig, MonitorTarget as MonitorTarget, MonitorUpdateRequest as MonitorUpdateRequest, ScrapeOptions as ScrapeOptions
from ...utils.error_handler import handle_response_error as handle_response_error
from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient
from ...utils.validation import prepare_scrape_options as prepare_scrape_options

async def create_monitor(client: AsyncHttpClient, request: MonitorCreateRequest) -> Monitor:
    ...

async def list_monitors(client: AsyncHttpClient, *, limit: Optional[int]=..., offset: Optional[int]=...) -> List[Monitor]:
    ...

async def get_monitor(client: AsyncHttpClient, monitor_id: str) -> Monitor:
    ...

async def update_monitor(client: AsyncHttpClient, monitor_id: str, request: MonitorUpdateRequest) -> Monitor:
    ...

async def delete_monitor(client: AsyncHttpClient, monitor_id: str) -> bool:
    ...

async def run_monitor(client: AsyncHttpClient, monitor_id: str) -> MonitorCheck:
    ...

async def list_monitor_checks(client: AsyncHttpClient, monitor_id: str, *, limit: Optional[int]=..., offset: Optional[int]=...) -> List[MonitorCheck]:
    ...

async def get_monitor_check(client: AsyncHttpClient, monitor_id: str, check_id: str, *, limit: Optional[int]=..., skip: Optional[int]=..., status: Optional[str]=..., pagination_config: Optional[PaginationConfig]=...) -> MonitorCheckDetail:
    ...
