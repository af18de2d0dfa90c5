from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.approve_cashout_reversal_response_200_cashout_approval_status import (
    ApproveCashoutReversalResponse200CashoutApprovalStatus,
    check_approve_cashout_reversal_response_200_cashout_approval_status,
)

T = TypeVar("T", bound="ApproveCashoutReversalResponse200CashoutApproval")


@_attrs_define
class ApproveCashoutReversalResponse200CashoutApproval:
    """
    Attributes:
        status (ApproveCashoutReversalResponse200CashoutApprovalStatus):
        approved_by (int | None):
        approved_at (datetime.datetime | None):
    """

    status: ApproveCashoutReversalResponse200CashoutApprovalStatus
    approved_by: int | None
    approved_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        approved_by: int | None
        approved_by = self.approved_by

        approved_at: None | str
        if isinstance(self.approved_at, datetime.datetime):
            approved_at = self.approved_at.isoformat()
        else:
            approved_at = self.approved_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "approvedBy": approved_by,
                "approvedAt": approved_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = check_approve_cashout_reversal_response_200_cashout_approval_status(
            d.pop("status")
        )

        def _parse_approved_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        approved_by = _parse_approved_by(d.pop("approvedBy"))

        def _parse_approved_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                approved_at_type_0 = datetime.datetime.fromisoformat(data)

                return approved_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        approved_at = _parse_approved_at(d.pop("approvedAt"))

        approve_cashout_reversal_response_200_cashout_approval = cls(
            status=status,
            approved_by=approved_by,
            approved_at=approved_at,
        )

        return approve_cashout_reversal_response_200_cashout_approval
