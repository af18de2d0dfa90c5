from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_wallet_freezes_response_200_freezes_item import (
        ListWalletFreezesResponse200FreezesItem,
    )
    from ..models.list_wallet_freezes_response_200_pagination import (
        ListWalletFreezesResponse200Pagination,
    )


T = TypeVar("T", bound="ListWalletFreezesResponse200")


@_attrs_define
class ListWalletFreezesResponse200:
    """
    Attributes:
        freezes (list[ListWalletFreezesResponse200FreezesItem]):
        pagination (ListWalletFreezesResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    freezes: list[ListWalletFreezesResponse200FreezesItem]
    pagination: ListWalletFreezesResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        freezes = []
        for freezes_item_data in self.freezes:
            freezes_item = freezes_item_data.to_dict()
            freezes.append(freezes_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "freezes": freezes,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_wallet_freezes_response_200_freezes_item import (
            ListWalletFreezesResponse200FreezesItem,
        )
        from ..models.list_wallet_freezes_response_200_pagination import (
            ListWalletFreezesResponse200Pagination,
        )

        d = dict(src_dict)
        freezes = []
        _freezes = d.pop("freezes")
        for freezes_item_data in _freezes:
            freezes_item = ListWalletFreezesResponse200FreezesItem.from_dict(
                freezes_item_data
            )

            freezes.append(freezes_item)

        pagination = ListWalletFreezesResponse200Pagination.from_dict(
            d.pop("pagination")
        )

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_wallet_freezes_response_200 = cls(
            freezes=freezes,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_wallet_freezes_response_200
