from typing import Any as Any, Dict as Dict, Literal as Literal, Optional as Optional
from ...types import BrowserCreateResponse as BrowserCreateResponse, BrowserExecuteResponse as BrowserExecuteResponse, BrowserDeleteResponse as BrowserDeleteResponse, BrowserListResponse as BrowserListResponse
from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient

async def browser(client: AsyncHttpClient, *, ttl: Optional[int]=..., activity_ttl: Optional[int]=..., stream_web_view: Optional[bool]=..., profile: Optional[Dict[str, Any]]=...) -> BrowserCreateResponse:
    ...

async def browser_execute(client: AsyncHttpClient, session_id: str, code: str, *, language: Literal['python', 'node', 'bash']=..., timeout: Optional[int]=...) -> BrowserExecuteResponse:
    ...

async def delete_browser(client: AsyncHttpClient, session_id: str) -> BrowserDeleteResponse:
    ...

async def list_browsers(client: AsyncHttpClient, *, status: Optional[Literal['active', 'destroyed']]=...) -> BrowserListResponse:
    ...
