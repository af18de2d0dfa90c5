from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.create_sandbox_mandate_response_201_mandate_cancelled_by_type_0 import (
    CreateSandboxMandateResponse201MandateCancelledByType0,
    check_create_sandbox_mandate_response_201_mandate_cancelled_by_type_0,
)
from ..models.create_sandbox_mandate_response_201_mandate_period import (
    CreateSandboxMandateResponse201MandatePeriod,
    check_create_sandbox_mandate_response_201_mandate_period,
)
from ..models.create_sandbox_mandate_response_201_mandate_status import (
    CreateSandboxMandateResponse201MandateStatus,
    check_create_sandbox_mandate_response_201_mandate_status,
)

T = TypeVar("T", bound="CreateSandboxMandateResponse201Mandate")


@_attrs_define
class CreateSandboxMandateResponse201Mandate:
    """
    Attributes:
        id (UUID):
        status (CreateSandboxMandateResponse201MandateStatus):
        from_user_id (int):
        client_id (str):
        amount (float): Coins charged each period
        max_per_period (float): The most one period may be charged
        period (CreateSandboxMandateResponse201MandatePeriod):
        reason (str):
        starts_at (datetime.datetime):
        ends_at (datetime.datetime | None):
        next_period (int):
        next_charge_at (datetime.datetime | None):
        failed_attempts (int):
        cancelled_by (CreateSandboxMandateResponse201MandateCancelledByType0 | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    status: CreateSandboxMandateResponse201MandateStatus
    from_user_id: int
    client_id: str
    amount: float
    max_per_period: float
    period: CreateSandboxMandateResponse201MandatePeriod
    reason: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime | None
    next_period: int
    next_charge_at: datetime.datetime | None
    failed_attempts: int
    cancelled_by: CreateSandboxMandateResponse201MandateCancelledByType0 | None
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status: str = self.status

        from_user_id = self.from_user_id

        client_id = self.client_id

        amount = self.amount

        max_per_period = self.max_per_period

        period: str = self.period

        reason = self.reason

        starts_at = self.starts_at.isoformat()

        ends_at: None | str
        if isinstance(self.ends_at, datetime.datetime):
            ends_at = self.ends_at.isoformat()
        else:
            ends_at = self.ends_at

        next_period = self.next_period

        next_charge_at: None | str
        if isinstance(self.next_charge_at, datetime.datetime):
            next_charge_at = self.next_charge_at.isoformat()
        else:
            next_charge_at = self.next_charge_at

        failed_attempts = self.failed_attempts

        cancelled_by: None | str
        if isinstance(self.cancelled_by, str):
            cancelled_by = self.cancelled_by
        else:
            cancelled_by = self.cancelled_by

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "fromUserId": from_user_id,
                "clientId": client_id,
                "amount": amount,
                "maxPerPeriod": max_per_period,
                "period": period,
                "reason": reason,
                "startsAt": starts_at,
                "endsAt": ends_at,
                "nextPeriod": next_period,
                "nextChargeAt": next_charge_at,
                "failedAttempts": failed_attempts,
                "cancelledBy": cancelled_by,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = check_create_sandbox_mandate_response_201_mandate_status(
            d.pop("status")
        )

        from_user_id = d.pop("fromUserId")

        client_id = d.pop("clientId")

        amount = d.pop("amount")

        max_per_period = d.pop("maxPerPeriod")

        period = check_create_sandbox_mandate_response_201_mandate_period(
            d.pop("period")
        )

        reason = d.pop("reason")

        starts_at = datetime.datetime.fromisoformat(d.pop("startsAt"))

        def _parse_ends_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ends_at_type_0 = datetime.datetime.fromisoformat(data)

                return ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ends_at = _parse_ends_at(d.pop("endsAt"))

        next_period = d.pop("nextPeriod")

        def _parse_next_charge_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_charge_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_charge_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_charge_at = _parse_next_charge_at(d.pop("nextChargeAt"))

        failed_attempts = d.pop("failedAttempts")

        def _parse_cancelled_by(
            data: object,
        ) -> CreateSandboxMandateResponse201MandateCancelledByType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancelled_by_type_0 = check_create_sandbox_mandate_response_201_mandate_cancelled_by_type_0(
                    data
                )

                return cancelled_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                CreateSandboxMandateResponse201MandateCancelledByType0 | None, data
            )

        cancelled_by = _parse_cancelled_by(d.pop("cancelledBy"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        create_sandbox_mandate_response_201_mandate = cls(
            id=id,
            status=status,
            from_user_id=from_user_id,
            client_id=client_id,
            amount=amount,
            max_per_period=max_per_period,
            period=period,
            reason=reason,
            starts_at=starts_at,
            ends_at=ends_at,
            next_period=next_period,
            next_charge_at=next_charge_at,
            failed_attempts=failed_attempts,
            cancelled_by=cancelled_by,
            created_at=created_at,
            updated_at=updated_at,
        )

        return create_sandbox_mandate_response_201_mandate
