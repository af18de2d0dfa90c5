from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.list_client_mandates_response_200_mandates_item_cancelled_by_type_0 import (
    ListClientMandatesResponse200MandatesItemCancelledByType0,
    check_list_client_mandates_response_200_mandates_item_cancelled_by_type_0,
)
from ..models.list_client_mandates_response_200_mandates_item_period import (
    ListClientMandatesResponse200MandatesItemPeriod,
    check_list_client_mandates_response_200_mandates_item_period,
)
from ..models.list_client_mandates_response_200_mandates_item_status import (
    ListClientMandatesResponse200MandatesItemStatus,
    check_list_client_mandates_response_200_mandates_item_status,
)

T = TypeVar("T", bound="ListClientMandatesResponse200MandatesItem")


@_attrs_define
class ListClientMandatesResponse200MandatesItem:
    """
    Attributes:
        id (UUID):
        status (ListClientMandatesResponse200MandatesItemStatus):
        from_user_id (int):
        client_id (str):
        amount (float): Coins charged each period
        max_per_period (float): The most one period may be charged
        period (ListClientMandatesResponse200MandatesItemPeriod):
        reason (str):
        starts_at (datetime.datetime):
        ends_at (datetime.datetime | None):
        next_period (int):
        next_charge_at (datetime.datetime | None):
        failed_attempts (int):
        cancelled_by (ListClientMandatesResponse200MandatesItemCancelledByType0 | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    status: ListClientMandatesResponse200MandatesItemStatus
    from_user_id: int
    client_id: str
    amount: float
    max_per_period: float
    period: ListClientMandatesResponse200MandatesItemPeriod
    reason: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime | None
    next_period: int
    next_charge_at: datetime.datetime | None
    failed_attempts: int
    cancelled_by: ListClientMandatesResponse200MandatesItemCancelledByType0 | None
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

        status = check_list_client_mandates_response_200_mandates_item_status(
            d.pop("status")
        )

        from_user_id = d.pop("fromUserId")

        client_id = d.pop("clientId")

        amount = d.pop("amount")

        max_per_period = d.pop("maxPerPeriod")

        period = check_list_client_mandates_response_200_mandates_item_period(
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
        ) -> ListClientMandatesResponse200MandatesItemCancelledByType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancelled_by_type_0 = check_list_client_mandates_response_200_mandates_item_cancelled_by_type_0(
                    data
                )

                return cancelled_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ListClientMandatesResponse200MandatesItemCancelledByType0 | None, data
            )

        cancelled_by = _parse_cancelled_by(d.pop("cancelledBy"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        list_client_mandates_response_200_mandates_item = cls(
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

        return list_client_mandates_response_200_mandates_item
