from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.reject_cashout_response_200_approval_status import (
    RejectCashoutResponse200ApprovalStatus,
    check_reject_cashout_response_200_approval_status,
)

if TYPE_CHECKING:
    from ..models.reject_cashout_response_200_approval_cashout import (
        RejectCashoutResponse200ApprovalCashout,
    )
    from ..models.reject_cashout_response_200_approval_decided_by_type_0 import (
        RejectCashoutResponse200ApprovalDecidedByType0,
    )
    from ..models.reject_cashout_response_200_approval_requested_by import (
        RejectCashoutResponse200ApprovalRequestedBy,
    )


T = TypeVar("T", bound="RejectCashoutResponse200Approval")


@_attrs_define
class RejectCashoutResponse200Approval:
    """
    Attributes:
        id (UUID):
        status (RejectCashoutResponse200ApprovalStatus):
        requested_by (RejectCashoutResponse200ApprovalRequestedBy):
        created_at (datetime.datetime):
        expires_at (datetime.datetime):
        updated_at (datetime.datetime):
        decided_by (None | RejectCashoutResponse200ApprovalDecidedByType0):
        rejection_reason (None | str):
        transaction_id (int | None):
        cashout (RejectCashoutResponse200ApprovalCashout):
    """

    id: UUID
    status: RejectCashoutResponse200ApprovalStatus
    requested_by: RejectCashoutResponse200ApprovalRequestedBy
    created_at: datetime.datetime
    expires_at: datetime.datetime
    updated_at: datetime.datetime
    decided_by: None | RejectCashoutResponse200ApprovalDecidedByType0
    rejection_reason: None | str
    transaction_id: int | None
    cashout: RejectCashoutResponse200ApprovalCashout

    def to_dict(self) -> dict[str, Any]:
        from ..models.reject_cashout_response_200_approval_decided_by_type_0 import (
            RejectCashoutResponse200ApprovalDecidedByType0,
        )

        id = str(self.id)

        status: str = self.status

        requested_by = self.requested_by.to_dict()

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        updated_at = self.updated_at.isoformat()

        decided_by: dict[str, Any] | None
        if isinstance(self.decided_by, RejectCashoutResponse200ApprovalDecidedByType0):
            decided_by = self.decided_by.to_dict()
        else:
            decided_by = self.decided_by

        rejection_reason: None | str
        rejection_reason = self.rejection_reason

        transaction_id: int | None
        transaction_id = self.transaction_id

        cashout = self.cashout.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "requestedBy": requested_by,
                "createdAt": created_at,
                "expiresAt": expires_at,
                "updatedAt": updated_at,
                "decidedBy": decided_by,
                "rejectionReason": rejection_reason,
                "transactionId": transaction_id,
                "cashout": cashout,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reject_cashout_response_200_approval_cashout import (
            RejectCashoutResponse200ApprovalCashout,
        )
        from ..models.reject_cashout_response_200_approval_decided_by_type_0 import (
            RejectCashoutResponse200ApprovalDecidedByType0,
        )
        from ..models.reject_cashout_response_200_approval_requested_by import (
            RejectCashoutResponse200ApprovalRequestedBy,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = check_reject_cashout_response_200_approval_status(d.pop("status"))

        requested_by = RejectCashoutResponse200ApprovalRequestedBy.from_dict(
            d.pop("requestedBy")
        )

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_decided_by(
            data: object,
        ) -> None | RejectCashoutResponse200ApprovalDecidedByType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decided_by_type_0 = (
                    RejectCashoutResponse200ApprovalDecidedByType0.from_dict(data)
                )

                return decided_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RejectCashoutResponse200ApprovalDecidedByType0, data)

        decided_by = _parse_decided_by(d.pop("decidedBy"))

        def _parse_rejection_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rejection_reason = _parse_rejection_reason(d.pop("rejectionReason"))

        def _parse_transaction_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        transaction_id = _parse_transaction_id(d.pop("transactionId"))

        cashout = RejectCashoutResponse200ApprovalCashout.from_dict(d.pop("cashout"))

        reject_cashout_response_200_approval = cls(
            id=id,
            status=status,
            requested_by=requested_by,
            created_at=created_at,
            expires_at=expires_at,
            updated_at=updated_at,
            decided_by=decided_by,
            rejection_reason=rejection_reason,
            transaction_id=transaction_id,
            cashout=cashout,
        )

        return reject_cashout_response_200_approval
