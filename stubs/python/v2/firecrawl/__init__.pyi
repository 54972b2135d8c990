import logging as logging
import os as os
from .client import Firecrawl as Firecrawl, AsyncFirecrawl as AsyncFirecrawl, FirecrawlApp as FirecrawlApp, AsyncFirecrawlApp as AsyncFirecrawlApp
from .v2.watcher import Watcher as Watcher
from .v2.watcher_async import AsyncWatcher as AsyncWatcher
from .v1 import V1FirecrawlApp as V1FirecrawlApp, AsyncV1FirecrawlApp as AsyncV1FirecrawlApp, V1JsonConfig as V1JsonConfig, V1ScrapeOptions as V1ScrapeOptions, V1ChangeTrackingOptions as V1ChangeTrackingOptions
__version__: str
logger: logging.Logger = ...

def setup_logging() -> None:
    ...
__all__ = ['Firecrawl', 'AsyncFirecrawl', 'FirecrawlApp', 'AsyncFirecrawlApp', 'Watcher', 'AsyncWatcher', 'V1FirecrawlApp', 'AsyncV1FirecrawlApp', 'V1JsonConfig', 'V1ScrapeOptions', 'V1ChangeTrackingOptions']
