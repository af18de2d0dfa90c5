from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.treasury_code import TreasuryCode, check_treasury_code

T = TypeVar("T", bound="Treasury")


@_attrs_define
class Treasury:
    """
    Attributes:
        code (TreasuryCode):
        name (str):
        wallet_id (UUID):
        balance (float): Coins (2 decimals)
        total_received (float): Coins (2 decimals)
        total_sent (float): Coins (2 decimals)
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    code: TreasuryCode
    name: str
    wallet_id: UUID
    balance: float
    total_received: float
    total_sent: float
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        code: str = self.code

        name = self.name

        wallet_id = str(self.wallet_id)

        balance = self.balance

        total_received = self.total_received

        total_sent = self.total_sent

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "name": name,
                "walletId": wallet_id,
                "balance": balance,
                "totalReceived": total_received,
                "totalSent": total_sent,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = check_treasury_code(d.pop("code"))

        name = d.pop("name")

        wallet_id = UUID(d.pop("walletId"))

        balance = d.pop("balance")

        total_received = d.pop("totalReceived")

        total_sent = d.pop("totalSent")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        treasury = cls(
            code=code,
            name=name,
            wallet_id=wallet_id,
            balance=balance,
            total_received=total_received,
            total_sent=total_sent,
            created_at=created_at,
            updated_at=updated_at,
        )

        return treasury
