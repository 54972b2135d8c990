from typing import Dict as Dict, Any as Any, Union as Union, List as List, TypeVar as TypeVar, Type as Type
from ..types import SearchRequest as SearchRequest, SearchData as SearchData, Document as Document, SearchResultWeb as SearchResultWeb, SearchResultNews as SearchResultNews, SearchResultImages as SearchResultImages
from ..utils.normalize import normalize_document_input as normalize_document_input, _map_search_result_keys as _map_search_result_keys
from ..utils import HttpClient as HttpClient, handle_response_error as handle_response_error, validate_scrape_options as validate_scrape_options, prepare_scrape_options as prepare_scrape_options
T = TypeVar('T')

def search(client: HttpClient, request: SearchRequest) -> SearchData:
    ...
