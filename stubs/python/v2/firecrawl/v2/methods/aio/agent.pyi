from typing import Any as Any, Dict as Dict, List as List, Literal as Literal, Optional as Optional, Union as Union
import asyncio as asyncio
from ...types import AgentResponse as AgentResponse, AgentWebhookConfig as AgentWebhookConfig
from ...utils.http_client_async import AsyncHttpClient as AsyncHttpClient
from ...utils.validation import _normalize_schema as _normalize_schema

async def start_agent(client: AsyncHttpClient, urls: Optional[List[str]], *, prompt: str, schema: Optional[Any]=..., integration: Optional[str]=..., max_credits: Optional[int]=..., strict_constrain_to_urls: Optional[bool]=..., model: Optional[Literal['spark-1-pro', 'spark-1-mini']]=..., webhook: Optional[Union[str, AgentWebhookConfig]]=...) -> AgentResponse:
    ...

async def get_agent_status(client: AsyncHttpClient, job_id: str) -> AgentResponse:
    ...

async def wait_agent(client: AsyncHttpClient, job_id: str, *, poll_interval: int=..., timeout: Optional[int]=...) -> AgentResponse:
    ...

async def agent(client: AsyncHttpClient, urls: Optional[List[str]], *, prompt: str, schema: Optional[Any]=..., integration: Optional[str]=..., poll_interval: int=..., timeout: Optional[int]=..., max_credits: Optional[int]=..., strict_constrain_to_urls: Optional[bool]=..., model: Optional[Literal['spark-1-pro', 'spark-1-mini']]=..., webhook: Optional[Union[str, AgentWebhookConfig]]=...) -> AgentResponse:
    ...

async def cancel_agent(client: AsyncHttpClient, job_id: str) -> bool:
    ...
