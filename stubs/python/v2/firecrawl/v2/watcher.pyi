import asyncio as asyncio
import json as json
import threading as threading
from typing import Callable as Callable, List as List, Optional as Optional, Literal as Literal, Union as Union, Dict as Dict, Any as Any
import websockets as websockets
from .types import CrawlJob as CrawlJob, BatchScrapeJob as BatchScrapeJob, Document as Document
from .utils.normalize import normalize_document_input as normalize_document_input
JobKind = Literal['crawl', 'batch']
JobType = Union[CrawlJob, BatchScrapeJob]

class Watcher:

    def __init__(self, client: object, job_id: str, kind: JobKind=..., poll_interval: int=..., timeout: Optional[int]=...) -> None:
        ...

    def add_listener(self, callback: Callable[[JobType], None]) -> None:
        ...

    def add_event_listener(self, event_type: str, handler: Callable[[Dict[str, Any]], None]) -> None:
        ...

    def dispatch_event(self, event_type: str, detail: Dict[str, Any]) -> None:
        ...

    def start(self) -> None:
        ...

    def stop(self) -> None:
        ...
