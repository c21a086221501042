"""Retries, timeouts and error mapping of the REST transport, against a scripted HTTP peer on loopback (the real
server cannot be made to answer 503 or to stall on demand)."""

import email.utils
import json
import threading
import time
import unittest
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Dict, List, Tuple

from lede import APIConnectionError, APITimeoutError, Lede, RateLimitError, ServerError
from lede._http import encode_query, parse_retry_after

from .support import free_port

Reply = Tuple[int, Dict[str, str], bytes, float]


class ScriptedServer:
    """Answers each request with the next scripted reply (status, headers, body, delay)."""

    def __init__(self, replies: List[Reply]) -> None:
        self.replies = list(replies)
        self.requests: List[Tuple[str, str, Dict[str, str], float]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                outer.requests.append((self.command, self.path, dict(self.headers), time.monotonic()))
                status, headers, body, delay = outer.replies.pop(0)
                time.sleep(delay)
                try:
                    self.send_response(status)
                    for k, v in headers.items():
                        self.send_header(k, v)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:
                    pass

            do_POST = do_GET

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d" % self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def error(code: str, status: int, headers: Dict[str, str] = {}) -> Reply:  # noqa: B006
    body = {"error": {"code": code, "message": code, "status": status, "request_id": "req_" + code}}
    return status, {"Content-Type": "application/json", **headers}, json.dumps(body).encode(), 0.0


OK: Reply = (200, {"Content-Type": "application/json"}, b'{"total_articles":1}', 0.0)


class TransportTest(unittest.TestCase):
    def serve(self, replies: List[Reply]) -> ScriptedServer:
        server = ScriptedServer(replies)
        self.addCleanup(server.close)
        return server

    def test_429_is_retried_after_the_retry_after_seconds(self) -> None:
        server = self.serve([error("rate_limited", 429, {"Retry-After": "1"}), OK])
        result = Lede(api_key="k", base_url=server.url).get_stats()
        self.assertEqual(result, {"total_articles": 1})
        self.assertEqual(len(server.requests), 2)
        self.assertGreaterEqual(server.requests[1][3] - server.requests[0][3], 0.95)
        self.assertEqual(server.requests[0][2]["Authorization"], "Bearer k")

    def test_503_backs_off_then_gives_up_with_the_error(self) -> None:
        server = self.serve([error("service_unavailable", 503)] * 3)
        with self.assertRaises(ServerError) as caught:
            Lede(api_key="k", base_url=server.url, max_retries=2).get_stats()
        e = caught.exception
        self.assertEqual((e.code, e.status, e.request_id), ("service_unavailable", 503, "req_service_unavailable"))
        self.assertEqual(len(server.requests), 3)
        gaps = [b[3] - a[3] for a, b in zip(server.requests, server.requests[1:])]
        self.assertGreaterEqual(gaps[0], 0.45)
        self.assertGreater(gaps[1], gaps[0], "the backoff grows")

    def test_a_retry_after_beyond_the_wait_limit_is_not_waited_for(self) -> None:
        server = self.serve([error("quota_exhausted", 429, {"Retry-After": "86400"})])
        started = time.monotonic()
        with self.assertRaises(RateLimitError) as caught:
            Lede(api_key="k", base_url=server.url).get_stats()
        self.assertLess(time.monotonic() - started, 2)
        self.assertEqual((caught.exception.code, caught.exception.retry_after), ("quota_exhausted", 86400.0))
        self.assertEqual(len(server.requests), 1)

    def test_other_errors_are_not_retried(self) -> None:
        server = self.serve([error("not_found", 404), OK])
        with self.assertRaises(Exception):
            Lede(api_key="k", base_url=server.url).get_stats()
        self.assertEqual(len(server.requests), 1)

    def test_a_slow_answer_raises_a_timeout(self) -> None:
        server = self.serve([(200, {}, b"{}", 2.0)])
        with self.assertRaises(APITimeoutError) as caught:
            Lede(api_key="k", base_url=server.url, timeout=0.3, max_retries=0).get_stats()
        self.assertEqual((caught.exception.code, caught.exception.status), ("timeout", 0))

    def test_an_unreachable_server_raises_a_connection_error(self) -> None:
        with self.assertRaises(APIConnectionError) as caught:
            Lede(api_key="k", base_url="http://127.0.0.1:%d" % free_port(), max_retries=0).get_stats()
        self.assertEqual(caught.exception.code, "connection_error")

    def test_a_body_that_is_not_an_api_error_keeps_the_status_and_request_id(self) -> None:
        server = self.serve([(502, {"X-Request-Id": "req_proxy"}, b"<html>bad gateway</html>", 0.0)])
        with self.assertRaises(ServerError) as caught:
            Lede(api_key="k", base_url=server.url).get_stats()
        self.assertEqual((caught.exception.code, caught.exception.request_id), ("http_502", "req_proxy"))

    def test_tickers_of_list_stories_and_list_items_go_as_one_comma_separated_parameter(self) -> None:
        json_ok = {"Content-Type": "application/json"}
        server = self.serve(
            [
                (200, json_ok, b'{"stories":[],"total":0,"has_more":false}', 0.0),
                (200, json_ok, b'{"items":[],"total":0,"offset":0,"limit":20}', 0.0),
            ]
        )
        lede = Lede(api_key="k", base_url=server.url)
        lede.list_stories(tickers=["AAPL", "BTC"])
        lede.list_items(category="business", tickers=("AAPL", "BTC"))
        sent = [urllib.parse.unquote(r[1]) for r in server.requests]
        self.assertEqual(sent, ["/v1/stories?tickers=AAPL,BTC", "/v1/items?category=business&tickers=AAPL,BTC"])

    def test_query_encoding_follows_the_contract(self) -> None:
        self.assertEqual(
            encode_query({"topics": ["articles", "stories"], "include_embeddings": True, "cursor": None, "q": "a b"}),
            "topics=articles%2Cstories&include_embeddings=true&q=a+b",
        )

    def test_retry_after_as_an_http_date(self) -> None:
        now = time.time()
        self.assertAlmostEqual(parse_retry_after(email.utils.formatdate(now + 30, usegmt=True), now), 30, delta=1)
        self.assertEqual(parse_retry_after("7"), 7.0)
        self.assertIsNone(parse_retry_after("soon"))
