from .client import V1FirecrawlApp as V1FirecrawlApp, AsyncV1FirecrawlApp as AsyncV1FirecrawlApp, V1JsonConfig as V1JsonConfig, V1ScrapeOptions as V1ScrapeOptions, V1ChangeTrackingOptions as V1ChangeTrackingOptions
__all__ = ['V1FirecrawlApp', 'AsyncV1FirecrawlApp', 'V1JsonConfig', 'V1ScrapeOptions', 'V1ChangeTrackingOptions']
