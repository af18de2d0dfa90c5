from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Wallet")


@_attrs_define
class Wallet:
    """
    Attributes:
        id (UUID):
        user_id (int):
        balance (float): Coins (2 decimals)
        active_coins (float): Coins (2 decimals)
        total_received (float): Coins (2 decimals)
        total_sent (float): Coins (2 decimals)
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        frozen (bool): Whether the wallet's outgoing movements are frozen (docs/CONTRACT.md "Wallet freezes"): its
            debits are refused, its credits land
        xaf_value (int | Unset): balance x COIN_XAF_RATE, when configured
    """

    id: UUID
    user_id: int
    balance: float
    active_coins: float
    total_received: float
    total_sent: float
    created_at: datetime.datetime
    updated_at: datetime.datetime
    frozen: bool
    xaf_value: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        user_id = self.user_id

        balance = self.balance

        active_coins = self.active_coins

        total_received = self.total_received

        total_sent = self.total_sent

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        frozen = self.frozen

        xaf_value = self.xaf_value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "userId": user_id,
                "balance": balance,
                "activeCoins": active_coins,
                "totalReceived": total_received,
                "totalSent": total_sent,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "frozen": frozen,
            }
        )
        if xaf_value is not UNSET:
            field_dict["xafValue"] = xaf_value

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        user_id = d.pop("userId")

        balance = d.pop("balance")

        active_coins = d.pop("activeCoins")

        total_received = d.pop("totalReceived")

        total_sent = d.pop("totalSent")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        frozen = d.pop("frozen")

        xaf_value = d.pop("xafValue", UNSET)

        wallet = cls(
            id=id,
            user_id=user_id,
            balance=balance,
            active_coins=active_coins,
            total_received=total_received,
            total_sent=total_sent,
            created_at=created_at,
            updated_at=updated_at,
            frozen=frozen,
            xaf_value=xaf_value,
        )

        return wallet
