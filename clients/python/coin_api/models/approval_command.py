from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.approval_command_treasury_type_0 import (
    ApprovalCommandTreasuryType0,
    check_approval_command_treasury_type_0,
)
from ..models.approval_command_type import (
    ApprovalCommandType,
    check_approval_command_type,
)

T = TypeVar("T", bound="ApprovalCommand")


@_attrs_define
class ApprovalCommand:
    """
    Attributes:
        type_ (ApprovalCommandType):
        user_id (int | None):
        treasury (ApprovalCommandTreasuryType0 | None):
        transaction_id (int | None):
        amount (float | None):
        reason (str):
    """

    type_: ApprovalCommandType
    user_id: int | None
    treasury: ApprovalCommandTreasuryType0 | None
    transaction_id: int | None
    amount: float | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        user_id: int | None
        user_id = self.user_id

        treasury: None | str
        if isinstance(self.treasury, str):
            treasury = self.treasury
        else:
            treasury = self.treasury

        transaction_id: int | None
        transaction_id = self.transaction_id

        amount: float | None
        amount = self.amount

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "userId": user_id,
                "treasury": treasury,
                "transactionId": transaction_id,
                "amount": amount,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_approval_command_type(d.pop("type"))

        def _parse_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        user_id = _parse_user_id(d.pop("userId"))

        def _parse_treasury(data: object) -> ApprovalCommandTreasuryType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                treasury_type_0 = check_approval_command_treasury_type_0(data)

                return treasury_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ApprovalCommandTreasuryType0 | None, data)

        treasury = _parse_treasury(d.pop("treasury"))

        def _parse_transaction_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        transaction_id = _parse_transaction_id(d.pop("transactionId"))

        def _parse_amount(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        amount = _parse_amount(d.pop("amount"))

        reason = d.pop("reason")

        approval_command = cls(
            type_=type_,
            user_id=user_id,
            treasury=treasury,
            transaction_id=transaction_id,
            amount=amount,
            reason=reason,
        )

        return approval_command
