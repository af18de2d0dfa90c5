from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="ApproveCashoutReversalResponse200ApprovalReversal")


@_attrs_define
class ApproveCashoutReversalResponse200ApprovalReversal:
    """
    Attributes:
        cashout_id (UUID):
        user_id (int):
        reason (str):
    """

    cashout_id: UUID
    user_id: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        cashout_id = str(self.cashout_id)

        user_id = self.user_id

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cashoutId": cashout_id,
                "userId": user_id,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cashout_id = UUID(d.pop("cashoutId"))

        user_id = d.pop("userId")

        reason = d.pop("reason")

        approve_cashout_reversal_response_200_approval_reversal = cls(
            cashout_id=cashout_id,
            user_id=user_id,
            reason=reason,
        )

        return approve_cashout_reversal_response_200_approval_reversal
