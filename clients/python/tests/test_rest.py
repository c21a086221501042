"""Every REST operation (31 of 31) against a real server, each result checked against its generated type."""

import hashlib
import time
import unittest
from typing import Any, Dict, Set

from lede import (
    AuthenticationError,
    BadRequestError,
    Lede,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
)
from lede import types as t
from lede.client import OPERATIONS

from . import support
from .typecheck import mismatches

DAY = 86_400_000
CALLED: Set[str] = set()
DEMO_KEY = "lede_test_" + hashlib.sha256(b"lede public sandbox demo key, v1").hexdigest()


def window() -> Dict[str, int]:
    """A backtest window holding every event of the data set."""
    now = int(time.time() * 1000)
    return {"from_": now - 2 * DAY, "to": now + 60_000}


class RecordingLede(Lede):
    """Notes which operations the tests call, to show all 31 are covered."""

    def _call(self, operation: str, *args: Any, **kwargs: Any) -> Any:
        CALLED.add(operation)
        return super()._call(operation, *args, **kwargs)


srv: support.Server
client: RecordingLede


def setUpModule() -> None:
    global srv, client
    srv = support.server()
    client = RecordingLede(api_key=srv.keys["pro"], base_url=srv.base_url)


class RestOperationsTest(unittest.TestCase):
    def assertFits(self, value: Any, operation: str) -> None:
        problems = mismatches(value, t.OPERATION_RESPONSES[operation])
        self.assertEqual(problems, [], "%s does not fit its type" % operation)

    # Stories

    def test_list_stories(self) -> None:
        page = client.list_stories(limit=5)
        self.assertFits(page, "listStories")
        self.assertTrue(0 < len(page["stories"]) <= 5)
        self.assertEqual(page["has_more"], len(page["stories"]) < page["total"])
        category = page["stories"][0]["category"]
        self.assertTrue(all(s["category"] == category for s in client.list_stories(category=category)["stories"]))

    def test_list_stories_and_items_by_tickers(self) -> None:
        # The simulated day's crypto stories name Dogecoin; no story names Bitcoin.
        symbols = {"DOGE", "BTC"}
        stories = client.list_stories(tickers=["DOGE", "BTC"], limit=100)
        self.assertFits(stories, "listStories")
        self.assertGreater(len(stories["stories"]), 0)
        self.assertTrue(all(symbols & {t["symbol"] for t in s["tickers"]} for s in stories["stories"]))
        items = client.list_items(tickers=["doge", "btc"], limit=100)
        self.assertFits(items, "listItems")
        self.assertGreater(len(items["items"]), 0)
        self.assertTrue(all(symbols & {t["symbol"] for t in a["tickers"]} for a in items["items"]))
        self.assertLess(len(items["items"]), client.list_items(limit=100)["total"])
        with self.assertRaises(BadRequestError) as caught:
            client.list_items(tickers=["AAPL", "$BTC"])
        self.assertEqual((caught.exception.code, caught.exception.status), ("invalid_parameter", 400))

    def test_list_ranked_stories_with_embeddings(self) -> None:
        page = client.list_ranked_stories(limit=3, include_embeddings=True)
        self.assertFits(page, "listRankedStories")
        self.assertTrue(0 < len(page["stories"]) <= 3)
        self.assertIn("embedding", page["stories"][0])

    def test_get_story_by_id_and_slug(self) -> None:
        summary = client.list_stories(limit=1)["stories"][0]
        story = client.get_story(summary["id"])
        self.assertFits(story, "getStory")
        self.assertEqual(story["id"], summary["id"])
        self.assertEqual(len(story["articles"]), story["article_count"])
        self.assertEqual(client.get_story(summary["slug"])["id"], summary["id"])
        b64 = client.get_story(summary["id"], include_embeddings=True, embedding_format="base64")
        self.assertFits(b64, "getStory")
        self.assertIn("embedding", b64)

    def test_list_story_developments(self) -> None:
        events = client.backtest(types=["story.development"], limit=1, **window())["events"]
        self.assertEqual(len(events), 1, "the data set has story developments")
        result = client.list_story_developments(events[0]["cluster_id"])
        self.assertFits(result, "listStoryDevelopments")
        self.assertEqual(result["count"], len(result["developments"]))
        self.assertGreater(result["count"], 0)
        times = [d["created_at_ms"] for d in result["developments"]]
        self.assertEqual(times, sorted(times))

    def test_get_story_updates(self) -> None:
        story = client.get_story(client.list_stories(limit=1)["stories"][0]["id"])
        report = client.get_story_updates(story["id"], since_ms=story["first_seen"])
        self.assertFits(report, "getStoryUpdates")
        self.assertEqual(report["cluster_id"], story["id"])
        future = client.get_story_updates(story["slug"], since_ms=int(time.time() * 1000) + DAY)
        self.assertEqual(future["significance"], "none")

    # Articles

    def test_list_items_sorted_and_with_embeddings(self) -> None:
        page = client.list_items(limit=10, sort_by="published", sort_order="asc", include_embeddings=True)
        self.assertFits(page, "listItems")
        times = [a["published_at"] for a in page["items"]]
        self.assertEqual(times, sorted(times))
        self.assertIn("embedding", page["items"][0])
        self.assertTrue(page["items"][0]["embedding_model"])
        self.assertEqual((page["offset"], page["limit"]), (0, 10))

    def test_get_item_by_url_hash_and_slug(self) -> None:
        article = client.list_items(limit=1)["items"][0]
        by_hash = client.get_item(url_hash=article["url_hash"])
        self.assertFits(by_hash, "getItem")
        self.assertEqual(by_hash["item"]["id"], article["id"])
        self.assertEqual(client.get_item(slug=article["slug"])["item"]["id"], article["id"])
        with self.assertRaises(BadRequestError) as caught:
            client.get_item(url_hash=article["url_hash"], slug=article["slug"])
        self.assertEqual((caught.exception.code, caught.exception.status), ("invalid_parameter", 400))

    def test_get_content(self) -> None:
        article = client.list_items(limit=1)["items"][0]
        content = client.get_content(url_hash=article["url_hash"], max_chars=500)
        self.assertFits(content, "getContent")
        self.assertEqual(content["url_hash"], article["url_hash"])
        # Page extraction is off in the test server: the contract's 200 with ok=false.
        self.assertFalse(content["ok"])
        self.assertEqual(content["text"], "")

    def test_list_related(self) -> None:
        article = client.list_items(limit=1)["items"][0]
        related = client.list_related(url_hash=article["url_hash"], limit=5)
        self.assertFits(related, "listRelated")
        self.assertTrue(0 < len(related) <= 5)
        self.assertNotIn(article["url_hash"], [a["url_hash"] for a in related])

    # Search

    def test_search(self) -> None:
        word = client.list_stories(limit=1)["stories"][0]["headline"].split()[0]
        result = client.search(q=word, limit=5)
        self.assertFits(result, "search")
        self.assertGreater(result["total"], 0)

    def test_search_full(self) -> None:
        word = client.list_stories(limit=1)["stories"][0]["headline"].split()[0]
        result = client.search_full(q=word, limit=5)
        self.assertFits(result, "searchFull")
        self.assertGreater(len(result["results"]), 0)
        self.assertEqual(result["results"][0]["url_hash"], result["results"][0]["url_hash_hex"])

    def test_suggest(self) -> None:
        entity = client.list_entities(limit=1)["entities"][0]
        result = client.suggest(q=entity["name"][:3], limit=8)
        self.assertFits(result, "suggest")
        self.assertIn(entity["name"], result["suggestions"])

    def test_vector_search(self) -> None:
        article = client.list_items(limit=1)["items"][0]
        vector = client.get_embedding(type="article", id=article["url_hash"])["embedding"]
        result = client.vector_search(embedding=vector, types=["article", "story"], limit=10)
        self.assertFits(result, "vectorSearch")
        # A wire copy of the same text has the same vector: the article is among the hits at similarity 1.
        self.assertAlmostEqual(result["articles"][0]["similarity"], 1.0, places=4)
        exact = [a["url_hash"] for a in result["articles"] if abs(a["similarity"] - 1.0) < 1e-4]
        self.assertIn(article["url_hash"], exact)

    def test_get_embedding(self) -> None:
        story = client.list_stories(limit=1)["stories"][0]
        result = client.get_embedding(type="story", id=story["id"])
        self.assertFits(result, "getEmbedding")
        self.assertEqual((result["dimensions"], len(result["embedding"])), (1536, 1536))
        b64 = client.get_embedding(type="story", id=story["id"], format="base64")
        self.assertFits(b64, "getEmbedding")
        self.assertEqual(len(b64["embedding"]), 8192)

    # Entities

    def test_list_entities(self) -> None:
        page = client.list_entities(type="person", limit=5)
        self.assertFits(page, "listEntities")
        self.assertTrue(page["entities"])
        self.assertTrue(all(e["type"] == "person" for e in page["entities"]))

    def test_list_politicians(self) -> None:
        page = client.list_politicians(limit=5)
        self.assertFits(page, "listPoliticians")
        self.assertTrue(page["entities"])
        self.assertTrue(all(e["subcategory"] == "politician" for e in page["entities"]))

    def test_list_trending_entities(self) -> None:
        result = client.list_trending_entities(limit=3)
        self.assertFits(result, "listTrendingEntities")
        self.assertTrue(0 < len(result["entities"]) <= 3)

    def test_get_entity_by_id_and_slug(self) -> None:
        first = client.list_entities(limit=1)["entities"][0]
        entity = client.get_entity(first["id"])
        self.assertFits(entity, "getEntity")
        self.assertEqual(entity, first)
        self.assertEqual(client.get_entity(first["slug"])["id"], first["id"])

    def test_list_entity_articles(self) -> None:
        entity = client.list_entities(limit=1)["entities"][0]
        page = client.list_entity_articles(entity["id"], limit=5)
        self.assertFits(page, "listEntityArticles")
        self.assertEqual(page["total"], entity["article_count"])

    # Graphs

    def test_get_entity_network(self) -> None:
        entity = client.list_entities(limit=1)["entities"][0]
        graph = client.get_entity_network(entity_id=entity["id"], depth=1, limit=10)
        self.assertFits(graph, "getEntityNetwork")
        self.assertIn(entity["id"], [n["id"] for n in graph["nodes"]])
        self.assertTrue(graph["edges"])

    def test_get_story_entity_graph(self) -> None:
        story = client.list_stories(limit=1)["stories"][0]
        graph = client.get_story_entity_graph(story_id=story["id"], limit=5)
        self.assertFits(graph, "getStoryEntityGraph")
        self.assertEqual(graph["story"]["id"], story["id"])
        self.assertTrue(graph["entities"])

    def test_list_topic_clusters(self) -> None:
        result = client.list_topic_clusters(limit=3)
        self.assertFits(result, "listTopicClusters")
        self.assertEqual(result["count"], len(result["topics"]))
        one = client.list_topic_clusters(topic_id=result["topics"][0]["id"])
        self.assertEqual([x["id"] for x in one["topics"]], [result["topics"][0]["id"]])

    # Sources and taxonomy

    def test_list_source_rankings(self) -> None:
        result = client.list_source_rankings()
        self.assertFits(result, "listSourceRankings")
        scores = [r["overall_score"] for r in result["rankings"]]
        self.assertEqual(scores, sorted(scores, reverse=True))

    def test_list_sources(self) -> None:
        sources = client.list_sources()
        self.assertFits(sources, "listSources")
        self.assertEqual(len(sources), client.get_stats()["total_sources"])

    def test_list_categories(self) -> None:
        categories = client.list_categories()
        self.assertFits(categories, "listCategories")
        self.assertEqual(categories, sorted(categories))
        self.assertIn("business", categories)

    def test_list_tags(self) -> None:
        tags = client.list_tags()
        self.assertFits(tags, "listTags")
        self.assertTrue(0 < len(tags) <= 1000)

    # Backtest

    def test_backtest_pages_through_the_cursor(self) -> None:
        whole = client.backtest(limit=5000, **window())
        self.assertFits(whole, "backtest")
        self.assertFalse(whole["has_more"])
        walked = list(client.iter_backtest(page_size=200, **window()))
        self.assertEqual([e["id"] for e in walked], [e["id"] for e in whole["events"]])
        self.assertGreater(len(walked), 400, "several pages were walked")

    def test_backtest_with_an_embedding_filter(self) -> None:
        article = client.list_items(limit=1)["items"][0]
        vector = client.get_embedding(type="article", id=article["url_hash"])["embedding"]
        result = client.backtest_with_filters(
            topics=["articles"],
            embedding_filters=[{"embedding": vector, "threshold": 0.99, "label": "this one"}],
            limit=50,
            **window(),
        )
        self.assertFits(result, "backtestWithFilters")
        self.assertTrue(result["events"])
        self.assertTrue(all(e["similarity"] >= 0.99 for e in result["events"]))
        self.assertEqual(result["meta"]["filters_applied"]["embedding_filters"], ["this one"])
        walked = list(client.iter_backtest_with_filters(topics=["articles"], page_size=100, **window()))
        self.assertTrue(all(e["event_type"] in ("item.new", "item.enriched") for e in walked))

    # Account and meta

    def test_get_usage(self) -> None:
        usage = client.get_usage()
        self.assertFits(usage, "getUsage")
        self.assertEqual(usage["tier"], "pro")
        now = int(time.time() * 1000)
        self.assertFits(client.get_usage(from_=now - DAY, to=now), "getUsage")

    def test_get_stats(self) -> None:
        stats = client.get_stats()
        self.assertFits(stats, "getStats")
        self.assertGreater(stats["total_articles"], 600)

    def test_get_version_needs_no_key(self) -> None:
        version = RecordingLede(api_key="", base_url=srv.base_url).get_version()
        self.assertFits(version, "getVersion")
        self.assertEqual(version["api_major"], "v1")

    def test_zz_every_operation_was_called(self) -> None:
        # Runs last (unittest sorts test names): all 31 operations of the document went through the client.
        self.assertEqual(len(OPERATIONS), 31)
        self.assertEqual(sorted(set(OPERATIONS) - CALLED), [])


