import logging as logging
import os as os
from .firecrawl import FirecrawlApp as FirecrawlApp, AsyncFirecrawlApp as AsyncFirecrawlApp, JsonConfig as JsonConfig, ScrapeOptions as ScrapeOptions, ChangeTrackingOptions as ChangeTrackingOptions
__version__: str
logger: logging.Logger = ...

def setup_logging() -> None:
    ...
