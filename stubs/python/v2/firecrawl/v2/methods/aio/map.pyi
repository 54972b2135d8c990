from typing import Optional as Optional, Dict as Dict, Any as Any
from ...types import MapOptions as MapOptions, MapData as MapData, LinkResult as LinkResult
from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient
from ...utils.error_handler import handle_response_error as handle_response_error

async def map(client: AsyncHttpClient, url: str, options: Optional[MapOptions]=...) -> MapData:
    ...
