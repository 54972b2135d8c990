from ..utils import HttpClient as HttpClient, handle_response_error as handle_response_error
from ..types import ConcurrencyCheck as ConcurrencyCheck, CreditUsage as CreditUsage, QueueStatusResponse as QueueStatusResponse, TokenUsage as TokenUsage, CreditUsageHistoricalResponse as CreditUsageHistoricalResponse, TokenUsageHistoricalResponse as TokenUsageHistoricalResponse

def get_concurrency(client: HttpClient) -> ConcurrencyCheck:
    ...

def get_credit_usage(client: HttpClient) -> CreditUsage:
    ...

def get_token_usage(client: HttpClient) -> TokenUsage:
    ...

def get_queue_status(client: HttpClient) -> QueueStatusResponse:
    ...

def get_credit_usage_historical(client: HttpClient, by_api_key: bool=...) -> CreditUsageHistoricalResponse:
    ...

def get_token_usage_historical(client: HttpClient, by_api_key: bool=...) -> TokenUsageHistoricalResponse:
    ...
