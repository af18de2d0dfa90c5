from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_sandbox_cashouts_response_200_cashouts_item import (
        ListSandboxCashoutsResponse200CashoutsItem,
    )
    from ..models.list_sandbox_cashouts_response_200_pagination import (
        ListSandboxCashoutsResponse200Pagination,
    )


T = TypeVar("T", bound="ListSandboxCashoutsResponse200")


@_attrs_define
class ListSandboxCashoutsResponse200:
    """
    Attributes:
        cashouts (list[ListSandboxCashoutsResponse200CashoutsItem]):
        pagination (ListSandboxCashoutsResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    cashouts: list[ListSandboxCashoutsResponse200CashoutsItem]
    pagination: ListSandboxCashoutsResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        cashouts = []
        for cashouts_item_data in self.cashouts:
            cashouts_item = cashouts_item_data.to_dict()
            cashouts.append(cashouts_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashouts": cashouts,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_sandbox_cashouts_response_200_cashouts_item import (
            ListSandboxCashoutsResponse200CashoutsItem,
        )
        from ..models.list_sandbox_cashouts_response_200_pagination import (
            ListSandboxCashoutsResponse200Pagination,
        )

        d = dict(src_dict)
        cashouts = []
        _cashouts = d.pop("cashouts")
        for cashouts_item_data in _cashouts:
            cashouts_item = ListSandboxCashoutsResponse200CashoutsItem.from_dict(
                cashouts_item_data
            )

            cashouts.append(cashouts_item)

        pagination = ListSandboxCashoutsResponse200Pagination.from_dict(
            d.pop("pagination")
        )

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_sandbox_cashouts_response_200 = cls(
            cashouts=cashouts,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_sandbox_cashouts_response_200
