from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.reject_cashout_rate_response_200_approval_status import (
    RejectCashoutRateResponse200ApprovalStatus,
    check_reject_cashout_rate_response_200_approval_status,
)

if TYPE_CHECKING:
    from ..models.reject_cashout_rate_response_200_approval_decided_by_type_0 import (
        RejectCashoutRateResponse200ApprovalDecidedByType0,
    )
    from ..models.reject_cashout_rate_response_200_approval_proposed_by import (
        RejectCashoutRateResponse200ApprovalProposedBy,
    )


T = TypeVar("T", bound="RejectCashoutRateResponse200Approval")


@_attrs_define
class RejectCashoutRateResponse200Approval:
    """
    Attributes:
        id (UUID):
        xaf_per_coin (int): XAF per coin
        effective_from (datetime.datetime): When it comes into force (judged at the ledger)
        status (RejectCashoutRateResponse200ApprovalStatus):
        proposed_by (RejectCashoutRateResponse200ApprovalProposedBy):
        proposed_at (datetime.datetime):
        decided_by (None | RejectCashoutRateResponse200ApprovalDecidedByType0):
        decided_at (datetime.datetime | None):
        expires_at (datetime.datetime): When a proposal lapses undecided: APPROVAL_EXPIRY_S (24 h) after it was
            proposed, or 60 seconds before its effective time if that comes first
    """

    id: UUID
    xaf_per_coin: int
    effective_from: datetime.datetime
    status: RejectCashoutRateResponse200ApprovalStatus
    proposed_by: RejectCashoutRateResponse200ApprovalProposedBy
    proposed_at: datetime.datetime
    decided_by: None | RejectCashoutRateResponse200ApprovalDecidedByType0
    decided_at: datetime.datetime | None
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.reject_cashout_rate_response_200_approval_decided_by_type_0 import (
            RejectCashoutRateResponse200ApprovalDecidedByType0,
        )

        id = str(self.id)

        xaf_per_coin = self.xaf_per_coin

        effective_from = self.effective_from.isoformat()

        status: str = self.status

        proposed_by = self.proposed_by.to_dict()

        proposed_at = self.proposed_at.isoformat()

        decided_by: dict[str, Any] | None
        if isinstance(
            self.decided_by, RejectCashoutRateResponse200ApprovalDecidedByType0
        ):
            decided_by = self.decided_by.to_dict()
        else:
            decided_by = self.decided_by

        decided_at: None | str
        if isinstance(self.decided_at, datetime.datetime):
            decided_at = self.decided_at.isoformat()
        else:
            decided_at = self.decided_at

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "xafPerCoin": xaf_per_coin,
                "effectiveFrom": effective_from,
                "status": status,
                "proposedBy": proposed_by,
                "proposedAt": proposed_at,
                "decidedBy": decided_by,
                "decidedAt": decided_at,
                "expiresAt": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reject_cashout_rate_response_200_approval_decided_by_type_0 import (
            RejectCashoutRateResponse200ApprovalDecidedByType0,
        )
        from ..models.reject_cashout_rate_response_200_approval_proposed_by import (
            RejectCashoutRateResponse200ApprovalProposedBy,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        xaf_per_coin = d.pop("xafPerCoin")

        effective_from = datetime.datetime.fromisoformat(d.pop("effectiveFrom"))

        status = check_reject_cashout_rate_response_200_approval_status(d.pop("status"))

        proposed_by = RejectCashoutRateResponse200ApprovalProposedBy.from_dict(
            d.pop("proposedBy")
        )

        proposed_at = datetime.datetime.fromisoformat(d.pop("proposedAt"))

        def _parse_decided_by(
            data: object,
        ) -> None | RejectCashoutRateResponse200ApprovalDecidedByType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decided_by_type_0 = (
                    RejectCashoutRateResponse200ApprovalDecidedByType0.from_dict(data)
                )

                return decided_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RejectCashoutRateResponse200ApprovalDecidedByType0, data)

        decided_by = _parse_decided_by(d.pop("decidedBy"))

        def _parse_decided_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decided_at_type_0 = datetime.datetime.fromisoformat(data)

                return decided_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        decided_at = _parse_decided_at(d.pop("decidedAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        reject_cashout_rate_response_200_approval = cls(
            id=id,
            xaf_per_coin=xaf_per_coin,
            effective_from=effective_from,
            status=status,
            proposed_by=proposed_by,
            proposed_at=proposed_at,
            decided_by=decided_by,
            decided_at=decided_at,
            expires_at=expires_at,
        )

        return reject_cashout_rate_response_200_approval
