import asyncio as asyncio
import httpx as httpx
from typing import Optional as Optional, Dict as Dict, Any as Any
from .get_version import get_version as get_version
version = ...

class AsyncHttpClient:

    def __init__(self, api_key: Optional[str], api_url: str, timeout: Optional[float]=..., max_retries: int=..., backoff_factor: float=...):
        ...

    async def close(self) -> None:
        ...

    async def post(self, endpoint: str, data: Dict[str, Any], headers: Optional[Dict[str, str]]=..., timeout: Optional[float]=..., retries: Optional[int]=..., backoff_factor: Optional[float]=...) -> httpx.Response:
        ...

    async def post_multipart(self, endpoint: str, data: Dict[str, Any], files: Dict[str, Any], headers: Optional[Dict[str, str]]=..., timeout: Optional[float]=..., retries: Optional[int]=..., backoff_factor: Optional[float]=...) -> httpx.Response:
        ...

    async def get(self, endpoint: str, headers: Optional[Dict[str, str]]=..., timeout: Optional[float]=..., retries: Optional[int]=..., backoff_factor: Optional[float]=...) -> httpx.Response:
        ...

    async def delete(self, endpoint: str, headers: Optional[Dict[str, str]]=..., timeout: Optional[float]=..., retries: Optional[int]=..., backoff_factor: Optional[float]=...) -> httpx.Response:
        ...

    async def patch(self, endpoint: str, data: Dict[str, Any], headers: Optional[Dict[str, str]]=..., timeout: Optional[float]=..., retries: Optional[int]=..., backoff_factor: Optional[float]=...) -> httpx.Response:
        ...
