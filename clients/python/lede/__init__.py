"""Lede: a client of the Lede news intelligence API (REST and the realtime feed), standard library only.

    from lede import Lede
    client = Lede()                     # LEDE_API_KEY, LEDE_API_URL
    for story in client.list_stories(limit=5)["stories"]:
        print(story["headline"])
"""

from ._version import __version__
from .client import OPERATIONS, Lede
from .errors import (
    APIConnectionError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    LedeError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    RealtimeError,
    ServerError,
)
from .realtime import Realtime

__all__ = [
    "__version__",
    "Lede",
    "Realtime",
    "OPERATIONS",
    "LedeError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "RateLimitError",
    "ServerError",
    "APIConnectionError",
    "APITimeoutError",
    "RealtimeError",
]
