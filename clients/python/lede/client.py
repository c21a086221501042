"""The REST client: one method per operation of /v1 (31), plus iterators over paginated lists."""

import os
import urllib.parse
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from . import types as t
from ._http import Transport
from .pagination import iter_cursor, iter_offset

DEFAULT_BASE_URL = "http://localhost:3000"

IdOrSlug = Union[int, str]

#: operationId -> (method, path template), as in /v1/openapi.json.
OPERATIONS: Dict[str, Tuple[str, str]] = {
    "listStories": ("GET", "/v1/stories"),
    "listRankedStories": ("GET", "/v1/stories/ranked"),
    "getStory": ("GET", "/v1/stories/{id}"),
    "listStoryDevelopments": ("GET", "/v1/stories/{id}/developments"),
    "getStoryUpdates": ("GET", "/v1/stories/{id}/updates"),
    "listItems": ("GET", "/v1/items"),
    "getItem": ("GET", "/v1/item"),
    "getContent": ("GET", "/v1/content"),
    "listRelated": ("GET", "/v1/related"),
    "search": ("GET", "/v1/search"),
    "searchFull": ("GET", "/v1/search/full"),
    "suggest": ("GET", "/v1/search/suggest"),
    "vectorSearch": ("POST", "/v1/search/vector"),
    "getEmbedding": ("GET", "/v1/embeddings"),
    "listEntities": ("GET", "/v1/entities"),
    "listPoliticians": ("GET", "/v1/entities/politicians"),
    "listTrendingEntities": ("GET", "/v1/entities/trending"),
    "getEntity": ("GET", "/v1/entities/{id}"),
    "listEntityArticles": ("GET", "/v1/entities/{id}/articles"),
    "getEntityNetwork": ("GET", "/v1/graph/entity-network"),
    "getStoryEntityGraph": ("GET", "/v1/graph/story-entity"),
    "listTopicClusters": ("GET", "/v1/graph/topic-cluster"),
    "listSourceRankings": ("GET", "/v1/source-rankings"),
    "listSources": ("GET", "/v1/sources"),
    "listCategories": ("GET", "/v1/categories"),
    "listTags": ("GET", "/v1/tags"),
    "backtest": ("GET", "/v1/backtest"),
    "backtestWithFilters": ("POST", "/v1/backtest"),
    "getUsage": ("GET", "/v1/usage"),
    "getStats": ("GET", "/v1/stats"),
    "getVersion": ("GET", "/v1/version"),
}


