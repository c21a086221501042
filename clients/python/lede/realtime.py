"""The realtime client of /ws: typed filters, handlers or an iterator, reconnect with backoff, resume by event id."""

import json
import os
import random
import socket
import threading
import time
import urllib.parse
from typing import Any, Callable, Dict, Iterator, List, Optional, cast

from . import realtime_types as rt
from .client import DEFAULT_BASE_URL
from .errors import RealtimeError
from .websocket import ConnectionClosed, WebSocket, WebSocketError

Handler = Callable[[Dict[str, Any]], None]

#: Close codes after which reconnecting cannot help (contract §8.6).
FATAL_CLOSE_CODES = {4001: "authentication failed", 4003: "forbidden", 1009: "message too large"}
#: Answers to a subscribe that mean the subscription was not applied.
SUBSCRIBE_ERRORS = {"invalid_filter", "tier_required", "invalid_message", "rate_limited"}
CONTROL_TYPES = {"subscribed", "error", "pong"}


def feed_url(base_url: str) -> str:
    """``{ws_url}/ws`` for an http(s) base URL (contract §2)."""
    parts = urllib.parse.urlsplit(base_url)
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    return urllib.parse.urlunsplit((scheme, parts.netloc, parts.path.rstrip("/") + "/ws", "", ""))


