"""Paging over any list of the API.

Every list answers ``has_more`` and ``next_cursor`` and takes ``cursor=<next_cursor>`` with the
same other parameters for the next page (the API's one paging style); the offset and page lists
also keep ``offset`` / ``page`` for the first page, which a later page must not repeat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

#: Where a list starts besides the cursor: dropped from later pages, as the API refuses both at once.
_START_PARAMETERS = ("offset", "page")


def iterate_pages(list_page: Callable[..., Any], query: dict[str, Any]) -> Iterator[Any]:
    """Every page, first to last: the first asked with ``query`` as given, each later one with the
    same query and the previous page's ``next_cursor``. Raises rather than loop or stop silently
    when a page says ``has_more`` without a new cursor."""
    cursor: str | None = None
    seen: set[str] = set()
    while True:
        asked = query if cursor is None else {**{k: v for k, v in query.items() if k not in _START_PARAMETERS}, "cursor": cursor}
        page = list_page(**asked)
        yield page
        if not page.has_more:
            return
        cursor = page.next_cursor if isinstance(page.next_cursor, str) else None
        if cursor is None:
            raise RuntimeError(
                "the API answered has_more with no next_cursor (an offset past the list's reach): "
                "read this list with its keyset form or filters"
            )
        if cursor in seen:
            raise RuntimeError(f"the API answered the same cursor twice ({cursor}): stopped instead of looping")
        seen.add(cursor)


def items_of(page: Any) -> list[Any]:
    """The items of a page: its one list attribute (transactions, holds, approvals, users, entries)."""
    for field in attrs.fields(type(page)):
        value = getattr(page, field.name)
        if isinstance(value, list) and field.name != "additional_properties":
            return value
    return []


def iterate_items(pages: Iterable[Any]) -> Iterator[Any]:
    """Every item of every page, in order."""
    for page in pages:
        yield from items_of(page)