class Lede:
    """A client of the Lede REST API.

    ``api_key`` and ``base_url`` default to the ``LEDE_API_KEY`` and ``LEDE_API_URL`` environment variables (and
    ``http://localhost:3000``). Requests answered 429 or 503 are retried up to ``max_retries`` times, waiting as the
    ``Retry-After`` header says (else an exponential backoff); ``timeout`` bounds each attempt, in seconds.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
    ) -> None:
        self.api_key = api_key if api_key is not None else os.environ.get("LEDE_API_KEY")
        self.base_url = (base_url or os.environ.get("LEDE_API_URL") or DEFAULT_BASE_URL).rstrip("/")
        self._http = Transport(self.base_url, self.api_key, timeout, max_retries, max_retry_wait=max_retry_wait)

    @property
    def last_headers(self) -> Dict[str, str]:
        """Headers of the last response: X-Request-Id, X-RateLimit-*, X-Credits-*."""
        return self._http.last_headers

    def _call(
        self,
        operation: str,
        path_params: Optional[Mapping[str, Any]] = None,
        query: Optional[Mapping[str, Any]] = None,
        body: Optional[Mapping[str, Any]] = None,
    ) -> Any:
        method, template = OPERATIONS[operation]
        path = template
        for key, value in (path_params or {}).items():
            path = path.replace("{%s}" % key, urllib.parse.quote(str(value), safe=""))
        return self._http.request(method, path, query=query, body=body, auth=operation != "getVersion")

    # Stories (contract §7.1)

    def list_stories(
        self,
        *,
        limit: Optional[int] = None,
        offset: Optional[int] = None,
        category: Optional[str] = None,
        tickers: Optional[Sequence[str]] = None,
        include_embeddings: Optional[bool] = None,
        embedding_format: Optional[str] = None,
    ) -> t.ListStoriesResponse:
        """Active stories (updated within 48 h), fastest-moving first.

        ``tickers=["AAPL", "BTC"]`` keeps the stories about any of those securities.
        """
        return self._call("listStories", query=locals_of(locals()))

    def list_ranked_stories(
        self,
        *,
        limit: Optional[int] = None,
        include_embeddings: Optional[bool] = None,
        embedding_format: Optional[str] = None,
    ) -> t.RankedStoriesResponse:
        """Top stories by overall rank (relevance × recency)."""
        return self._call("listRankedStories", query=locals_of(locals()))

    def get_story(
        self,
        id: IdOrSlug,
        *,
        include_embeddings: Optional[bool] = None,
        embedding_format: Optional[str] = None,
    ) -> t.StoryDetail:
        """A story with its articles and developments, by id or slug."""
        q = locals_of(locals(), "id")
        return self._call("getStory", {"id": id}, q)

    def list_story_developments(self, id: IdOrSlug) -> t.DevelopmentsResponse:
        """A story's developments in timeline order."""
        return self._call("listStoryDevelopments", {"id": id})

    def get_story_updates(self, id: IdOrSlug, *, since_ms: int) -> t.StoryUpdateReport:
        """What changed in a story since ``since_ms``."""
        return self._call("getStoryUpdates", {"id": id}, {"since_ms": since_ms})

    # Articles (§7.2)

    def list_items(
        self,
        *,
        limit: Optional[int] = None,
        offset: Optional[int] = None,
        category: Optional[str] = None,
        keyword: Optional[str] = None,
        source: Optional[str] = None,
        content_status: Optional[str] = None,
        tickers: Optional[Sequence[str]] = None,
        date_from: Optional[int] = None,
        date_to: Optional[int] = None,
        sort_by: Optional[str] = None,
        sort_order: Optional[str] = None,
        include_embeddings: Optional[bool] = None,
        embedding_format: Optional[str] = None,
    ) -> t.ArticlePage:
        """Articles, paginated and filtered; ``tickers=["AAPL", "BTC"]`` keeps those about any of them."""
        return self._call("listItems", query=locals_of(locals()))

    def get_item(self, *, url_hash: Optional[str] = None, slug: Optional[str] = None) -> t.ItemResponse:
        """One article by ``url_hash`` or ``slug`` (exactly one of them)."""
        return self._call("getItem", query=locals_of(locals()))

    def get_content(self, *, url_hash: str, max_chars: Optional[int] = None) -> t.ArticleContent:
        """An article's extracted text, summaries and tags."""
        return self._call("getContent", query=locals_of(locals()))

    def list_related(self, *, url_hash: str, limit: Optional[int] = None) -> t.RelatedResponse:
        """Articles nearest to an article, excluding itself and its duplicates."""
        return self._call("listRelated", query=locals_of(locals()))

    # Search and vectors (§7.3)

    def search(self, *, q: str, limit: Optional[int] = None, offset: Optional[int] = None) -> t.SearchResponse:
        """Full-text search over titles, excerpts and extracted text."""
        return self._call("search", query=locals_of(locals()))

    def search_full(
        self, *, q: str, limit: Optional[int] = None, offset: Optional[int] = None
    ) -> t.SearchFullResponse:
        """Full-text search merged with articles of entities named in the query, with snippets."""
        return self._call("searchFull", query=locals_of(locals()))

    def suggest(self, *, q: str, limit: Optional[int] = None) -> t.SuggestResponse:
        """Autocomplete: entity names and popular title terms starting with ``q``."""
        return self._call("suggest", query=locals_of(locals()))

    def vector_search(
        self,
        *,
        embedding: Sequence[float],
        types: Optional[Sequence[str]] = None,
        since_hours: Optional[int] = None,
        limit: Optional[int] = None,
    ) -> t.VectorSearchResponse:
        """Articles and stories nearest to a 1536-dimension vector (pro)."""
        body = locals_of(locals())
        body["embedding"] = list(embedding)
        return self._call("vectorSearch", body=body)

    def get_embedding(self, *, type: str, id: Union[str, int], format: Optional[str] = None) -> t.EmbeddingResponse:
        """The stored vector of an article (``id`` = url_hash) or a story (``id`` = story id) (pro)."""
        return self._call("getEmbedding", query=locals_of(locals()))

    # Entities (§7.4)

    def list_entities(
        self,
        *,
        q: Optional[str] = None,
        type: Optional[str] = None,
        subcategory: Optional[str] = None,
        limit: Optional[int] = None,
        offset: Optional[int] = None,
    ) -> t.EntityPage:
        """Entities by article count."""
        return self._call("listEntities", query=locals_of(locals()))

    def list_politicians(self, *, limit: Optional[int] = None, offset: Optional[int] = None) -> t.EntityPage:
        """Entities with subcategory politician."""
        return self._call("listPoliticians", query=locals_of(locals()))

    def list_trending_entities(self, *, limit: Optional[int] = None) -> t.TrendingEntitiesResponse:
        """Entities mentioned in the last 24 h above their 7-day baseline."""
        return self._call("listTrendingEntities", query=locals_of(locals()))

    def get_entity(self, id: IdOrSlug) -> t.Entity:
        """One entity, by id or slug."""
        return self._call("getEntity", {"id": id})

    def list_entity_articles(
        self, id: IdOrSlug, *, limit: Optional[int] = None, offset: Optional[int] = None
    ) -> t.ArticlePage:
        """Articles mentioning an entity, newest first."""
        return self._call("listEntityArticles", {"id": id}, locals_of(locals(), "id"))

    # Graphs (§7.5)

    def get_entity_network(
        self, *, entity_id: int, depth: Optional[int] = None, limit: Optional[int] = None
    ) -> t.EntityNetworkResponse:
        """Ego network of related entities, breadth-first to ``depth``, strongest edges first."""
        return self._call("getEntityNetwork", query=locals_of(locals()))

    def get_story_entity_graph(self, *, story_id: int, limit: Optional[int] = None) -> t.StoryEntityResponse:
        """A story and its most-mentioned entities."""
        return self._call("getStoryEntityGraph", query=locals_of(locals()))

    def list_topic_clusters(
        self, *, topic_id: Optional[int] = None, limit: Optional[int] = None
    ) -> t.TopicClusterResponse:
        """Topics grouping related stories."""
        return self._call("listTopicClusters", query=locals_of(locals()))

    # Sources and taxonomy (§7.6)

    def list_source_rankings(self) -> t.SourceRankingsResponse:
        """Sources ranked by overall score."""
        return self._call("listSourceRankings")

    def list_sources(self) -> t.SourcesResponse:
        """Every registered source, by name."""
        return self._call("listSources")

    def list_categories(self) -> t.CategoriesResponse:
        """Category slugs, alphabetical."""
        return self._call("listCategories")

    def list_tags(self) -> t.TagsResponse:
        """The most frequent tags, at most 1,000."""
        return self._call("listTags")

    # Backtest (§7.7, pro)

    def backtest(
        self,
        *,
        from_: int,
        to: int,
        topics: Optional[Sequence[str]] = None,
        types: Optional[Sequence[str]] = None,
        categories: Optional[Sequence[str]] = None,
        sources: Optional[Sequence[str]] = None,
        keywords: Optional[Sequence[str]] = None,
        entities: Optional[Sequence[int]] = None,
        cluster_id: Optional[int] = None,
        include_embeddings: Optional[bool] = None,
        cursor: Optional[int] = None,
        limit: Optional[int] = None,
    ) -> t.BacktestResponse:
        """One page of stored realtime events of a window (at most 7 days, within the last 90)."""
        return self._call("backtest", query=_rename_from(locals_of(locals())))

    def backtest_with_filters(
        self,
        *,
        from_: int,
        to: int,
        topics: Optional[Sequence[str]] = None,
        types: Optional[Sequence[str]] = None,
        categories: Optional[Sequence[str]] = None,
        sources: Optional[Sequence[str]] = None,
        keywords: Optional[Sequence[str]] = None,
        entities: Optional[Sequence[int]] = None,
        cluster_id: Optional[int] = None,
        include_embeddings: Optional[bool] = None,
        embedding_filters: Optional[Sequence[Mapping[str, Any]]] = None,
        cursor: Optional[int] = None,
        limit: Optional[int] = None,
    ) -> t.BacktestResponse:
        """POST /v1/backtest: as ``backtest``, with an optional embedding filter."""
        body = _rename_from(locals_of(locals()))
        for key in ("topics", "types", "categories", "sources", "keywords", "entities", "embedding_filters"):
            if key in body:
                body[key] = list(body[key])
        return self._call("backtestWithFilters", body=body)

    # Account and meta (§7.8)

    def get_usage(self, *, from_: Optional[int] = None, to: Optional[int] = None) -> t.UsageReport:
        """The calling key's usage and the account's quota."""
        return self._call("getUsage", query=_rename_from(locals_of(locals())))

    def get_stats(self) -> t.Stats:
        """Totals of articles, stories, entities and sources."""
        return self._call("getStats")

    def get_version(self) -> t.VersionInfo:
        """API versions, sunsets and recommended SDK versions (no key needed)."""
        return self._call("getVersion")

    # Iterators

    def iter_stories(self, *, page_size: int = 100, **params: Any) -> Iterator[t.StoryListItem]:
        """Every active story, page after page (``offset`` pagination)."""
        return iter_offset(lambda offset: self.list_stories(limit=page_size, offset=offset, **params), "stories")

    def iter_items(self, *, page_size: int = 100, **params: Any) -> Iterator[t.Article]:
        """Every article matching the filters of ``list_items``, page after page."""
        return iter_offset(lambda offset: self.list_items(limit=page_size, offset=offset, **params), "items")

    def iter_search(self, *, q: str, page_size: int = 100) -> Iterator[t.Article]:
        """Every article matching a full-text query."""
        return iter_offset(lambda offset: self.search(q=q, limit=page_size, offset=offset), "items")

    def iter_search_full(self, *, q: str, page_size: int = 100) -> Iterator[t.SearchResult]:
        """Every result of ``search_full``."""
        return iter_offset(lambda offset: self.search_full(q=q, limit=page_size, offset=offset), "results")

    def iter_entities(self, *, page_size: int = 200, **params: Any) -> Iterator[t.Entity]:
        """Every entity matching the filters of ``list_entities``."""
        return iter_offset(lambda offset: self.list_entities(limit=page_size, offset=offset, **params), "entities")

    def iter_politicians(self, *, page_size: int = 200) -> Iterator[t.Entity]:
        """Every politician."""
        return iter_offset(lambda offset: self.list_politicians(limit=page_size, offset=offset), "entities")

    def iter_entity_articles(self, id: IdOrSlug, *, page_size: int = 100) -> Iterator[t.Article]:
        """Every article mentioning an entity."""
        return iter_offset(lambda offset: self.list_entity_articles(id, limit=page_size, offset=offset), "items")

    def iter_backtest(self, *, from_: int, to: int, page_size: int = 1000, **filters: Any) -> Iterator[t.BacktestEvent]:
        """Every stored event of a window, following ``next_cursor`` (GET /v1/backtest)."""
        return iter_cursor(
            lambda cursor: self.backtest(from_=from_, to=to, cursor=cursor, limit=page_size, **filters)
        )

    def iter_backtest_with_filters(
        self, *, from_: int, to: int, page_size: int = 1000, **filters: Any
    ) -> Iterator[t.BacktestEvent]:
        """Every stored event of a window, following ``next_cursor`` (POST /v1/backtest)."""
        return iter_cursor(
            lambda cursor: self.backtest_with_filters(from_=from_, to=to, cursor=cursor, limit=page_size, **filters)
        )


def locals_of(scope: Dict[str, Any], *exclude: str) -> Dict[str, Any]:
    """A method's keyword arguments as query/body fields: ``self``, path parameters and ``None`` values left out."""
    return {k: v for k, v in scope.items() if k != "self" and k not in exclude and v is not None}


def _rename_from(params: Dict[str, Any]) -> Dict[str, Any]:
    if "from_" in params:
        params["from"] = params.pop("from_")
    return params


__all__: List[str] = ["Lede", "OPERATIONS", "DEFAULT_BASE_URL"]
