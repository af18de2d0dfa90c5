from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetClientTreasuryBalanceAtResponse200")


@_attrs_define
class GetClientTreasuryBalanceAtResponse200:
    """
    Attributes:
        at (datetime.datetime): The instant the balance is for
        balance (float): Coins: Σ received − Σ sent of the transactions with createdAt <= at
    """

    at: datetime.datetime
    balance: float

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        balance = self.balance

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "balance": balance,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        balance = d.pop("balance")

        get_client_treasury_balance_at_response_200 = cls(
            at=at,
            balance=balance,
        )

        return get_client_treasury_balance_at_response_200
