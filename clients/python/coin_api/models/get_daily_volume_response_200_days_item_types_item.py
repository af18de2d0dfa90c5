from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_daily_volume_response_200_days_item_types_item_type import (
    GetDailyVolumeResponse200DaysItemTypesItemType,
    check_get_daily_volume_response_200_days_item_types_item_type,
)

T = TypeVar("T", bound="GetDailyVolumeResponse200DaysItemTypesItem")


@_attrs_define
class GetDailyVolumeResponse200DaysItemTypesItem:
    """
    Attributes:
        type_ (GetDailyVolumeResponse200DaysItemTypesItemType):
        transactions (int): How many transactions of this type were created that day
        amount (float): Coins they moved
    """

    type_: GetDailyVolumeResponse200DaysItemTypesItemType
    transactions: int
    amount: float

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        transactions = self.transactions

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "transactions": transactions,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_get_daily_volume_response_200_days_item_types_item_type(
            d.pop("type")
        )

        transactions = d.pop("transactions")

        amount = d.pop("amount")

        get_daily_volume_response_200_days_item_types_item = cls(
            type_=type_,
            transactions=transactions,
            amount=amount,
        )

        return get_daily_volume_response_200_days_item_types_item
