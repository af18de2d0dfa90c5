from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.approve_payout_request_response_201_payout_type import (
    ApprovePayoutRequestResponse201PayoutType,
    check_approve_payout_request_response_201_payout_type,
)

if TYPE_CHECKING:
    from ..models.approve_payout_request_response_201_payout_lines_item import (
        ApprovePayoutRequestResponse201PayoutLinesItem,
    )


T = TypeVar("T", bound="ApprovePayoutRequestResponse201Payout")


@_attrs_define
class ApprovePayoutRequestResponse201Payout:
    """
    Attributes:
        type_ (ApprovePayoutRequestResponse201PayoutType):
        reference (str):
        total (float): Coins (2 decimals)
        lines (list[ApprovePayoutRequestResponse201PayoutLinesItem]):
    """

    type_: ApprovePayoutRequestResponse201PayoutType
    reference: str
    total: float
    lines: list[ApprovePayoutRequestResponse201PayoutLinesItem]

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        reference = self.reference

        total = self.total

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "reference": reference,
                "total": total,
                "lines": lines,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approve_payout_request_response_201_payout_lines_item import (
            ApprovePayoutRequestResponse201PayoutLinesItem,
        )

        d = dict(src_dict)
        type_ = check_approve_payout_request_response_201_payout_type(d.pop("type"))

        reference = d.pop("reference")

        total = d.pop("total")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = ApprovePayoutRequestResponse201PayoutLinesItem.from_dict(
                lines_item_data
            )

            lines.append(lines_item)

        approve_payout_request_response_201_payout = cls(
            type_=type_,
            reference=reference,
            total=total,
            lines=lines,
        )

        return approve_payout_request_response_201_payout
