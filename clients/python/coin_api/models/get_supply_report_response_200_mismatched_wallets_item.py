from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetSupplyReportResponse200MismatchedWalletsItem")


@_attrs_define
class GetSupplyReportResponse200MismatchedWalletsItem:
    """
    Attributes:
        wallet_key (str):
        balance (float): Coins (2 decimals)
        entries_sum (float): Coins (2 decimals)
        total_received (float): Coins (2 decimals)
        total_sent (float): Coins (2 decimals)
    """

    wallet_key: str
    balance: float
    entries_sum: float
    total_received: float
    total_sent: float

    def to_dict(self) -> dict[str, Any]:
        wallet_key = self.wallet_key

        balance = self.balance

        entries_sum = self.entries_sum

        total_received = self.total_received

        total_sent = self.total_sent

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "walletKey": wallet_key,
                "balance": balance,
                "entriesSum": entries_sum,
                "totalReceived": total_received,
                "totalSent": total_sent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        wallet_key = d.pop("walletKey")

        balance = d.pop("balance")

        entries_sum = d.pop("entriesSum")

        total_received = d.pop("totalReceived")

        total_sent = d.pop("totalSent")

        get_supply_report_response_200_mismatched_wallets_item = cls(
            wallet_key=wallet_key,
            balance=balance,
            entries_sum=entries_sum,
            total_received=total_received,
            total_sent=total_sent,
        )

        return get_supply_report_response_200_mismatched_wallets_item
