from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reject_payout_request_response_200_approval_payout_from import (
        RejectPayoutRequestResponse200ApprovalPayoutFrom,
    )
    from ..models.reject_payout_request_response_200_approval_payout_lines_item import (
        RejectPayoutRequestResponse200ApprovalPayoutLinesItem,
    )


T = TypeVar("T", bound="RejectPayoutRequestResponse200ApprovalPayout")


@_attrs_define
class RejectPayoutRequestResponse200ApprovalPayout:
    """
    Attributes:
        from_ (RejectPayoutRequestResponse200ApprovalPayoutFrom):
        reference (str):
        reason (str):
        total (float): Coins (2 decimals)
        lines (list[RejectPayoutRequestResponse200ApprovalPayoutLinesItem]):
    """

    from_: RejectPayoutRequestResponse200ApprovalPayoutFrom
    reference: str
    reason: str
    total: float
    lines: list[RejectPayoutRequestResponse200ApprovalPayoutLinesItem]

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
        from ..models.reject_payout_request_response_200_approval_payout_from import (
            RejectPayoutRequestResponse200ApprovalPayoutFrom,
        )
        from ..models.reject_payout_request_response_200_approval_payout_lines_item import (
            RejectPayoutRequestResponse200ApprovalPayoutLinesItem,
        )

        d = dict(src_dict)
        from_ = RejectPayoutRequestResponse200ApprovalPayoutFrom.from_dict(
            d.pop("from")
        )

        reference = d.pop("reference")

        reason = d.pop("reason")

        total = d.pop("total")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = (
                RejectPayoutRequestResponse200ApprovalPayoutLinesItem.from_dict(
                    lines_item_data
                )
            )

            lines.append(lines_item)

        reject_payout_request_response_200_approval_payout = cls(
            from_=from_,
            reference=reference,
            reason=reason,
            total=total,
            lines=lines,
        )

        return reject_payout_request_response_200_approval_payout
