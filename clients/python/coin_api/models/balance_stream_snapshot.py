from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BalanceStreamSnapshot")


@_attrs_define
class BalanceStreamSnapshot:
    """
    Attributes:
        balance (float): The wallet balance (coins, 2 decimals)
        sequence (int): The last balance change this balance includes
    """

    balance: float
    sequence: int

    def to_dict(self) -> dict[str, Any]:
        balance = self.balance

        sequence = self.sequence

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "balance": balance,
                "sequence": sequence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        balance = d.pop("balance")

        sequence = d.pop("sequence")

        balance_stream_snapshot = cls(
            balance=balance,
            sequence=sequence,
        )

        return balance_stream_snapshot
