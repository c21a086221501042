"""The REST transport: urllib, JSON, timeouts, retries with backoff on 429/503 honouring Retry-After."""

import email.utils
import json
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, Mapping, Optional, Tuple

from ._version import __version__
from .errors import APIConnectionError, APITimeoutError, LedeError, error_for_status

RETRY_STATUSES = (429, 503)


def encode_query(params: Mapping[str, Any]) -> str:
    """Query string of contract §2: lists comma-joined, booleans ``true``/``false``, ``None`` left out."""
    pairs = []
    for key, value in params.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        pairs.append((key, str(value)))
    return urllib.parse.urlencode(pairs)


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """Seconds to wait from a Retry-After header: delta-seconds or an HTTP-date."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


class Transport:
    def __init__(
        self,
        base_url: str,
        api_key: Optional[str],
        timeout: float,
        max_retries: int,
        backoff_base: float = 0.5,
        backoff_max: float = 30.0,
        max_retry_wait: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.max_retry_wait = max_retry_wait
        self.sleep = sleep
        self.user_agent = "lede-python/%s" % __version__
        #: Headers of the last response (rate-limit and credit headers, X-Request-Id).
        self.last_headers: Dict[str, str] = {}

    def request(
        self,
        method: str,
        path: str,
        query: Optional[Mapping[str, Any]] = None,
        body: Optional[Mapping[str, Any]] = None,
        auth: bool = True,
    ) -> Any:
        url = self.base_url + path
        qs = encode_query(query or {})
        if qs:
            url += "?" + qs
        data = json.dumps(body, separators=(",", ":")).encode("utf-8") if body is not None else None
        headers = {"Accept": "application/json", "User-Agent": self.user_agent}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if auth and self.api_key:
            headers["Authorization"] = "Bearer " + self.api_key
        attempt = 0
        while True:
            try:
                status, response_headers, raw = self._send(method, url, data, headers)
            except APIConnectionError:
                if attempt >= self.max_retries:
                    raise
                self.sleep(self._backoff(attempt))
                attempt += 1
                continue
            self.last_headers = response_headers
            if 200 <= status < 300:
                return json.loads(raw.decode("utf-8")) if raw else None
            error = self._error(status, response_headers, raw)
            wait = self._retry_wait(error, attempt)
            if wait is None:
                raise error
            self.sleep(wait)
            attempt += 1

    def _send(
        self, method: str, url: str, data: Optional[bytes], headers: Dict[str, str]
    ) -> Tuple[int, Dict[str, str], bytes]:
        req = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as res:  # noqa: S310 (configured base URL)
                return res.status, dict(res.headers.items()), res.read()
        except urllib.error.HTTPError as e:
            with e:
                return e.code, dict(e.headers.items()), e.read()
        except (socket.timeout, TimeoutError) as e:
            raise APITimeoutError("no answer within %.1f s" % self.timeout, "timeout", 0) from e
        except urllib.error.URLError as e:
            if isinstance(e.reason, (socket.timeout, TimeoutError)):
                raise APITimeoutError("no answer within %.1f s" % self.timeout, "timeout", 0) from e
            raise APIConnectionError("could not reach %s: %s" % (self.base_url, e.reason), "connection_error", 0) from e
        except (ConnectionError, OSError) as e:
            raise APIConnectionError("connection to %s failed: %s" % (self.base_url, e), "connection_error", 0) from e

    def _error(self, status: int, headers: Dict[str, str], raw: bytes) -> LedeError:
        header_id = _header(headers, "X-Request-Id")
        retry_after = parse_retry_after(_header(headers, "Retry-After"))
        try:
            err = json.loads(raw.decode("utf-8"))["error"]
            code, message = str(err["code"]), str(err.get("message", ""))
            request_id, details = err.get("request_id") or header_id, err.get("details")
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            code, message, request_id, details = "http_%d" % status, raw[:200].decode("utf-8", "replace"), header_id, None
        cls = error_for_status(status)
        return cls(message, code, status, request_id, details, retry_after)

    def _retry_wait(self, error: LedeError, attempt: int) -> Optional[float]:
        """How long to wait before retrying, or None to give up (not retryable, out of attempts, or too long)."""
        if error.status not in RETRY_STATUSES or attempt >= self.max_retries:
            return None
        if error.retry_after is not None:
            # quota_exhausted asks to wait until the next billing month: not worth blocking for.
            return error.retry_after if error.retry_after <= self.max_retry_wait else None
        return self._backoff(attempt)

    def _backoff(self, attempt: int) -> float:
        delay = min(self.backoff_max, self.backoff_base * (2**attempt))
        return delay + random.uniform(0, delay * 0.25)


def _header(headers: Mapping[str, str], name: str) -> Optional[str]:
    lower = name.lower()
    for key, value in headers.items():
        if key.lower() == lower:
            return value
    return None
