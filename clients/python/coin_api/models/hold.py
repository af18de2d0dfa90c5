from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.hold_status import HoldStatus, check_hold_status
from ..models.hold_to_treasury_type_0 import (
    HoldToTreasuryType0,
    check_hold_to_treasury_type_0,
)

T = TypeVar("T", bound="Hold")


@_attrs_define
class Hold:
    """
    Attributes:
        id (UUID):
        status (HoldStatus):
        amount (float): Coins held (2 decimals)
        from_user_id (int):
        to_user_id (int | None):
        to_treasury (HoldToTreasuryType0 | None):
        reason (str):
        reference (None | str):
        expires_at (datetime.datetime):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        captured_amount (float | None):
        transaction_id (int | None):
    """

    id: UUID
    status: HoldStatus
    amount: float
    from_user_id: int
    to_user_id: int | None
    to_treasury: HoldToTreasuryType0 | None
    reason: str
    reference: None | str
    expires_at: datetime.datetime
    created_at: datetime.datetime
    updated_at: datetime.datetime
    captured_amount: float | None
    transaction_id: int | None

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status: str = self.status

        amount = self.amount

        from_user_id = self.from_user_id

        to_user_id: int | None
        to_user_id = self.to_user_id

        to_treasury: None | str
        if isinstance(self.to_treasury, str):
            to_treasury = self.to_treasury
        else:
            to_treasury = self.to_treasury

        reason = self.reason

        reference: None | str
        reference = self.reference

        expires_at = self.expires_at.isoformat()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        captured_amount: float | None
        captured_amount = self.captured_amount

        transaction_id: int | None
        transaction_id = self.transaction_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "amount": amount,
                "fromUserId": from_user_id,
                "toUserId": to_user_id,
                "toTreasury": to_treasury,
                "reason": reason,
                "reference": reference,
                "expiresAt": expires_at,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "capturedAmount": captured_amount,
                "transactionId": transaction_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = check_hold_status(d.pop("status"))

        amount = d.pop("amount")

        from_user_id = d.pop("fromUserId")

        def _parse_to_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_user_id = _parse_to_user_id(d.pop("toUserId"))

        def _parse_to_treasury(data: object) -> HoldToTreasuryType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                to_treasury_type_0 = check_hold_to_treasury_type_0(data)

                return to_treasury_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HoldToTreasuryType0 | None, data)

        to_treasury = _parse_to_treasury(d.pop("toTreasury"))

        reason = d.pop("reason")

        def _parse_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reference = _parse_reference(d.pop("reference"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_captured_amount(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        captured_amount = _parse_captured_amount(d.pop("capturedAmount"))

        def _parse_transaction_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        transaction_id = _parse_transaction_id(d.pop("transactionId"))

        hold = cls(
            id=id,
            status=status,
            amount=amount,
            from_user_id=from_user_id,
            to_user_id=to_user_id,
            to_treasury=to_treasury,
            reason=reason,
            reference=reference,
            expires_at=expires_at,
            created_at=created_at,
            updated_at=updated_at,
            captured_amount=captured_amount,
            transaction_id=transaction_id,
        )

        return hold
