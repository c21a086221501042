"""The WebSocket client (RFC 6455) against the real server (whose `ws` library is a conformant peer) and against a
scripted peer on loopback for what the server never does (fragmented sends, interleaved pings, bad handshakes)."""

import base64
import hashlib
import json
import socket
import struct
import threading
import unittest
from typing import Callable, List, Tuple

from lede.websocket import (
    OP_BINARY,
    OP_TEXT,
    ConnectionClosed,
    HandshakeError,
    WebSocket,
    WebSocketError,
    accept_key,
    encode_frame,
    mask,
)

from . import support

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class FramingTest(unittest.TestCase):
    def test_accept_key_is_the_rfc_example(self) -> None:
        # RFC 6455 §1.3.
        self.assertEqual(accept_key("dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")

    def test_client_frames_are_masked_with_every_length_form(self) -> None:
        for size in (0, 5, 125, 126, 65535, 65536):
            payload = bytes(range(256)) * (size // 256) + bytes(range(size % 256))
            frame = encode_frame(OP_BINARY, payload, masking_key=b"\x01\x02\x03\x04")
            self.assertEqual(frame[0], 0x80 | OP_BINARY)
            self.assertTrue(frame[1] & 0x80, "the MASK bit is set")
            n = frame[1] & 0x7F
            offset = 2 if n < 126 else 4 if n == 126 else 10
            length = n if n < 126 else struct.unpack("!H" if n == 126 else "!Q", frame[2:offset])[0]
            self.assertEqual(length, size)
            self.assertEqual(frame[offset : offset + 4], b"\x01\x02\x03\x04")
            self.assertEqual(mask(frame[offset + 4 :], b"\x01\x02\x03\x04"), payload)

    def test_masking_keys_are_fresh_per_frame(self) -> None:
        keys = {encode_frame(OP_TEXT, b"x")[2:6] for _ in range(50)}
        self.assertGreater(len(keys), 45)


class ScriptedPeer:
    """A one-connection WebSocket server on loopback that runs `script(conn, frames_in)` after the handshake."""

    def __init__(self, script: Callable[[socket.socket, "ScriptedPeer"], None], accept: str = "") -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.url = "ws://127.0.0.1:%d/feed" % self.listener.getsockname()[1]
        self.request = b""
        self.received: List[Tuple[int, bool, bytes, bytes]] = []
        self.script = script
        self.accept = accept
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        conn, _ = self.listener.accept()
        with conn:
            while b"\r\n\r\n" not in self.request:
                self.request += conn.recv(4096)
            key = [
                line.split(b":", 1)[1].strip().decode()
                for line in self.request.split(b"\r\n")
                if line.lower().startswith(b"sec-websocket-key:")
            ][0]
            accept = self.accept or base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
            conn.sendall(
                (
                    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    "Sec-WebSocket-Accept: %s\r\n\r\n" % accept
                ).encode()
            )
            try:
                self.script(conn, self)
            except OSError:
                pass
        self.listener.close()

    def read_frame(self, conn: socket.socket) -> Tuple[int, bool, bytes]:
        """Reads one client frame, records its masking key, returns (opcode, fin, unmasked payload)."""
        head = _recv_exact(conn, 2)
        n = head[1] & 0x7F
        if n == 126:
            n = struct.unpack("!H", _recv_exact(conn, 2))[0]
        elif n == 127:
            n = struct.unpack("!Q", _recv_exact(conn, 8))[0]
        masked = bool(head[1] & 0x80)
        key = _recv_exact(conn, 4) if masked else b""
        payload = _recv_exact(conn, n)
        data = mask(payload, key) if masked else payload
        self.received.append((head[0] & 0x0F, bool(head[0] & 0x80), key, data))
        return head[0] & 0x0F, bool(head[0] & 0x80), data


def _recv_exact(conn: socket.socket, n: int) -> bytes:
    out = b""
    while len(out) < n:
        chunk = conn.recv(n - len(out))
        if not chunk:
            raise OSError("closed")
        out += chunk
    return out


def server_frame(opcode: int, payload: bytes, fin: bool = True) -> bytes:
    n = len(payload)
    head = bytes([(0x80 if fin else 0) | opcode])
    if n < 126:
        head += bytes([n])
    elif n < 65536:
        head += bytes([126]) + struct.pack("!H", n)
    else:
        head += bytes([127]) + struct.pack("!Q", n)
    return head + payload


class ScriptedPeerTest(unittest.TestCase):
    def test_reassembles_fragments_around_an_interleaved_ping_and_answers_it(self) -> None:
        def script(conn: socket.socket, peer: ScriptedPeer) -> None:
            conn.sendall(server_frame(OP_TEXT, "héllo, ".encode()[:3], fin=False))
            conn.sendall(server_frame(0x9, b"are you there"))
            conn.sendall(server_frame(0x0, "héllo, ".encode()[3:], fin=False))
            conn.sendall(server_frame(0x0, "wörld".encode(), fin=True))
            peer.read_frame(conn)  # the pong
            conn.sendall(server_frame(OP_BINARY, bytes(70000)))
            peer.read_frame(conn)  # the client's close
            conn.sendall(server_frame(0x8, struct.pack("!H", 1000)))

        peer = ScriptedPeer(script)
        ws = WebSocket.connect(peer.url)
        message = ws.recv(timeout=5)
        self.assertEqual((message.opcode, message.data), (OP_TEXT, "héllo, wörld"))
        big = ws.recv(timeout=5)
        self.assertEqual((big.opcode, len(big.data)), (OP_BINARY, 70000))
        ws.close()
        peer.thread.join(5)
        pong = peer.received[0]
        self.assertEqual((pong[0], pong[3]), (0xA, b"are you there"))
        self.assertEqual(len(pong[2]), 4, "the pong is masked")
        close = peer.received[1]
        self.assertEqual((close[0], struct.unpack("!H", close[3][:2])[0]), (0x8, 1000))
        self.assertEqual(ws.close_code, 1000)
        request = peer.request.decode()
        self.assertIn("GET /feed HTTP/1.1", request)
        self.assertIn("Sec-WebSocket-Version: 13", request)

    def test_sends_fragmented_messages_as_continuation_frames(self) -> None:
        frames: List[Tuple[int, bool, bytes]] = []

        def script(conn: socket.socket, peer: ScriptedPeer) -> None:
            while True:
                op, fin, data = peer.read_frame(conn)
                frames.append((op, fin, data))
                if op == 0x8:
                    conn.sendall(server_frame(0x8, data[:2]))
                    return

        peer = ScriptedPeer(script)
        ws = WebSocket.connect(peer.url)
        ws.send_text("abcdefghij", fragment_size=4)
        ws.close(1000)
        peer.thread.join(5)
        self.assertEqual(frames[:3], [(OP_TEXT, False, b"abcd"), (0x0, False, b"efgh"), (0x0, True, b"ij")])

    def test_server_close_code_and_reason_are_reported_and_echoed(self) -> None:
        def script(conn: socket.socket, peer: ScriptedPeer) -> None:
            conn.sendall(server_frame(0x8, struct.pack("!H", 4001) + b"bad key"))
            peer.read_frame(conn)

        peer = ScriptedPeer(script)
        ws = WebSocket.connect(peer.url)
        with self.assertRaises(ConnectionClosed) as caught:
            ws.recv(timeout=5)
        self.assertEqual((caught.exception.code, caught.exception.reason), (4001, "bad key"))
        peer.thread.join(5)
        self.assertEqual(struct.unpack("!H", peer.received[0][3][:2])[0], 4001)

    def test_a_masked_server_frame_fails_the_connection_with_1002(self) -> None:
        def script(conn: socket.socket, peer: ScriptedPeer) -> None:
            conn.sendall(bytes([0x81, 0x80 | 1]) + b"\x00\x00\x00\x00" + b"x")
            peer.read_frame(conn)

        peer = ScriptedPeer(script)
        ws = WebSocket.connect(peer.url)
        with self.assertRaises(WebSocketError):
            ws.recv(timeout=5)
        peer.thread.join(5)
        self.assertEqual(struct.unpack("!H", peer.received[0][3][:2])[0], 1002)

    def test_a_wrong_accept_key_fails_the_handshake(self) -> None:
        peer = ScriptedPeer(lambda conn, p: None, accept="d3Jvbmc=")
        with self.assertRaises(HandshakeError):
            WebSocket.connect(peer.url)

    def test_a_timeout_mid_frame_loses_nothing(self) -> None:
        gate = threading.Event()

        def script(conn: socket.socket, peer: ScriptedPeer) -> None:
            frame = server_frame(OP_TEXT, b"split across a timeout")
            conn.sendall(frame[:5])
            gate.wait(5)
            conn.sendall(frame[5:])
            peer.read_frame(conn)

        peer = ScriptedPeer(script)
        ws = WebSocket.connect(peer.url)
        with self.assertRaises(socket.timeout):
            ws.recv(timeout=0.2)
        gate.set()
        self.assertEqual(ws.recv(timeout=5).data, "split across a timeout")
        ws.close()


class RealServerTest(unittest.TestCase):
    def setUp(self) -> None:
        self.srv = support.server()
        self.url = self.srv.base_url.replace("http", "ws") + "/ws?token=" + self.srv.keys["starter"]

    def test_ping_frames_json_ping_and_a_fragmented_subscribe(self) -> None:
        ws = WebSocket.connect(self.url)
        ws.ping(b"lede-ping")
        ws.send_text(json.dumps({"type": "ping"}))
        pong = json.loads(ws.recv(timeout=5).data)
        self.assertEqual(pong["type"], "pong")
        self.assertEqual(ws.last_pong, b"lede-ping")
        subscribe = json.dumps({"type": "subscribe", "filters": {"topics": ["stories"], "keywords": ["x" * 40]}})
        ws.send_text(subscribe, fragment_size=16)
        reply = json.loads(ws.recv(timeout=5).data)
        self.assertEqual(reply, {"type": "subscribed", "filters": {"topics": ["stories"], "keywords": ["x" * 40]}})
        ws.close()
        self.assertEqual(ws.close_code, 1000)

    def test_bearer_header_on_the_upgrade(self) -> None:
        url = self.srv.base_url.replace("http", "ws") + "/ws"
        ws = WebSocket.connect(url, headers={"Authorization": "Bearer " + self.srv.keys["starter"]})
        ws.send_text(json.dumps({"type": "subscribe"}))
        self.assertEqual(json.loads(ws.recv(timeout=5).data)["type"], "subscribed")
        ws.close()

    def test_a_refused_key_gets_an_error_message_then_4001(self) -> None:
        ws = WebSocket.connect(self.srv.base_url.replace("http", "ws") + "/ws?token=lede_live_" + "0" * 64)
        self.assertEqual(json.loads(ws.recv(timeout=5).data)["code"], "invalid_api_key")
        with self.assertRaises(ConnectionClosed) as caught:
            ws.recv(timeout=5)
        self.assertEqual(caught.exception.code, 4001)
