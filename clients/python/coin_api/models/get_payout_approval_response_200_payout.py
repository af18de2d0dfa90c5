from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_payout_approval_response_200_payout_from import (
        GetPayoutApprovalResponse200PayoutFrom,
    )
    from ..models.get_payout_approval_response_200_payout_lines_item import (
        GetPayoutApprovalResponse200PayoutLinesItem,
    )


T = TypeVar("T", bound="GetPayoutApprovalResponse200Payout")


@_attrs_define
class GetPayoutApprovalResponse200Payout:
    """
    Attributes:
        from_ (GetPayoutApprovalResponse200PayoutFrom):
        reference (str):
        reason (str):
        total (float): Coins (2 decimals)
        lines (list[GetPayoutApprovalResponse200PayoutLinesItem]):
    """

    from_: GetPayoutApprovalResponse200PayoutFrom
    reference: str
    reason: str
    total: float
    lines: list[GetPayoutApprovalResponse200PayoutLinesItem]

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
        from ..models.get_payout_approval_response_200_payout_from import (
            GetPayoutApprovalResponse200PayoutFrom,
        )
        from ..models.get_payout_approval_response_200_payout_lines_item import (
            GetPayoutApprovalResponse200PayoutLinesItem,
        )

        d = dict(src_dict)
        from_ = GetPayoutApprovalResponse200PayoutFrom.from_dict(d.pop("from"))

        reference = d.pop("reference")

        reason = d.pop("reason")

        total = d.pop("total")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = GetPayoutApprovalResponse200PayoutLinesItem.from_dict(
                lines_item_data
            )

            lines.append(lines_item)

        get_payout_approval_response_200_payout = cls(
            from_=from_,
            reference=reference,
            reason=reason,
            total=total,
            lines=lines,
        )

        return get_payout_approval_response_200_payout
