"""Iterators over the API's two kinds of pagination: ``limit``/``offset`` and the backtest cursor."""

from typing import Any, Callable, Iterator, Mapping


def iter_offset(fetch: Callable[[int], Mapping[str, Any]], key: str) -> Iterator[Any]:
    """Yields the entries of ``page[key]`` page after page, until a short or empty page or ``total`` is reached."""
    offset = 0
    while True:
        page = fetch(offset)
        entries = page[key]
        for entry in entries:
            yield entry
        offset += len(entries)
        total = page.get("total")
        has_more = page.get("has_more")
        if not entries or (has_more is False) or (isinstance(total, int) and offset >= total):
            return


def iter_cursor(fetch: Callable[[int], Mapping[str, Any]]) -> Iterator[Any]:
    """Yields backtest events page after page, passing each page's ``next_cursor`` on while ``has_more``."""
    cursor = 0
    while True:
        page = fetch(cursor)
        for event in page["events"]:
            yield event
        if not page["has_more"] or page["next_cursor"] == cursor:
            return
        cursor = page["next_cursor"]
