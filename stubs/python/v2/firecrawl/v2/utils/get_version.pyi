from ..types import *
import os as os
import re as re
from pathlib import Path as Path

def get_version() -> str | Any:
    ...
