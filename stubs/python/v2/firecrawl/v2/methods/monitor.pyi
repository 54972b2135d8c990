import time as time
from typing import Any as Any, Dict as Dict, List as List, Optional as Optional
from _firecrawl_codemod_pydantic import BaseModel as BaseModel, Field as Field
from ..types import Monitor as Monitor, MonitorCheck as MonitorCheck, MonitorCheckDetail as MonitorCheckDetail, MonitorCheckPage as MonitorCheckPage, MonitorCreateRequest as MonitorCreateRequest, PaginationConfig as PaginationConfig, MonitorTarget as MonitorTarget, MonitorUpdateRequest as MonitorUpdateRequest, ScrapeOptions as ScrapeOptions
from ..utils import HttpClient as HttpClient, handle_response_error as handle_response_error
from ..utils.validation import prepare_scrape_options as prepare_scrape_options

def create_monitor(client: HttpClient, request: MonitorCreateRequest) -> Monitor:
    ...

def list_monitors(client: HttpClient, *, limit: Optional[int]=..., offset: Optional[int]=...) -> List[Monitor]:
    ...

def get_monitor(client: HttpClient, monitor_id: str) -> Monitor:
    ...

def update_monitor(client: HttpClient, monitor_id: str, request: MonitorUpdateRequest) -> Monitor:
    ...

def delete_monitor(client: HttpClient, monitor_id: str) -> bool:
    ...

def run_monitor(client: HttpClient, monitor_id: str) -> MonitorCheck:
    ...

def list_monitor_checks(client: HttpClient, monitor_id: str, *, limit: Optional[int]=..., offset: Optional[int]=...) -> List[MonitorCheck]:
    ...

def get_monitor_check(client: HttpClient, monitor_id: str, check_id: str, *, limit: Optional[int]=..., skip: Optional[int]=..., status: Optional[str]=..., pagination_config: Optional[PaginationConfig]=...) -> MonitorCheckDetail:
    ...
