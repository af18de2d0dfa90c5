from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_client_daily_volume_response_200_clients_item_days_item import (
        GetClientDailyVolumeResponse200ClientsItemDaysItem,
    )


T = TypeVar("T", bound="GetClientDailyVolumeResponse200ClientsItem")


@_attrs_define
class GetClientDailyVolumeResponse200ClientsItem:
    """
    Attributes:
        client_id (str): The platform client
        transactions (int): How many transactions its requests made over the range
        amount (float): The coins they moved over the range
        days (list[GetClientDailyVolumeResponse200ClientsItemDaysItem]): One point per day of the range, oldest first
    """

    client_id: str
    transactions: int
    amount: float
    days: list[GetClientDailyVolumeResponse200ClientsItemDaysItem]

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        transactions = self.transactions

        amount = self.amount

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
                "transactions": transactions,
                "amount": amount,
                "days": days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_client_daily_volume_response_200_clients_item_days_item import (
            GetClientDailyVolumeResponse200ClientsItemDaysItem,
        )

        d = dict(src_dict)
        client_id = d.pop("clientId")

        transactions = d.pop("transactions")

        amount = d.pop("amount")

        days = []
        _days = d.pop("days")
        for days_item_data in _days:
            days_item = GetClientDailyVolumeResponse200ClientsItemDaysItem.from_dict(
                days_item_data
            )

            days.append(days_item)

        get_client_daily_volume_response_200_clients_item = cls(
            client_id=client_id,
            transactions=transactions,
            amount=amount,
            days=days,
        )

        return get_client_daily_volume_response_200_clients_item
