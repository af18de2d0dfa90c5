from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.payout_response_201_payout_type import (
    PayoutResponse201PayoutType,
    check_payout_response_201_payout_type,
)

if TYPE_CHECKING:
    from ..models.payout_response_201_payout_lines_item import (
        PayoutResponse201PayoutLinesItem,
    )


T = TypeVar("T", bound="PayoutResponse201Payout")


@_attrs_define
class PayoutResponse201Payout:
    """
    Attributes:
        type_ (PayoutResponse201PayoutType):
        reference (str):
        total (float): Coins (2 decimals)
        lines (list[PayoutResponse201PayoutLinesItem]):
    """

    type_: PayoutResponse201PayoutType
    reference: str
    total: float
    lines: list[PayoutResponse201PayoutLinesItem]

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
        from ..models.payout_response_201_payout_lines_item import (
            PayoutResponse201PayoutLinesItem,
        )

        d = dict(src_dict)
        type_ = check_payout_response_201_payout_type(d.pop("type"))

        reference = d.pop("reference")

        total = d.pop("total")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = PayoutResponse201PayoutLinesItem.from_dict(lines_item_data)

            lines.append(lines_item)

        payout_response_201_payout = cls(
            type_=type_,
            reference=reference,
            total=total,
            lines=lines,
        )

        return payout_response_201_payout
