from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_payout_approvals_response_200_payout_approvals_item_payout_from import (
        ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFrom,
    )
    from ..models.list_payout_approvals_response_200_payout_approvals_item_payout_lines_item import (
        ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutLinesItem,
    )


T = TypeVar("T", bound="ListPayoutApprovalsResponse200PayoutApprovalsItemPayout")


@_attrs_define
class ListPayoutApprovalsResponse200PayoutApprovalsItemPayout:
    """
    Attributes:
        from_ (ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFrom):
        reference (str):
        reason (str):
        total (float): Coins (2 decimals)
        lines (list[ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutLinesItem]):
    """

    from_: ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFrom
    reference: str
    reason: str
    total: float
    lines: list[ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutLinesItem]

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.to_dict()

        reference = self.reference

        reason = self.reason

        total = self.total

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "reference": reference,
                "reason": reason,
                "total": total,
                "lines": lines,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_payout_approvals_response_200_payout_approvals_item_payout_from import (
            ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFrom,
        )
        from ..models.list_payout_approvals_response_200_payout_approvals_item_payout_lines_item import (
            ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutLinesItem,
        )

        d = dict(src_dict)
        from_ = ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutFrom.from_dict(
            d.pop("from")
        )

        reference = d.pop("reference")

        reason = d.pop("reason")

        total = d.pop("total")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = ListPayoutApprovalsResponse200PayoutApprovalsItemPayoutLinesItem.from_dict(
                lines_item_data
            )

            lines.append(lines_item)

        list_payout_approvals_response_200_payout_approvals_item_payout = cls(
            from_=from_,
            reference=reference,
            reason=reason,
            total=total,
            lines=lines,
        )

        return list_payout_approvals_response_200_payout_approvals_item_payout
