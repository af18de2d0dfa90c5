from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approve_payout_request_response_201_approval_payout_from import (
        ApprovePayoutRequestResponse201ApprovalPayoutFrom,
    )
    from ..models.approve_payout_request_response_201_approval_payout_lines_item import (
        ApprovePayoutRequestResponse201ApprovalPayoutLinesItem,
    )


T = TypeVar("T", bound="ApprovePayoutRequestResponse201ApprovalPayout")


@_attrs_define
class ApprovePayoutRequestResponse201ApprovalPayout:
    """
    Attributes:
        from_ (ApprovePayoutRequestResponse201ApprovalPayoutFrom):
        reference (str):
        reason (str):
        total (float): Coins (2 decimals)
        lines (list[ApprovePayoutRequestResponse201ApprovalPayoutLinesItem]):
    """

    from_: ApprovePayoutRequestResponse201ApprovalPayoutFrom
    reference: str
    reason: str
    total: float
    lines: list[ApprovePayoutRequestResponse201ApprovalPayoutLinesItem]

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
        from ..models.approve_payout_request_response_201_approval_payout_from import (
            ApprovePayoutRequestResponse201ApprovalPayoutFrom,
        )
        from ..models.approve_payout_request_response_201_approval_payout_lines_item import (
            ApprovePayoutRequestResponse201ApprovalPayoutLinesItem,
        )

        d = dict(src_dict)
        from_ = ApprovePayoutRequestResponse201ApprovalPayoutFrom.from_dict(
            d.pop("from")
        )

        reference = d.pop("reference")

        reason = d.pop("reason")

        total = d.pop("total")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = (
                ApprovePayoutRequestResponse201ApprovalPayoutLinesItem.from_dict(
                    lines_item_data
                )
            )

            lines.append(lines_item)

        approve_payout_request_response_201_approval_payout = cls(
            from_=from_,
            reference=reference,
            reason=reason,
            total=total,
            lines=lines,
        )

        return approve_payout_request_response_201_approval_payout
