from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetClientDailyVolumeResponse200ClientsItemDaysItem")


@_attrs_define
class GetClientDailyVolumeResponse200ClientsItemDaysItem:
    """
    Attributes:
        day (datetime.date): A UTC calendar day (YYYY-MM-DD), years 0001 to 9999
        transactions (int): How many that day
        amount (float): The coins they moved that day
    """

    day: datetime.date
    transactions: int
    amount: float

    def to_dict(self) -> dict[str, Any]:
        day = self.day.isoformat()

        transactions = self.transactions

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "day": day,
                "transactions": transactions,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        day = datetime.date.fromisoformat(d.pop("day"))

        transactions = d.pop("transactions")

        amount = d.pop("amount")

        get_client_daily_volume_response_200_clients_item_days_item = cls(
            day=day,
            transactions=transactions,
            amount=amount,
        )

        return get_client_daily_volume_response_200_clients_item_days_item
