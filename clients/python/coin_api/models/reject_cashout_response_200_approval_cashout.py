from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="RejectCashoutResponse200ApprovalCashout")


@_attrs_define
class RejectCashoutResponse200ApprovalCashout:
    """
    Attributes:
        cashout_id (UUID):
        user_id (int):
        amount (float): Coins (2 decimals)
    """

    cashout_id: UUID
    user_id: int
    amount: float

    def to_dict(self) -> dict[str, Any]:
        cashout_id = str(self.cashout_id)

        user_id = self.user_id

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashoutId": cashout_id,
                "userId": user_id,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cashout_id = UUID(d.pop("cashoutId"))

        user_id = d.pop("userId")

        amount = d.pop("amount")

        reject_cashout_response_200_approval_cashout = cls(
            cashout_id=cashout_id,
            user_id=user_id,
            amount=amount,
        )

        return reject_cashout_response_200_approval_cashout
