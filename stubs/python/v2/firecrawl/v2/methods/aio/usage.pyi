from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient
from ...utils.error_handler import handle_response_error as handle_response_error
from ...types import ConcurrencyCheck as ConcurrencyCheck, CreditUsage as CreditUsage, TokenUsage as TokenUsage, CreditUsageHistoricalResponse as CreditUsageHistoricalResponse, TokenUsageHistoricalResponse as TokenUsageHistoricalResponse, QueueStatusResponse as QueueStatusResponse

async def get_concurrency(client: AsyncHttpClient) -> ConcurrencyCheck:
    ...

async def get_credit_usage(client: AsyncHttpClient) -> CreditUsage:
    ...

async def get_token_usage(client: AsyncHttpClient) -> TokenUsage:
    ...

async def get_queue_status(client: AsyncHttpClient) -> QueueStatusResponse:
    ...

async def get_credit_usage_historical(client: AsyncHttpClient, by_api_key: bool=...) -> CreditUsageHistoricalResponse:
    ...

async def get_token_usage_historical(client: AsyncHttpClient, by_api_key: bool=...) -> TokenUsageHistoricalResponse:
    ...
