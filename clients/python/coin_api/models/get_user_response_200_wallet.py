from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetUserResponse200Wallet")


@_attrs_define
class GetUserResponse200Wallet:
    """
    Attributes:
        balance (float): Coins (2 decimals)
        held (float): Coins reserved by pending holds (part of the balance)
        active_coins (float): balance − held: what the user can spend now
        total_received (float): Every coin ever credited to the wallet
        total_sent (float): Every coin ever debited from the wallet
        frozen (bool): Whether its outgoing movements are frozen (docs/CONTRACT.md "Wallet freezes")
    """

    balance: float
    held: float
    active_coins: float
    total_received: float
    total_sent: float
    frozen: bool

    def to_dict(self) -> dict[str, Any]:
        balance = self.balance

        held = self.held

        active_coins = self.active_coins

        total_received = self.total_received

        total_sent = self.total_sent

        frozen = self.frozen

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "balance": balance,
                "held": held,
                "activeCoins": active_coins,
                "totalReceived": total_received,
                "totalSent": total_sent,
                "frozen": frozen,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        balance = d.pop("balance")

        held = d.pop("held")

        active_coins = d.pop("activeCoins")

        total_received = d.pop("totalReceived")

        total_sent = d.pop("totalSent")

        frozen = d.pop("frozen")

        get_user_response_200_wallet = cls(
            balance=balance,
            held=held,
            active_coins=active_coins,
            total_received=total_received,
            total_sent=total_sent,
            frozen=frozen,
        )

        return get_user_response_200_wallet
