from .http_client import HttpClient as HttpClient
from .error_handler import FirecrawlError as FirecrawlError, handle_response_error as handle_response_error
from .validation import validate_scrape_options as validate_scrape_options, prepare_scrape_options as prepare_scrape_options
__all__ = ['HttpClient', 'FirecrawlError', 'handle_response_error', 'validate_scrape_options', 'prepare_scrape_options']
