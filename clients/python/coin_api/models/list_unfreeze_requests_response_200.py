from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_unfreeze_requests_response_200_pagination import (
        ListUnfreezeRequestsResponse200Pagination,
    )
    from ..models.list_unfreeze_requests_response_200_unfreezes_item import (
        ListUnfreezeRequestsResponse200UnfreezesItem,
    )


T = TypeVar("T", bound="ListUnfreezeRequestsResponse200")


@_attrs_define
class ListUnfreezeRequestsResponse200:
    """
    Attributes:
        unfreezes (list[ListUnfreezeRequestsResponse200UnfreezesItem]):
        pagination (ListUnfreezeRequestsResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    unfreezes: list[ListUnfreezeRequestsResponse200UnfreezesItem]
    pagination: ListUnfreezeRequestsResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        unfreezes = []
        for unfreezes_item_data in self.unfreezes:
            unfreezes_item = unfreezes_item_data.to_dict()
            unfreezes.append(unfreezes_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "unfreezes": unfreezes,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_unfreeze_requests_response_200_pagination import (
            ListUnfreezeRequestsResponse200Pagination,
        )
        from ..models.list_unfreeze_requests_response_200_unfreezes_item import (
            ListUnfreezeRequestsResponse200UnfreezesItem,
        )

        d = dict(src_dict)
        unfreezes = []
        _unfreezes = d.pop("unfreezes")
        for unfreezes_item_data in _unfreezes:
            unfreezes_item = ListUnfreezeRequestsResponse200UnfreezesItem.from_dict(
                unfreezes_item_data
            )

            unfreezes.append(unfreezes_item)

        pagination = ListUnfreezeRequestsResponse200Pagination.from_dict(
            d.pop("pagination")
        )

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_unfreeze_requests_response_200 = cls(
            unfreezes=unfreezes,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_unfreeze_requests_response_200
