"""A small WebSocket client (RFC 6455) over ``socket`` and ``ssl``, standard library only.

It performs the opening handshake (checking ``Sec-WebSocket-Accept``), masks every frame it sends, reassembles
fragmented messages, answers pings with pongs, and runs the closing handshake. Extensions and subprotocols are not
negotiated.
"""

import base64
import hashlib
import os
import socket
import ssl
import struct
import threading
import time
import urllib.parse
from typing import Dict, List, Mapping, NamedTuple, Optional, Tuple, Union

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

OP_CONTINUATION = 0x0
OP_TEXT = 0x1
OP_BINARY = 0x2
OP_CLOSE = 0x8
OP_PING = 0x9
OP_PONG = 0xA

#: Close codes a peer may not send in a close frame (RFC 6455 §7.4.1).
_RESERVED_CLOSE = {1004, 1005, 1006, 1015}


class WebSocketError(Exception):
    """The handshake failed or the peer broke the protocol."""


class HandshakeError(WebSocketError):
    def __init__(self, message: str, status: Optional[int] = None, body: bytes = b"") -> None:
        super().__init__(message)
        self.status = status
        self.body = body


class ConnectionClosed(WebSocketError):
    """The connection is closed: ``code`` is the peer's close code (1006 when it vanished without a close frame)."""

    def __init__(self, code: int, reason: str = "") -> None:
        super().__init__("connection closed: %d %s" % (code, reason))
        self.code = code
        self.reason = reason


class Message(NamedTuple):
    opcode: int
    data: Union[str, bytes]


def accept_key(key: str) -> str:
    """The ``Sec-WebSocket-Accept`` value a server must answer ``key`` with."""
    return base64.b64encode(hashlib.sha1((key + GUID).encode("ascii")).digest()).decode("ascii")


