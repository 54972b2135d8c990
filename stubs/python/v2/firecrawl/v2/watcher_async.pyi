import asyncio as asyncio
import inspect as inspect
import json as json
import time as time
from typing import AsyncIterator as AsyncIterator, Dict as Dict, List as List, Literal as Literal, Optional as Optional
import websockets as websockets
from websockets.exceptions import ConnectionClosed as ConnectionClosed, ConnectionClosedOK as ConnectionClosedOK, ConnectionClosedError as ConnectionClosedError
from .types import BatchScrapeJob as BatchScrapeJob, CrawlJob as CrawlJob, Document as Document
from .utils.normalize import normalize_document_input as normalize_document_input
JobKind = Literal['crawl', 'batch']

class AsyncWatcher:

    def __init__(self, client: object, job_id: str, *, kind: JobKind=..., poll_interval: int=..., timeout: Optional[int]=...) -> None:
        ...

    def __aiter__(self) -> AsyncIterator[object]:
        ...
