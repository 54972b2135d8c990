from .client import FirecrawlClient as FirecrawlClient
from .client_async import AsyncFirecrawlClient as AsyncFirecrawlClient
__all__ = ['FirecrawlClient', 'AsyncFirecrawlClient']
