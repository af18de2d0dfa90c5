from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_sandbox_mandate_body_period import (
    CreateSandboxMandateBodyPeriod,
    check_create_sandbox_mandate_body_period,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSandboxMandateBody")


@_attrs_define
class CreateSandboxMandateBody:
    """
    Attributes:
        user_id (int): The test user whose sandbox wallet the mandate charges
        amount (float): Coins charged each period
        period (CreateSandboxMandateBodyPeriod): DAY, WEEK or MONTH (calendar month, UTC), counted on the client’s test
            clock
        reason (str): Text: tab and line breaks allowed; no other control characters, no lone surrogates
        max_per_period (float | Unset): The most one period may be charged, at least amount; default: amount
        starts_at (datetime.datetime | Unset): When the first period starts and is charged, on the client’s test clock
            (at most a year ahead); default: its now
        ends_at (datetime.datetime | Unset): After startsAt: no period starting at or after it is charged; absent: until
            cancelled
    """

    user_id: int
    amount: float
    period: CreateSandboxMandateBodyPeriod
    reason: str
    max_per_period: float | Unset = UNSET
    starts_at: datetime.datetime | Unset = UNSET
    ends_at: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        amount = self.amount

        period: str = self.period

        reason = self.reason

        max_per_period = self.max_per_period

        starts_at: str | Unset = UNSET
        if not isinstance(self.starts_at, Unset):
            starts_at = self.starts_at.isoformat()

        ends_at: str | Unset = UNSET
        if not isinstance(self.ends_at, Unset):
            ends_at = self.ends_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "amount": amount,
                "period": period,
                "reason": reason,
            }
        )
        if max_per_period is not UNSET:
            field_dict["maxPerPeriod"] = max_per_period
        if starts_at is not UNSET:
            field_dict["startsAt"] = starts_at
        if ends_at is not UNSET:
            field_dict["endsAt"] = ends_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("userId")

        amount = d.pop("amount")

        period = check_create_sandbox_mandate_body_period(d.pop("period"))

        reason = d.pop("reason")

        max_per_period = d.pop("maxPerPeriod", UNSET)

        _starts_at = d.pop("startsAt", UNSET)
        starts_at: datetime.datetime | Unset
        if isinstance(_starts_at, Unset):
            starts_at = UNSET
        else:
            starts_at = datetime.datetime.fromisoformat(_starts_at)

        _ends_at = d.pop("endsAt", UNSET)
        ends_at: datetime.datetime | Unset
        if isinstance(_ends_at, Unset):
            ends_at = UNSET
        else:
            ends_at = datetime.datetime.fromisoformat(_ends_at)

        create_sandbox_mandate_body = cls(
            user_id=user_id,
            amount=amount,
            period=period,
            reason=reason,
            max_per_period=max_per_period,
            starts_at=starts_at,
            ends_at=ends_at,
        )

        return create_sandbox_mandate_body
