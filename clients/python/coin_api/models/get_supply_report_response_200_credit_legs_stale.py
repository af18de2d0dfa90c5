from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetSupplyReportResponse200CreditLegsStale")


@_attrs_define
class GetSupplyReportResponse200CreditLegsStale:
    """
    Attributes:
        count (int):
        amount (float): Coins (2 decimals)
    """

    count: int
    amount: float

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "count": count,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        count = d.pop("count")

        amount = d.pop("amount")

        get_supply_report_response_200_credit_legs_stale = cls(
            count=count,
            amount=amount,
        )

        return get_supply_report_response_200_credit_legs_stale
