from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_events_response_200_events_item import (
        ListEventsResponse200EventsItem,
    )


T = TypeVar("T", bound="ListEventsResponse200")


@_attrs_define
class ListEventsResponse200:
    """
    Attributes:
        events (list[ListEventsResponse200EventsItem]): Oldest first, in the order they were recorded
        next_cursor (None | str): null on the last page
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
    """

    events: list[ListEventsResponse200EventsItem]
    next_cursor: None | str
    has_more: bool

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        has_more = self.has_more

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "nextCursor": next_cursor,
                "hasMore": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_events_response_200_events_item import (
            ListEventsResponse200EventsItem,
        )

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = ListEventsResponse200EventsItem.from_dict(events_item_data)

            events.append(events_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        has_more = d.pop("hasMore")

        list_events_response_200 = cls(
            events=events,
            next_cursor=next_cursor,
            has_more=has_more,
        )

        return list_events_response_200