class Realtime:
    """A connection to the live feed that survives disconnects.

    ``filters`` (a ``SubscribeFilters`` dict) is sent as the subscription on every (re)connect; the last event id
    seen is passed as ``since_id`` so the server first replays what was missed (at most 1,000 events). Events come
    from ``events()`` (an iterator) or from handlers registered with ``on(type, fn)``, called from ``run()`` or while
    iterating. Reconnects wait 1 s × 2^attempt, at most 30 s, plus 0–25 % jitter (at least 30 s after 4029).
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        filters: Optional[rt.SubscribeFilters] = None,
        *,
        since_id: Optional[int] = None,
        reconnect: bool = True,
        max_reconnect_attempts: Optional[int] = None,
        backoff_base: float = 1.0,
        backoff_max: float = 30.0,
        ping_interval: float = 30.0,
        connect_timeout: float = 10.0,
        auth: str = "query",
    ) -> None:
        self.api_key = api_key if api_key is not None else os.environ.get("LEDE_API_KEY")
        self.base_url = (base_url or os.environ.get("LEDE_API_URL") or DEFAULT_BASE_URL).rstrip("/")
        self.filters: Optional[rt.SubscribeFilters] = filters
        self.last_event_id: Optional[int] = since_id
        self.reconnect = reconnect
        self.max_reconnect_attempts = max_reconnect_attempts
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.ping_interval = ping_interval
        self.connect_timeout = connect_timeout
        if auth not in ("query", "header"):
            raise ValueError("auth is 'query' (?token=) or 'header' (Authorization: Bearer)")
        self.auth = auth
        #: The server's last ``subscribed`` answer (the normalised filters).
        self.subscription: Optional[rt.SubscribedMessage] = None
        #: How many times the connection was re-established.
        self.reconnects = 0
        self._handlers: Dict[str, List[Handler]] = {}
        self._ws: Optional[WebSocket] = None
        self._closing = False
        self._attempt = 0
        self._last_close: Optional[int] = None
        self._last_error: Optional[rt.ErrorMessage] = None
        # A subscribe error that came before any `subscribed` on this connection: it may be the refusal of the
        # connection itself, which a close code follows at once; raised only if no close comes.
        self._pending_error: Optional[Dict[str, Any]] = None
        self._pending_until = 0.0
        self._confirmed = False
        self._reading = False
        self._ping_sent_at = 0.0

    # Configuration

    def on(self, kind: str, handler: Handler) -> "Realtime":
        """Calls ``handler(message)`` for an event type (``"item.new"``…), ``"*"`` (every event), ``"subscribed"``,
        ``"error"``, ``"open"``, ``"reconnect"`` or ``"close"``. Registering an ``"error"`` handler stops subscribe
        errors from being raised."""
        self._handlers.setdefault(kind, []).append(handler)
        return self

    def subscribe(self, filters: Optional[rt.SubscribeFilters] = None) -> None:
        """Replaces the subscription; sent now when connected, and on every reconnect."""
        self.filters = filters
        ws = self._ws
        if ws is not None and not ws.closed:
            self._send_subscribe(ws)

    @property
    def connected(self) -> bool:
        return self._ws is not None and not self._ws.closed

    # Running

    def events(self, idle_timeout: Optional[float] = None) -> Iterator[rt.EventMessage]:
        """Yields events (connecting, re-subscribing and resuming as needed) until ``close()``, a close that rules
        out reconnecting, or ``idle_timeout`` seconds without an event."""
        idle_since = time.monotonic()
        while not self._closing:
            ws = self._ws if self._ws is not None and not self._ws.closed else self._connect()
            if ws is None:
                return
            if idle_timeout is not None and time.monotonic() - idle_since > idle_timeout:
                return
            if self._pending_error is not None and time.monotonic() >= self._pending_until:
                error, self._pending_error = self._pending_error, None
                raise RealtimeError(str(error.get("error")), str(error.get("code")))
            wait = self._next_wait(ws, idle_since, idle_timeout)
            if self._pending_error is not None:
                wait = min(wait, max(0.01, self._pending_until - time.monotonic()))
            try:
                self._reading = True
                message = ws.recv(timeout=wait)
            except socket.timeout:
                self._heartbeat(ws)
                continue
            except ConnectionClosed as e:
                self._closed(e.code, e.reason)
                continue
            except (WebSocketError, OSError) as e:
                ws.abort()
                self._closed(1006, str(e))
                continue
            finally:
                self._reading = False
            if not isinstance(message.data, str):
                continue
            event = self._handle(json.loads(message.data))
            if event is not None:
                idle_since = time.monotonic()
                yield event

    def run(self) -> None:
        """Dispatches to the handlers until ``close()`` (or a close that rules out reconnecting)."""
        for _ in self.events():
            pass

    def close(self) -> None:
        """Closes the connection (code 1000) and stops ``events()``/``run()``; safe from another thread."""
        self._closing = True
        ws, self._ws = self._ws, None
        if ws is None:
            return
        if not self._reading:
            ws.close(1000)
            return
        ws.send_close(1000)
        # The reader blocked in recv() gets the server's close frame; without one, give up after a moment.
        timer = threading.Timer(2.0, ws.abort)
        timer.daemon = True
        timer.start()

    def __enter__(self) -> "Realtime":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # Internals

    def _url(self) -> str:
        query: Dict[str, str] = {}
        if self.auth == "query" and self.api_key:
            query["token"] = self.api_key
        if self.last_event_id is not None:
            query["since_id"] = str(self.last_event_id)
        url = feed_url(self.base_url)
        return url + ("?" + urllib.parse.urlencode(query) if query else "")

    def _connect(self) -> Optional[WebSocket]:
        """Connects (with backoff after a failure) and subscribes; None once closing or out of attempts."""
        while not self._closing:
            if self._attempt > 0 or self._last_close is not None:
                if not self.reconnect:
                    return None
                if self.max_reconnect_attempts is not None and self._attempt >= self.max_reconnect_attempts:
                    raise RealtimeError("gave up after %d reconnect attempts" % self._attempt, "reconnect_failed")
                time.sleep(self._backoff())
            self._attempt += 1
            headers = {"Authorization": "Bearer " + self.api_key} if self.auth == "header" and self.api_key else {}
            try:
                ws = WebSocket.connect(self._url(), headers=headers, timeout=self.connect_timeout)
            except (OSError, WebSocketError):
                self._last_close = 1006
                continue
            reconnecting = self._last_close is not None
            self._ws = ws
            self._last_error = None
            self._pending_error = None
            self._confirmed = False
            self._ping_sent_at = time.monotonic()
            self._send_subscribe(ws)
            self._dispatch("open", {"type": "open", "url": feed_url(self.base_url)})
            if reconnecting:
                self.reconnects += 1
                self._dispatch("reconnect", {"type": "reconnect", "since_id": self.last_event_id})
            return ws
        return None

    def _send_subscribe(self, ws: WebSocket) -> None:
        message: Dict[str, Any] = {"type": "subscribe"}
        if self.filters is not None:
            message["filters"] = self.filters
        try:
            ws.send_text(json.dumps(message, separators=(",", ":")))
        except (OSError, WebSocketError):
            pass  # the reader sees the broken connection and reconnects

    def _backoff(self) -> float:
        delay = min(self.backoff_max, self.backoff_base * (2 ** max(self._attempt - 1, 0)))
        if self._last_close == 4029:
            delay = max(delay, 30.0)
        return delay + random.uniform(0, delay * 0.25)

    def _next_wait(self, ws: WebSocket, idle_since: float, idle_timeout: Optional[float]) -> float:
        now = time.monotonic()
        wait = max(0.05, self._ping_sent_at + self.ping_interval - now)
        if idle_timeout is not None:
            wait = min(wait, max(0.05, idle_since + idle_timeout - now))
        return wait

    def _heartbeat(self, ws: WebSocket) -> None:
        now = time.monotonic()
        if now - ws.last_frame_at > 3 * self.ping_interval:
            # Nothing at all from the server, not even its own pings: the connection is dead.
            ws.abort()
            self._closed(1006, "no frame from the server")
            return
        if now - self._ping_sent_at >= self.ping_interval:
            self._ping_sent_at = now
            try:
                ws.ping()
            except (OSError, WebSocketError):
                pass

    def _handle(self, message: Dict[str, Any]) -> Optional[rt.EventMessage]:
        kind = message.get("type")
        if kind == "subscribed":
            self.subscription = cast(rt.SubscribedMessage, message)
            self._confirmed = True
            self._pending_error = None
            self._attempt = 0
            self._last_close = None
            self._dispatch("subscribed", message)
            return None
        if kind == "error":
            self._last_error = cast(rt.ErrorMessage, message)
            if self._handlers.get("error"):
                self._dispatch("error", message)
            elif message.get("code") in SUBSCRIBE_ERRORS:
                if self._confirmed:
                    raise RealtimeError(str(message.get("error")), str(message.get("code")))
                self._pending_error, self._pending_until = dict(message), time.monotonic() + 1.0
            return None
        if kind in CONTROL_TYPES:
            return None
        event_id = message.get("id")
        if isinstance(event_id, int):
            # A resume may overlap what was already seen: never deliver an event twice.
            if self.last_event_id is not None and event_id <= self.last_event_id:
                return None
            self.last_event_id = event_id
        self._dispatch(str(kind), message)
        self._dispatch("*", message)
        return cast(rt.EventMessage, message)

    def _closed(self, code: int, reason: str) -> None:
        self._ws = None
        self._pending_error = None
        self._last_close = code
        self._dispatch("close", {"type": "close", "code": code, "reason": reason})
        if self._closing:
            return
        if code in FATAL_CLOSE_CODES or code == 1000:
            self._closing = True
            if code == 1000:
                return
            error = self._last_error
            raise RealtimeError(
                str(error.get("error")) if error else FATAL_CLOSE_CODES[code],
                str(error.get("code")) if error else "closed",
                close_code=code,
            )

    def _dispatch(self, kind: str, message: Dict[str, Any]) -> None:
        for handler in self._handlers.get(kind, []):
            handler(message)
