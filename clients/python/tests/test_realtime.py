"""The realtime client against the real server: typed filters, events and handlers, reconnect with backoff,
re-subscribe and resume from the last event id without gap or repeat, and the closes that rule out reconnecting."""

import threading
import time
import unittest
from typing import Any, Dict, List

from lede import Lede, Realtime, RealtimeError
from lede import realtime_types as rt

from . import support
from .typecheck import mismatches

DAY = 86_400_000


def collect(r: Realtime, into: List[Dict[str, Any]], errors: List[BaseException]) -> threading.Thread:
    def run() -> None:
        try:
            for event in r.events():
                into.append(dict(event))
        except BaseException as e:  # noqa: BLE001 (reported by the test)
            errors.append(e)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


class RealtimeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.srv = support.server()
        cls.rest = Lede(api_key=cls.srv.keys["pro"], base_url=cls.srv.base_url)

    def test_1_subscribes_and_receives_typed_events_through_iterator_and_handlers(self) -> None:
        events: List[Dict[str, Any]] = []
        errors: List[BaseException] = []
        handled: List[str] = []
        subscribed: List[Dict[str, Any]] = []
        filters: rt.SubscribeFilters = {"topics": ["articles", "stories"]}
        r = Realtime(api_key=self.srv.keys["starter"], base_url=self.srv.base_url, filters=filters)
        r.on("item.new", lambda m: handled.append(m["type"])).on("subscribed", subscribed.append)
        thread = collect(r, events, errors)
        support.wait_for(lambda: subscribed)
        self.assertEqual(subscribed[0], {"type": "subscribed", "filters": {"topics": ["articles", "stories"]}})
        self.srv.import_live()
        support.wait_for(lambda: len([e for e in events if e["type"] == "item.enriched"]) >= 5)
        r.close()
        thread.join(10)
        self.assertEqual(errors, [])
        self.assertFalse(thread.is_alive())
        for event in events:
            self.assertEqual(mismatches(event, rt.EVENT_MESSAGES[event["type"]]), [], event["type"])
        self.assertEqual(handled.count("item.new"), len([e for e in events if e["type"] == "item.new"]))
        ids = [e["id"] for e in events]
        self.assertEqual(ids, sorted(set(ids)))
        self.assertEqual(r.last_event_id, ids[-1])

    def test_2_reconnects_resubscribes_and_resumes_without_gap_or_repeat(self) -> None:
        proxy = support.Proxy(self.srv.port)
        self.addCleanup(proxy.close)
        events: List[Dict[str, Any]] = []
        errors: List[BaseException] = []
        reconnects: List[Dict[str, Any]] = []
        subscribed: List[Dict[str, Any]] = []
        r = Realtime(
            api_key=self.srv.keys["starter"],
            base_url=proxy.base_url,
            filters={"types": ["item.new"]},
            backoff_base=0.2,
        )
        r.on("reconnect", reconnects.append).on("subscribed", subscribed.append)
        thread = collect(r, events, errors)
        support.wait_for(lambda: subscribed)
        self.srv.import_live()
        support.wait_for(lambda: events)
        time.sleep(1.0)
        before = len(events)
        # The network fails; while the client cannot reach the server, more news arrives.
        proxy.refusing = True
        proxy.cut()
        self.srv.import_live()
        proxy.refusing = False
        support.wait_for(lambda: reconnects and len(subscribed) >= 2)
        ids_after = support.wait_for(lambda: self._settled(events, before))
        r.close()
        thread.join(10)
        self.assertEqual(errors, [])
        self.assertGreaterEqual(r.reconnects, 1)
        self.assertEqual(reconnects[0]["since_id"], events[before - 1]["id"])
        self.assertGreaterEqual(proxy.connections, 2)
        # Attempts while the server was unreachable were refused, and the client kept trying (with backoff).
        self.assertGreaterEqual(proxy.refused, 1)
        # Every item.new logged after the cut, exactly once, in order: the server's own record via backtest.
        now = int(time.time() * 1000)
        logged = [
            e["id"]
            for e in self.rest.iter_backtest(from_=now - 2 * DAY, to=now + 60_000, types=["item.new"])
            if e["id"] > events[before - 1]["id"]
        ]
        self.assertGreater(len(logged), 0)
        self.assertEqual(ids_after, logged)
        all_ids = [e["id"] for e in events]
        self.assertEqual(all_ids, sorted(set(all_ids)))

    @staticmethod
    def _settled(events: List[Dict[str, Any]], before: int) -> Any:
        """The ids received after `before`, once nothing new has come for a second."""
        count = len(events)
        time.sleep(1.0)
        if len(events) == count and count > before:
            return [e["id"] for e in events[before:]]
        return None

    def test_3_refused_keys_end_without_reconnecting(self) -> None:
        bad = Realtime(api_key="lede_live_" + "0" * 64, base_url=self.srv.base_url, backoff_base=0.1)
        with self.assertRaises(RealtimeError) as caught:
            list(bad.events())
        self.assertEqual((caught.exception.code, caught.exception.close_code), ("invalid_api_key", 4001))
        self.assertEqual(bad.reconnects, 0)
        free = Realtime(api_key=self.srv.keys["free"], base_url=self.srv.base_url, backoff_base=0.1)
        with self.assertRaises(RealtimeError) as caught:
            list(free.events())
        self.assertEqual((caught.exception.code, caught.exception.close_code), ("tier_required", 4003))

    def test_4_a_rejected_subscribe_is_raised_or_handed_to_the_error_handler(self) -> None:
        r = Realtime(api_key=self.srv.keys["starter"], base_url=self.srv.base_url, filters={"tickers": ["AAPL"]})
        with self.assertRaises(RealtimeError) as caught:
            next(iter(r.events(idle_timeout=10)))
        self.assertEqual(caught.exception.code, "tier_required")
        r.close()
        seen: List[Dict[str, Any]] = []
        r2 = Realtime(
            api_key=self.srv.keys["pro"],
            base_url=self.srv.base_url,
            filters={"topics": ["galaxies"]},  # type: ignore[list-item]
        )
        r2.on("error", seen.append)
        self.assertEqual(list(r2.events(idle_timeout=2)), [])
        r2.close()
        self.assertEqual(seen[0]["code"], "invalid_filter")
        self.assertEqual(mismatches(seen[0], rt.ErrorMessage), [])

    def test_5_header_auth_and_resume_from_a_given_id(self) -> None:
        now = int(time.time() * 1000)
        logged = [e["id"] for e in self.rest.iter_backtest(from_=now - 2 * DAY, to=now + 60_000, types=["item.new"])]
        start = logged[-4]
        r = Realtime(
            api_key=self.srv.keys["pro"],
            base_url=self.srv.base_url,
            filters={"types": ["item.new"]},
            since_id=start,
            auth="header",
        )
        got = [e["id"] for e in r.events(idle_timeout=3)]
        r.close()
        self.assertEqual(got, logged[-3:])
