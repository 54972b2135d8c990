from typing import Any as Any, Dict as Dict, List as List
from ..types import DocumentMetadata as DocumentMetadata

def normalize_document_input(doc: Dict[str, Any]) -> Dict[str, Any]:
    ...
