from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_cashout_reversals_response_200_cashout_reversals_item import (
        ListCashoutReversalsResponse200CashoutReversalsItem,
    )
    from ..models.list_cashout_reversals_response_200_pagination import (
        ListCashoutReversalsResponse200Pagination,
    )


T = TypeVar("T", bound="ListCashoutReversalsResponse200")


@_attrs_define
class ListCashoutReversalsResponse200:
    """
    Attributes:
        cashout_reversals (list[ListCashoutReversalsResponse200CashoutReversalsItem]):
        pagination (ListCashoutReversalsResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    cashout_reversals: list[ListCashoutReversalsResponse200CashoutReversalsItem]
    pagination: ListCashoutReversalsResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        cashout_reversals = []
        for cashout_reversals_item_data in self.cashout_reversals:
            cashout_reversals_item = cashout_reversals_item_data.to_dict()
            cashout_reversals.append(cashout_reversals_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashoutReversals": cashout_reversals,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_cashout_reversals_response_200_cashout_reversals_item import (
            ListCashoutReversalsResponse200CashoutReversalsItem,
        )
        from ..models.list_cashout_reversals_response_200_pagination import (
            ListCashoutReversalsResponse200Pagination,
        )

        d = dict(src_dict)
        cashout_reversals = []
        _cashout_reversals = d.pop("cashoutReversals")
        for cashout_reversals_item_data in _cashout_reversals:
            cashout_reversals_item = (
                ListCashoutReversalsResponse200CashoutReversalsItem.from_dict(
                    cashout_reversals_item_data
                )
            )

            cashout_reversals.append(cashout_reversals_item)

        pagination = ListCashoutReversalsResponse200Pagination.from_dict(
            d.pop("pagination")
        )

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_cashout_reversals_response_200 = cls(
            cashout_reversals=cashout_reversals,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_cashout_reversals_response_200
