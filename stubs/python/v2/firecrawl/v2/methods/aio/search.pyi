from typing import Dict as Dict, Any as Any, Union as Union, List as List, TypeVar as TypeVar, Type as Type
from ...types import SearchRequest as SearchRequest, SearchData as SearchData, Document as Document, SearchResultWeb as SearchResultWeb, SearchResultNews as SearchResultNews, SearchResultImages as SearchResultImages
from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient
from ...utils.error_handler import handle_response_error as handle_response_error
from ...utils.normalize import normalize_document_input as normalize_document_input
from ...utils.validation import validate_scrape_options as validate_scrape_options, prepare_scrape_options as prepare_scrape_options
T = TypeVar('T')

async def search(client: AsyncHttpClient, request: SearchRequest) -> SearchData:
    ...
