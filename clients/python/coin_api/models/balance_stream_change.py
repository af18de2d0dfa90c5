from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.balance_stream_change_transaction_type import (
    BalanceStreamChangeTransactionType,
    check_balance_stream_change_transaction_type,
)

T = TypeVar("T", bound="BalanceStreamChange")


@_attrs_define
class BalanceStreamChange:
    """
    Attributes:
        sequence (int):
        balance (float): The wallet balance after this change (coins, 2 decimals)
        previous_balance (float): The wallet balance before this change (coins, 2 decimals)
        amount (float): balance − previousBalance: positive for a credit, negative for a debit (coins, 2 decimals)
        transaction_id (int):
        transaction_type (BalanceStreamChangeTransactionType):
        occurred_at (datetime.datetime):
    """

    sequence: int
    balance: float
    previous_balance: float
    amount: float
    transaction_id: int
    transaction_type: BalanceStreamChangeTransactionType
    occurred_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        sequence = self.sequence

        balance = self.balance

        previous_balance = self.previous_balance

        amount = self.amount

        transaction_id = self.transaction_id

        transaction_type: str = self.transaction_type

        occurred_at = self.occurred_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sequence": sequence,
                "balance": balance,
                "previousBalance": previous_balance,
                "amount": amount,
                "transactionId": transaction_id,
                "transactionType": transaction_type,
                "occurredAt": occurred_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        sequence = d.pop("sequence")

        balance = d.pop("balance")

        previous_balance = d.pop("previousBalance")

        amount = d.pop("amount")

        transaction_id = d.pop("transactionId")

        transaction_type = check_balance_stream_change_transaction_type(
            d.pop("transactionType")
        )

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurredAt"))

        balance_stream_change = cls(
            sequence=sequence,
            balance=balance,
            previous_balance=previous_balance,
            amount=amount,
            transaction_id=transaction_id,
            transaction_type=transaction_type,
            occurred_at=occurred_at,
        )

        return balance_stream_change
