"""A real Lede server for the tests: `lede start` on a free port with a temporary data directory, simulated newswire
data loaded with `lede import`, and keys from `lede keys create`. Started once per test run, stopped at exit."""

import atexit
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from typing import Dict, List, Optional

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
BIN = os.path.join(ROOT, "bin", "lede.mjs")
NEWSWIRE = os.path.join(ROOT, "clients", "testing", "write-newswire.mjs")
NODE = os.environ.get("NODE", shutil.which("node") or "node")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self) -> None:
        self.data_dir = tempfile.mkdtemp(prefix="lede-py-client-")
        self.news_dir = os.path.join(self.data_dir, "newswire")
        self.port = free_port()
        self.base_url = "http://127.0.0.1:%d" % self.port
        self.env = dict(
            os.environ,
            LEDE_DATA_DIR=self.data_dir,
            LEDE_SEED_DEFAULT_SOURCES="false",
            LEDE_EXTRACT_CONTENT="false",
            # Word vectors give articles embeddings (related, vector search, embeddings); their cache is shared.
            LEDE_WORD_VECTORS="true",
            LEDE_MODEL_DIR=os.environ.get("LEDE_MODEL_DIR", os.path.join(tempfile.gettempdir(), "lede-bench-models")),
            HOST="127.0.0.1",
            LOG_LEVEL="warn",
        )
        self.proc: Optional[subprocess.Popen] = None
        self.log_path = ""
        self.keys: Dict[str, str] = {}
        self.live_batches = 0
        self.imported = 0

    def cli(self, *args: str) -> str:
        r = subprocess.run([NODE, BIN, *args], env=self.env, cwd=ROOT, capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            raise RuntimeError("lede %s failed: %s" % (" ".join(args), r.stderr.strip()))
        return r.stdout.strip()

    def start(self) -> "Server":
        # `lede start` would build the app itself, which takes longer than a test should wait.
        if not os.path.exists(os.path.join(ROOT, ".next", "BUILD_ID")):
            raise RuntimeError("no production build: run `npm run build` before the client tests")
        info = subprocess.run(
            [NODE, NEWSWIRE, self.news_dir], env=self.env, cwd=ROOT, capture_output=True, text=True, check=True
        )
        self.live_batches = json.loads(info.stdout)["live"]
        self.keys["pro"] = self.cli("keys", "create", "--email", "pro@py.test", "--tier", "pro", "--scopes", "read,ws:connect")
        self.keys["starter"] = self.cli(
            "keys", "create", "--email", "starter@py.test", "--tier", "starter", "--scopes", "read,ws:connect"
        )
        self.keys["free"] = self.cli("keys", "create", "--email", "free@py.test")
        self.cli("import", os.path.join(self.news_dir, "base.jsonl"))
        # The server's own log (warnings and errors), kept beside its data until the run ends.
        self.log_path = os.path.join(tempfile.gettempdir(), "lede-py-client-server-%d.log" % self.port)
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [NODE, BIN, "start", "--port", str(self.port)], env=self.env, cwd=ROOT, stdout=self.log, stderr=self.log
        )
        deadline = time.time() + 90
        while True:
            if self.proc.poll() is not None:
                with open(self.log_path, encoding="utf-8", errors="replace") as f:
                    tail = f.read()[-2000:]
                raise RuntimeError("lede start exited with %s:\n%s" % (self.proc.returncode, tail))
            try:
                with urllib.request.urlopen(self.base_url + "/v1/version", timeout=2) as res:
                    if res.status == 200:
                        break
            except OSError:
                pass
            if time.time() > deadline:
                raise RuntimeError("lede start did not answer within 90 s")
            time.sleep(0.2)
        return self

    def import_live(self) -> None:
        """Imports the next batch of live articles (from another process, as a running deployment would)."""
        if self.imported >= self.live_batches:
            raise RuntimeError("no live batch left")
        self.imported += 1
        self.cli("import", os.path.join(self.news_dir, "live-%d.jsonl" % self.imported))

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.log.close()
            os.remove(self.log_path)
        shutil.rmtree(self.data_dir, ignore_errors=True)


_server: Optional[Server] = None
_lock = threading.Lock()


def server() -> Server:
    """The shared server of this test run."""
    global _server
    with _lock:
        if _server is None:
            s = Server()
            atexit.register(s.stop)
            _server = s.start()
        return _server


class Proxy:
    """A TCP relay to the server whose connections the test can cut, as a network failure would."""

    def __init__(self, target_port: int) -> None:
        self.target = ("127.0.0.1", target_port)
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        self.base_url = "http://127.0.0.1:%d" % self.port
        self.sockets: List[socket.socket] = []
        self.connections = 0
        #: While set, new connections are closed at once (the server looks unreachable).
        self.refusing = False
        self.refused = 0
        self._stop = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stop:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.refusing:
                self.refused += 1
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            self.connections += 1
            self.sockets += [client, upstream]
            threading.Thread(target=self._pipe, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def cut(self) -> None:
        """Drops every open connection without a closing handshake."""
        sockets, self.sockets = self.sockets, []
        for s in sockets:
            try:
                s.shutdown(socket.SHUT_RDWR)
                s.close()
            except OSError:
                pass

    def close(self) -> None:
        self._stop = True
        self.cut()
        self.listener.close()


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.05):  # type: ignore[no-untyped-def]
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError("condition not met within %.0f s" % timeout)


if __name__ == "__main__":
    s = server()
    print(s.base_url, s.keys, file=sys.stderr)
