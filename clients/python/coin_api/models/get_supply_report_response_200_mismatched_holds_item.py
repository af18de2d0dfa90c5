from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetSupplyReportResponse200MismatchedHoldsItem")


@_attrs_define
class GetSupplyReportResponse200MismatchedHoldsItem:
    """
    Attributes:
        wallet_key (str):
        held (float): Coins (2 decimals)
        pending_sum (float): Coins (2 decimals)
        balance (float): Coins (2 decimals)
    """

    wallet_key: str
    held: float
    pending_sum: float
    balance: float

    def to_dict(self) -> dict[str, Any]:
        wallet_key = self.wallet_key

        held = self.held

        pending_sum = self.pending_sum

        balance = self.balance

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "walletKey": wallet_key,
                "held": held,
                "pendingSum": pending_sum,
                "balance": balance,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        wallet_key = d.pop("walletKey")

        held = d.pop("held")

        pending_sum = d.pop("pendingSum")

        balance = d.pop("balance")

        get_supply_report_response_200_mismatched_holds_item = cls(
            wallet_key=wallet_key,
            held=held,
            pending_sum=pending_sum,
            balance=balance,
        )

        return get_supply_report_response_200_mismatched_holds_item
