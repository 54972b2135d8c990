import time as time
from typing import Dict as Dict, Any as Any, Optional as Optional
from urllib.parse import urlparse as urlparse, urlunparse as urlunparse, urljoin as urljoin
import requests as requests
from .get_version import get_version as get_version
version = ...

class HttpClient:

    def __init__(self, api_key: Optional[str], api_url: str, timeout: Optional[float]=..., max_retries: int=..., backoff_factor: float=...):
        ...

    def post(self, endpoint: str, data: Dict[str, Any], headers: Optional[Dict[str, str]]=..., timeout: Optional[float]=..., retries: Optional[int]=..., backoff_factor: Optional[float]=...) -> requests.Response:
        ...

    def post_multipart(self, endpoint: str, data: Dict[str, Any], files: Dict[str, Any], headers: Optional[Dict[str, str]]=..., timeout: Optional[float]=..., retries: Optional[int]=..., backoff_factor: Optional[float]=...) -> requests.Response:
        ...

    def get(self, endpoint: str, headers: Optional[Dict[str, str]]=..., timeout: Optional[float]=..., retries: Optional[int]=..., backoff_factor: Optional[float]=...) -> requests.Response:
        ...

    def delete(self, endpoint: str, headers: Optional[Dict[str, str]]=..., timeout: Optional[float]=..., retries: Optional[int]=..., backoff_factor: Optional[float]=...) -> requests.Response:
        ...

    def patch(self, endpoint: str, data: Dict[str, Any], headers: Optional[Dict[str, str]]=..., timeout: Optional[float]=..., retries: Optional[int]=..., backoff_factor: Optional[float]=...) -> requests.Response:
        ...