def mask(payload: bytes, key: bytes) -> bytes:
    """XORs ``payload`` with the 4-byte masking key (RFC 6455 §5.3)."""
    if not payload:
        return payload
    n = len(payload)
    repeated = (key * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(n, "big")


def encode_frame(opcode: int, payload: bytes, fin: bool = True, masking_key: Optional[bytes] = None) -> bytes:
    """One client frame: FIN, opcode, the MASK bit with a fresh random key, the length and the masked payload."""
    key = masking_key if masking_key is not None else os.urandom(4)
    head = bytearray([(0x80 if fin else 0) | opcode])
    n = len(payload)
    if n < 126:
        head.append(0x80 | n)
    elif n < 1 << 16:
        head.append(0x80 | 126)
        head += struct.pack("!H", n)
    else:
        head.append(0x80 | 127)
        head += struct.pack("!Q", n)
    return bytes(head) + key + mask(payload, key)


class WebSocket:
    """One client connection. Not thread-safe for concurrent senders, except ``close`` and ``abort``."""

    def __init__(self, sock: socket.socket, buffered: bytes = b"", max_message_bytes: int = 64 * 1024 * 1024) -> None:
        self.sock = sock
        self._buf = bytearray(buffered)
        self.max_message_bytes = max_message_bytes
        self.closed = False
        self.close_code: Optional[int] = None
        self._close_sent = False
        #: Payload of the last pong frame received.
        self.last_pong = b""
        #: time.monotonic() of the last frame received, control frames included.
        self.last_frame_at = time.monotonic()
        self._send_lock = threading.Lock()
        self._frag_opcode: Optional[int] = None
        self._frag_parts: List[bytes] = []
        self._frag_size = 0

    @classmethod
    def connect(
        cls,
        url: str,
        headers: Optional[Mapping[str, str]] = None,
        timeout: Optional[float] = 10.0,
        ssl_context: Optional[ssl.SSLContext] = None,
    ) -> "WebSocket":
        """Opens ``ws://`` or ``wss://`` ``url`` and completes the opening handshake."""
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("ws", "wss"):
            raise ValueError("a WebSocket URL starts with ws:// or wss://, got %r" % url)
        host = parts.hostname or ""
        port = parts.port or (443 if parts.scheme == "wss" else 80)
        sock = socket.create_connection((host, port), timeout=timeout)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if parts.scheme == "wss":
                context = ssl_context or ssl.create_default_context()
                sock = context.wrap_socket(sock, server_hostname=host)
            key = base64.b64encode(os.urandom(16)).decode("ascii")
            target = (parts.path or "/") + ("?" + parts.query if parts.query else "")
            default_port = port == (443 if parts.scheme == "wss" else 80)
            host_header = host if default_port else "%s:%d" % (host, port)
            if ":" in host and not host.startswith("["):
                host_header = "[%s]" % host if default_port else "[%s]:%d" % (host, port)
            lines = [
                "GET %s HTTP/1.1" % target,
                "Host: %s" % host_header,
                "Upgrade: websocket",
                "Connection: Upgrade",
                "Sec-WebSocket-Key: %s" % key,
                "Sec-WebSocket-Version: 13",
            ]
            lines += ["%s: %s" % (k, v) for k, v in (headers or {}).items()]
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
            status, response_headers, rest = _read_response_head(sock)
            if status != 101:
                raise HandshakeError("the server refused the upgrade with HTTP %d" % status, status, rest)
            if response_headers.get("upgrade", "").lower() != "websocket":
                raise HandshakeError("the response lacks Upgrade: websocket", status)
            if "upgrade" not in [t.strip() for t in response_headers.get("connection", "").lower().split(",")]:
                raise HandshakeError("the response lacks Connection: Upgrade", status)
            if response_headers.get("sec-websocket-accept") != accept_key(key):
                raise HandshakeError("Sec-WebSocket-Accept does not match the key", status)
            if response_headers.get("sec-websocket-extensions"):
                raise HandshakeError("the server chose an extension that was not offered", status)
            sock.settimeout(None)
            return cls(sock, rest)
        except BaseException:
            sock.close()
            raise

    # Sending

    def send_text(self, text: str, fragment_size: Optional[int] = None) -> None:
        """Sends a text message, split into frames of ``fragment_size`` bytes when given."""
        self._send_message(OP_TEXT, text.encode("utf-8"), fragment_size)

    def send_binary(self, data: bytes, fragment_size: Optional[int] = None) -> None:
        self._send_message(OP_BINARY, data, fragment_size)

    def ping(self, payload: bytes = b"") -> None:
        if len(payload) > 125:
            raise ValueError("a control frame carries at most 125 bytes")
        self._send_frame(OP_PING, payload)

    def send_close(self, code: int = 1000, reason: str = "") -> None:
        """Sends a close frame without waiting: the reading side then gets the peer's answer as ConnectionClosed."""
        if not self.closed and not self._close_sent:
            self._send_close(code, reason)

    def close(self, code: int = 1000, reason: str = "", timeout: float = 5.0) -> None:
        """Starts (or completes) the closing handshake and waits up to ``timeout`` for the peer's close frame."""
        if self.closed:
            return
        try:
            if not self._close_sent:
                self._send_close(code, reason)
            while True:
                self.recv(timeout)
        except (ConnectionClosed, OSError, WebSocketError):
            pass
        finally:
            self._finish(self.close_code if self.close_code is not None else code)

    def abort(self) -> None:
        """Drops the connection without a closing handshake (from any thread)."""
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._finish(1006)

    def _send_message(self, opcode: int, payload: bytes, fragment_size: Optional[int]) -> None:
        if not fragment_size or len(payload) <= fragment_size:
            self._send_frame(opcode, payload)
            return
        chunks = [payload[i : i + fragment_size] for i in range(0, len(payload), fragment_size)]
        for i, chunk in enumerate(chunks):
            self._send_frame(opcode if i == 0 else OP_CONTINUATION, chunk, fin=i == len(chunks) - 1)

    def _send_frame(self, opcode: int, payload: bytes, fin: bool = True) -> None:
        if self.closed or (self._close_sent and opcode != OP_CLOSE):
            raise ConnectionClosed(self.close_code or 1006, "the connection is closing")
        frame = encode_frame(opcode, payload, fin)
        with self._send_lock:
            self.sock.sendall(frame)

    def _send_close(self, code: int, reason: str = "") -> None:
        payload = struct.pack("!H", code) + reason.encode("utf-8")[:123] if code else b""
        self._close_sent = True
        try:
            with self._send_lock:
                self.sock.sendall(encode_frame(OP_CLOSE, payload))
        except OSError:
            pass

    # Receiving

    def recv(self, timeout: Optional[float] = None) -> Message:
        """The next data message. Pings are answered, pongs skipped; a close frame raises ``ConnectionClosed``.

        ``timeout`` (seconds) raises ``socket.timeout`` when no whole message arrives in time; nothing read so far is
        lost, so the connection stays usable.
        """
        if self.closed:
            raise ConnectionClosed(self.close_code or 1006)
        self.sock.settimeout(timeout)
        while True:
            fin, op, payload = self._read_frame()
            if op >= 0x8:
                self._control(op, payload)
                continue
            if op == OP_CONTINUATION:
                if self._frag_opcode is None:
                    self._fail(1002, "continuation frame without a message to continue")
            elif op not in (OP_TEXT, OP_BINARY):
                self._fail(1002, "unknown opcode %d" % op)
            elif self._frag_opcode is not None:
                self._fail(1002, "a new message started inside a fragmented one")
            else:
                self._frag_opcode = op
            self._frag_size += len(payload)
            if self._frag_size > self.max_message_bytes:
                self._fail(1009, "message over %d bytes" % self.max_message_bytes)
            self._frag_parts.append(payload)
            if not fin:
                continue
            opcode, data = self._frag_opcode, b"".join(self._frag_parts)
            self._frag_opcode, self._frag_parts, self._frag_size = None, [], 0
            if opcode == OP_BINARY:
                return Message(OP_BINARY, data)
            try:
                return Message(OP_TEXT, data.decode("utf-8"))
            except UnicodeDecodeError:
                self._fail(1007, "text message is not valid UTF-8")

    def _control(self, op: int, payload: bytes) -> None:
        if op == OP_PING:
            if not self._close_sent:
                self._send_frame(OP_PONG, payload)
        elif op == OP_CLOSE:
            code, reason = 1005, ""
            if len(payload) == 1:
                self._fail(1002, "close frame with a one-byte payload")
            if len(payload) >= 2:
                code = struct.unpack("!H", payload[:2])[0]
                reason = payload[2:].decode("utf-8", "replace")
                if code < 1000 or code in _RESERVED_CLOSE or 1016 <= code < 3000:
                    self._fail(1002, "invalid close code %d" % code)
            self.close_code = code
            if not self._close_sent:
                self._send_close(1000 if code == 1005 else code)
            self._finish(code)
            raise ConnectionClosed(code, reason)
        elif op == OP_PONG:
            self.last_pong = payload
        else:
            self._fail(1002, "unknown control opcode %d" % op)

    def _read_frame(self) -> Tuple[bool, int, bytes]:
        """One whole frame. Bytes are consumed only once the frame is complete, so a timeout loses nothing."""
        self._fill(2)
        b0, b1 = self._buf[0], self._buf[1]
        fin, rsv, op = bool(b0 & 0x80), b0 & 0x70, b0 & 0x0F
        if rsv:
            self._fail(1002, "reserved bits set without an extension")
        if b1 & 0x80:
            self._fail(1002, "the server masked a frame")
        n, offset = b1 & 0x7F, 2
        if n == 126:
            self._fill(4)
            n, offset = struct.unpack("!H", self._buf[2:4])[0], 4
        elif n == 127:
            self._fill(10)
            n, offset = struct.unpack("!Q", self._buf[2:10])[0], 10
        if op >= 0x8 and (n > 125 or not fin):
            self._fail(1002, "control frames are at most 125 bytes and never fragmented")
        if n > self.max_message_bytes:
            self._fail(1009, "frame over %d bytes" % self.max_message_bytes)
        self._fill(offset + n)
        self.last_frame_at = time.monotonic()
        payload = bytes(self._buf[offset : offset + n])
        del self._buf[: offset + n]
        return fin, op, payload

    def _fill(self, n: int) -> None:
        while len(self._buf) < n:
            try:
                chunk = self.sock.recv(max(65536, n - len(self._buf)))
            except socket.timeout:
                raise
            except OSError as e:
                self._finish(1006)
                raise ConnectionClosed(1006, str(e)) from e
            if not chunk:
                self._finish(1006)
                raise ConnectionClosed(1006, "the connection was lost")
            self._buf += chunk

    def _fail(self, code: int, reason: str) -> None:
        """Fails the connection (RFC 6455 §7.1.7): a close frame with ``code``, then the socket is dropped."""
        if not self._close_sent:
            self._send_close(code, reason)
        self._finish(code)
        raise WebSocketError("%s (closed with %d)" % (reason, code))

    def _finish(self, code: int) -> None:
        if self.close_code is None:
            self.close_code = code
        if not self.closed:
            self.closed = True
            try:
                self.sock.close()
            except OSError:
                pass


def _read_response_head(sock: socket.socket) -> Tuple[int, Dict[str, str], bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise HandshakeError("the connection closed during the handshake")
        data += chunk
        if len(data) > 65536:
            raise HandshakeError("the handshake response is too large")
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    try:
        status = int(lines[0].split(" ", 2)[1])
    except (IndexError, ValueError) as e:
        raise HandshakeError("malformed status line %r" % lines[0]) from e
    headers: Dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, rest
