from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetUserDailyBalancesResponse200DaysItem")


@_attrs_define
class GetUserDailyBalancesResponse200DaysItem:
    """
    Attributes:
        day (datetime.date): A UTC calendar day (YYYY-MM-DD), years 0001 to 9999
        balance (float): The balance at the day's end: Σ received − Σ sent of the transactions created before the next
            day
    """

    day: datetime.date
    balance: float

    def to_dict(self) -> dict[str, Any]:
        day = self.day.isoformat()

        balance = self.balance

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "day": day,
                "balance": balance,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        day = datetime.date.fromisoformat(d.pop("day"))

        balance = d.pop("balance")

        get_user_daily_balances_response_200_days_item = cls(
            day=day,
            balance=balance,
        )

        return get_user_daily_balances_response_200_days_item
