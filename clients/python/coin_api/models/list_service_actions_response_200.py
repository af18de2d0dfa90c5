from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_service_actions_response_200_entries_item import (
        ListServiceActionsResponse200EntriesItem,
    )


T = TypeVar("T", bound="ListServiceActionsResponse200")


@_attrs_define
class ListServiceActionsResponse200:
    """
    Attributes:
        entries (list[ListServiceActionsResponse200EntriesItem]):
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
    """

    entries: list[ListServiceActionsResponse200EntriesItem]
    next_cursor: None | str
    has_more: bool

    def to_dict(self) -> dict[str, Any]:
        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        has_more = self.has_more

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entries": entries,
                "nextCursor": next_cursor,
                "hasMore": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_service_actions_response_200_entries_item import (
            ListServiceActionsResponse200EntriesItem,
        )

        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = ListServiceActionsResponse200EntriesItem.from_dict(
                entries_item_data
            )

            entries.append(entries_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        has_more = d.pop("hasMore")

        list_service_actions_response_200 = cls(
            entries=entries,
            next_cursor=next_cursor,
            has_more=has_more,
        )

        return list_service_actions_response_200
