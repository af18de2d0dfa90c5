from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.set_user_limits_response_200_usage_window_hours import (
    SetUserLimitsResponse200UsageWindowHours,
    check_set_user_limits_response_200_usage_window_hours,
)

T = TypeVar("T", bound="SetUserLimitsResponse200Usage")


@_attrs_define
class SetUserLimitsResponse200Usage:
    """
    Attributes:
        amount (float): Coins gone out in the rolling window
        count (int): Debits counted in the rolling window
        window_hours (SetUserLimitsResponse200UsageWindowHours):
    """

    amount: float
    count: int
    window_hours: SetUserLimitsResponse200UsageWindowHours

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        count = self.count

        window_hours: int = self.window_hours

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "count": count,
                "windowHours": window_hours,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        count = d.pop("count")

        window_hours = check_set_user_limits_response_200_usage_window_hours(
            d.pop("windowHours")
        )

        set_user_limits_response_200_usage = cls(
            amount=amount,
            count=count,
            window_hours=window_hours,
        )

        return set_user_limits_response_200_usage