class IteratorTest(unittest.TestCase):
    def test_offset_iterators_walk_every_page(self) -> None:
        total = client.list_items(limit=1)["total"]
        hashes = [a["url_hash"] for a in client.iter_items(page_size=100)]
        self.assertEqual(len(hashes), total)
        self.assertEqual(len(set(hashes)), total)
        stories = list(client.iter_stories(page_size=7))
        self.assertEqual(len(stories), client.list_stories(limit=1)["total"])
        entities = list(client.iter_entities(page_size=13, type="org"))
        self.assertEqual(len(entities), client.list_entities(type="org", limit=1)["total"])
        first = entities[0]
        self.assertEqual(len(list(client.iter_entity_articles(first["id"], page_size=4))), first["article_count"])
        self.assertGreater(len(list(client.iter_search(q="shares", page_size=10))), 10)


class ErrorTest(unittest.TestCase):
    def test_not_found_carries_code_status_and_request_id(self) -> None:
        with self.assertRaises(NotFoundError) as caught:
            client.get_story(999_999)
        e = caught.exception
        self.assertEqual((e.code, e.status), ("not_found", 404))
        self.assertTrue(e.request_id)
        self.assertEqual(e.details.get("resource"), "story")

    def test_bad_parameters(self) -> None:
        with self.assertRaises(BadRequestError) as caught:
            client.list_stories(limit=500)
        self.assertEqual(caught.exception.code, "parameter_out_of_range")
        now = int(time.time() * 1000)
        with self.assertRaises(BadRequestError) as caught:
            client.backtest(from_=now - 10 * DAY, to=now)
        self.assertEqual(caught.exception.code, "backtest_window_too_large")

    def test_keys_and_tiers(self) -> None:
        with self.assertRaises(AuthenticationError) as caught:
            Lede(api_key="lede_live_" + "0" * 64, base_url=srv.base_url).get_stats()
        self.assertEqual((caught.exception.code, caught.exception.status), ("invalid_api_key", 401))
        with self.assertRaises(AuthenticationError) as caught:
            Lede(api_key="", base_url=srv.base_url).get_stats()
        self.assertEqual(caught.exception.code, "missing_api_key")
        free = Lede(api_key=srv.keys["free"], base_url=srv.base_url)
        with self.assertRaises(PermissionDeniedError) as caught:
            free.backtest(**window())
        self.assertEqual((caught.exception.code, caught.exception.details.get("required_tier")), ("tier_required", "pro"))

    def test_rate_limit_error_carries_retry_after(self) -> None:
        demo = Lede(api_key=DEMO_KEY, base_url=srv.base_url, max_retries=0)
        with self.assertRaises(PermissionDeniedError) as caught:
            demo.get_usage()
        self.assertEqual(caught.exception.code, "demo_key_restricted")
        with self.assertRaises(RateLimitError) as caught:
            for _ in range(6):
                demo.get_stats()
        e = caught.exception
        self.assertEqual((e.code, e.status), ("rate_limited", 429))
        self.assertTrue(e.retry_after is not None and 0 < e.retry_after <= 60)
        self.assertTrue(e.request_id)

    def test_environment_supplies_url_and_key(self) -> None:
        import os

        saved = {k: os.environ.get(k) for k in ("LEDE_API_URL", "LEDE_API_KEY")}
        os.environ["LEDE_API_URL"], os.environ["LEDE_API_KEY"] = srv.base_url, srv.keys["pro"]
        try:
            self.assertEqual(Lede().get_usage()["tier"], "pro")
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


if __name__ == "__main__":
    unittest.main()
