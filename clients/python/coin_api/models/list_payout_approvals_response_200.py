from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_payout_approvals_response_200_pagination import (
        ListPayoutApprovalsResponse200Pagination,
    )
    from ..models.list_payout_approvals_response_200_payout_approvals_item import (
        ListPayoutApprovalsResponse200PayoutApprovalsItem,
    )


T = TypeVar("T", bound="ListPayoutApprovalsResponse200")


@_attrs_define
class ListPayoutApprovalsResponse200:
    """
    Attributes:
        payout_approvals (list[ListPayoutApprovalsResponse200PayoutApprovalsItem]):
        pagination (ListPayoutApprovalsResponse200Pagination):
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
        next_cursor (None | str): Pass as cursor (with the same other parameters) for the next page; null on the last
            page
    """

    payout_approvals: list[ListPayoutApprovalsResponse200PayoutApprovalsItem]
    pagination: ListPayoutApprovalsResponse200Pagination
    has_more: bool
    next_cursor: None | str

    def to_dict(self) -> dict[str, Any]:
        payout_approvals = []
        for payout_approvals_item_data in self.payout_approvals:
            payout_approvals_item = payout_approvals_item_data.to_dict()
            payout_approvals.append(payout_approvals_item)

        pagination = self.pagination.to_dict()

        has_more = self.has_more

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "payoutApprovals": payout_approvals,
                "pagination": pagination,
                "hasMore": has_more,
                "nextCursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_payout_approvals_response_200_pagination import (
            ListPayoutApprovalsResponse200Pagination,
        )
        from ..models.list_payout_approvals_response_200_payout_approvals_item import (
            ListPayoutApprovalsResponse200PayoutApprovalsItem,
        )

        d = dict(src_dict)
        payout_approvals = []
        _payout_approvals = d.pop("payoutApprovals")
        for payout_approvals_item_data in _payout_approvals:
            payout_approvals_item = (
                ListPayoutApprovalsResponse200PayoutApprovalsItem.from_dict(
                    payout_approvals_item_data
                )
            )

            payout_approvals.append(payout_approvals_item)

        pagination = ListPayoutApprovalsResponse200Pagination.from_dict(
            d.pop("pagination")
        )

        has_more = d.pop("hasMore")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        list_payout_approvals_response_200 = cls(
            payout_approvals=payout_approvals,
            pagination=pagination,
            has_more=has_more,
            next_cursor=next_cursor,
        )

        return list_payout_approvals_response_200
