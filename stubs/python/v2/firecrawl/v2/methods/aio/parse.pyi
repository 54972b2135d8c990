import asyncio as asyncio
from functools import partial as partial
import json as json
from typing import Optional as Optional, Dict as Dict, Any as Any, Tuple as Tuple
from ...types import Document as Document, ParseOptions as ParseOptions
from ...utils.normalize import normalize_document_input as normalize_document_input
from ...utils.error_handler import handle_response_error as handle_response_error
from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient
from ..parse import ParseFileInput as ParseFileInput, _prepare_file_payload as _prepare_file_payload, _prepare_parse_options_payload as _prepare_parse_options_payload

async def parse(client: AsyncHttpClient, file: ParseFileInput, options: Optional[ParseOptions]=..., *, filename: Optional[str]=..., content_type: Optional[str]=...) -> Document:
    ...
