from typing import Optional as Optional, Dict as Dict, Any as Any, List as List
from ..types import ScrapeOptions as ScrapeOptions, ScrapeFormats as ScrapeFormats

def normalize_schema_for_openai(schema: Any) -> Any:
    ...

def validate_schema_for_openai(schema: Any) -> bool:
    ...
OPENAI_SCHEMA_ERROR_MESSAGE = "Schema contains invalid structure for OpenAI: object type with no 'properties' defined but 'additionalProperties: true' (schema-less dictionary not supported by OpenAI). Please define specific properties for your object. Note: Recursive schemas using '$ref' are supported."

def resolve_refs(obj: Any, defs: Dict[str, Any], visited: Optional[set]=..., depth: int=...) -> Any:
    ...

def detect_recursive_schema(schema: Any) -> bool:
    ...

def select_model_for_schema(schema: Any=...) -> Dict[str, str]:
    ...

def validate_scrape_options(options: Optional[ScrapeOptions]) -> Optional[ScrapeOptions]:
    ...

def prepare_scrape_options(options: Optional[ScrapeOptions]) -> Optional[Dict[str, Any]]:
    ...
