"""Errors raised by the client. Every one carries the API's ``code``, the HTTP ``status`` and the ``request_id``."""

from typing import Any, Dict, Optional


class LedeError(Exception):
    """An error answer of the API (contract §4), or a failure to reach it (``status`` 0)."""

    def __init__(
        self,
        message: str,
        code: str,
        status: int,
        request_id: Optional[str] = None,
        details: Optional[Dict[str, Any]] = None,
        retry_after: Optional[float] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.request_id = request_id
        self.details: Dict[str, Any] = details or {}
        self.retry_after = retry_after

    def __str__(self) -> str:
        rid = " (request %s)" % self.request_id if self.request_id else ""
        return "%s %s: %s%s" % (self.status, self.code, self.message, rid)

    def __repr__(self) -> str:
        return "%s(code=%r, status=%r, request_id=%r)" % (type(self).__name__, self.code, self.status, self.request_id)


class BadRequestError(LedeError):
    """400: a parameter or the body failed validation (``details.param`` names it)."""


class AuthenticationError(LedeError):
    """401: no key, or a malformed, unknown or revoked one."""


class PermissionDeniedError(LedeError):
    """403: the key lacks the scope, the plan lacks the tier, or the demo key is refused."""


class NotFoundError(LedeError):
    """404: an unknown id or slug (``details.resource``), or an unknown path."""


class RateLimitError(LedeError):
    """429: over the per-minute limit (``rate_limited``) or out of monthly credits (``quota_exhausted``)."""


class ServerError(LedeError):
    """5xx: an unexpected failure, or a dependency that is unavailable (503)."""


class APIConnectionError(LedeError):
    """The server could not be reached, or the connection broke."""


class APITimeoutError(APIConnectionError):
    """The server did not answer within the timeout."""


class RealtimeError(LedeError):
    """An ``error`` message of the live feed; ``close_code`` is set when the server closed the connection after it."""

    def __init__(self, message: str, code: str, close_code: Optional[int] = None) -> None:
        super().__init__(message, code, 0)
        self.close_code = close_code

    def __str__(self) -> str:
        closed = " (closed with %d)" % self.close_code if self.close_code else ""
        return "%s: %s%s" % (self.code, self.message, closed)


_BY_STATUS = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    429: RateLimitError,
}


def error_for_status(status: int) -> type:
    if status in _BY_STATUS:
        return _BY_STATUS[status]
    return ServerError if status >= 500 else LedeError
