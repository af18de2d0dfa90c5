from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hold import Hold
    from ..models.list_client_holds_response_200_pagination import (
        ListClientHoldsResponse200Pagination,
    )


T = TypeVar("T", bound="ListClientHoldsResponse200")


@_attrs_define
class ListClientHoldsResponse200:
    """
    Attributes:
        holds (list[Hold]):
        pagination (ListClientHoldsResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    holds: list[Hold]
    pagination: ListClientHoldsResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        holds = []
        for holds_item_data in self.holds:
            holds_item = holds_item_data.to_dict()
            holds.append(holds_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "holds": holds,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hold import Hold
        from ..models.list_client_holds_response_200_pagination import (
            ListClientHoldsResponse200Pagination,
        )

        d = dict(src_dict)
        holds = []
        _holds = d.pop("holds")
        for holds_item_data in _holds:
            holds_item = Hold.from_dict(holds_item_data)

            holds.append(holds_item)

        pagination = ListClientHoldsResponse200Pagination.from_dict(d.pop("pagination"))

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_client_holds_response_200 = cls(
            holds=holds,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_client_holds_response_200
