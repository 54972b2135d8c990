from typing import Any as Any, Dict as Dict, List as List, Literal as Literal, Optional as Optional
from ..types import BrowserCreateResponse as BrowserCreateResponse, BrowserExecuteResponse as BrowserExecuteResponse, BrowserDeleteResponse as BrowserDeleteResponse, BrowserListResponse as BrowserListResponse
from ..utils.http_client import HttpClient as HttpClient
from ..utils.error_handler import handle_response_error as handle_response_error

def browser(client: HttpClient, *, ttl: Optional[int]=..., activity_ttl: Optional[int]=..., stream_web_view: Optional[bool]=..., profile: Optional[Dict[str, Any]]=...) -> BrowserCreateResponse:
    ...

def browser_execute(client: HttpClient, session_id: str, code: str, *, language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=...) -> BrowserExecuteResponse:
    ...

def delete_browser(client: HttpClient, session_id: str) -> BrowserDeleteResponse:
    ...

def list_browsers(client: HttpClient, *, status: Optional[Literal['active', 'destroyed']]=...) -> BrowserListResponse:
    ...
