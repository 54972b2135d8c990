from typing import Any as Any, Dict as Dict, List as List, Literal as Literal, Optional as Optional, Union as Union
import time as time
from ..types import AgentResponse as AgentResponse, AgentWebhookConfig as AgentWebhookConfig
from ..utils.http_client import HttpClient as HttpClient
from ..utils.error_handler import handle_response_error as handle_response_error
from ..utils.validation import _normalize_schema as _normalize_schema

def start_agent(client: HttpClient, urls: Optional[List[str]], *, prompt: str, schema: Optional[Any]=..., integration: Optional[str]=..., max_credits: Optional[int]=..., strict_constrain_to_urls: Optional[bool]=..., model: Optional[Literal['spark-1-pro', 'spark-1-mini']]=..., webhook: Optional[Union[str, AgentWebhookConfig]]=...) -> AgentResponse:
    ...

def get_agent_status(client: HttpClient, job_id: str) -> AgentResponse:
    ...

def wait_agent(client: HttpClient, job_id: str, *, poll_interval: int=..., timeout: Optional[int]=...) -> AgentResponse:
    ...

def agent(client: HttpClient, urls: Optional[List[str]], *, prompt: str, schema: Optional[Any]=..., integration: Optional[str]=..., poll_interval: int=..., timeout: Optional[int]=..., max_credits: Optional[int]=..., strict_constrain_to_urls: Optional[bool]=..., model: Optional[Literal['spark-1-pro', 'spark-1-mini']]=..., webhook: Optional[Union[str, AgentWebhookConfig]]=...) -> AgentResponse:
    ...

def cancel_agent(client: HttpClient, job_id: str) -> bool:
    ...
