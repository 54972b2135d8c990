import requests as requests
from typing import Dict as Dict, Any as Any, Optional as Optional

class FirecrawlError(Exception):

    def __init__(self, message: str, status_code: Optional[int]=..., response: Optional[requests.Response]=...):
        ...

class BadRequestError(FirecrawlError):
    ...

class UnauthorizedError(FirecrawlError):
    ...

class PaymentRequiredError(FirecrawlError):
    ...

class WebsiteNotSupportedError(FirecrawlError):
    ...

class RequestTimeoutError(FirecrawlError):
    ...

class RateLimitError(FirecrawlError):
    ...

class InternalServerError(FirecrawlError):
    ...

def handle_response_error(response: requests.Response, action: str) -> None:
    ...
