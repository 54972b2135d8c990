import json as json
import mimetypes as mimetypes
from pathlib import Path as Path
from typing import Optional as Optional, Dict as Dict, Any as Any, BinaryIO as BinaryIO, Union as Union, Tuple as Tuple
from ..types import Document as Document, ParseOptions as ParseOptions
from ..utils.normalize import normalize_document_input as normalize_document_input
from ..utils import HttpClient as HttpClient, handle_response_error as handle_response_error, prepare_scrape_options as prepare_scrape_options, validate_scrape_options as validate_scrape_options
from ..utils.get_version import get_version as get_version
version = ...
ParseFileInput = Union[str, bytes, bytearray, Path, BinaryIO]
UNSUPPORTED_PARSE_FORMATS = ...

def parse(client: HttpClient, file: ParseFileInput, options: Optional[ParseOptions]=..., *, filename: Optional[str]=..., content_type: Optional[str]=...) -> Document:
    ...
