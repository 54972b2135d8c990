from typing import Optional as Optional, Dict as Dict, Any as Any
from ..types import MapOptions as MapOptions, MapData as MapData, LinkResult as LinkResult
from ..utils import HttpClient as HttpClient, handle_response_error as handle_response_error

def map(client: HttpClient, url: str, options: Optional[MapOptions]=...) -> MapData:
    ...
