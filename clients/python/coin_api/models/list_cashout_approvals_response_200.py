from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_cashout_approvals_response_200_cashout_approvals_item import (
        ListCashoutApprovalsResponse200CashoutApprovalsItem,
    )
    from ..models.list_cashout_approvals_response_200_pagination import (
        ListCashoutApprovalsResponse200Pagination,
    )


T = TypeVar("T", bound="ListCashoutApprovalsResponse200")


@_attrs_define
class ListCashoutApprovalsResponse200:
    """
    Attributes:
        cashout_approvals (list[ListCashoutApprovalsResponse200CashoutApprovalsItem]):
        pagination (ListCashoutApprovalsResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    cashout_approvals: list[ListCashoutApprovalsResponse200CashoutApprovalsItem]
    pagination: ListCashoutApprovalsResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        cashout_approvals = []
        for cashout_approvals_item_data in self.cashout_approvals:
            cashout_approvals_item = cashout_approvals_item_data.to_dict()
            cashout_approvals.append(cashout_approvals_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashoutApprovals": cashout_approvals,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_cashout_approvals_response_200_cashout_approvals_item import (
            ListCashoutApprovalsResponse200CashoutApprovalsItem,
        )
        from ..models.list_cashout_approvals_response_200_pagination import (
            ListCashoutApprovalsResponse200Pagination,
        )

        d = dict(src_dict)
        cashout_approvals = []
        _cashout_approvals = d.pop("cashoutApprovals")
        for cashout_approvals_item_data in _cashout_approvals:
            cashout_approvals_item = (
                ListCashoutApprovalsResponse200CashoutApprovalsItem.from_dict(
                    cashout_approvals_item_data
                )
            )

            cashout_approvals.append(cashout_approvals_item)

        pagination = ListCashoutApprovalsResponse200Pagination.from_dict(
            d.pop("pagination")
        )

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_cashout_approvals_response_200 = cls(
            cashout_approvals=cashout_approvals,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_cashout_approvals_response_200
