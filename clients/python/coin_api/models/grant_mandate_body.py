from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.grant_mandate_body_period import (
    GrantMandateBodyPeriod,
    check_grant_mandate_body_period,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="GrantMandateBody")


@_attrs_define
class GrantMandateBody:
    """
    Attributes:
        client_id (str): The platform client the mandate lets charge the wallet
        amount (float): Coins charged each period
        period (GrantMandateBodyPeriod): DAY, WEEK or MONTH (calendar month, UTC; a start on the 29th-31st is charged on
            the last day of shorter months)
        starts_at (datetime.datetime): When the first period starts and is charged (at most a year ahead)
        reason (str): Text: tab and line breaks allowed; no other control characters, no lone surrogates
        max_per_period (float | Unset): The most one period may be charged, at least amount; default: amount
        ends_at (datetime.datetime | Unset): After startsAt: no period starting at or after it is charged; absent: until
            cancelled
    """

    client_id: str
    amount: float
    period: GrantMandateBodyPeriod
    starts_at: datetime.datetime
    reason: str
    max_per_period: float | Unset = UNSET
    ends_at: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        amount = self.amount

        period: str = self.period

        starts_at = self.starts_at.isoformat()

        reason = self.reason

        max_per_period = self.max_per_period

        ends_at: str | Unset = UNSET
        if not isinstance(self.ends_at, Unset):
            ends_at = self.ends_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "clientId": client_id,
                "amount": amount,
                "period": period,
                "startsAt": starts_at,
                "reason": reason,
            }
        )
        if max_per_period is not UNSET:
            field_dict["maxPerPeriod"] = max_per_period
        if ends_at is not UNSET:
            field_dict["endsAt"] = ends_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("clientId")

        amount = d.pop("amount")

        period = check_grant_mandate_body_period(d.pop("period"))

        starts_at = datetime.datetime.fromisoformat(d.pop("startsAt"))

        reason = d.pop("reason")

        max_per_period = d.pop("maxPerPeriod", UNSET)

        _ends_at = d.pop("endsAt", UNSET)
        ends_at: datetime.datetime | Unset
        if isinstance(_ends_at, Unset):
            ends_at = UNSET
        else:
            ends_at = datetime.datetime.fromisoformat(_ends_at)

        grant_mandate_body = cls(
            client_id=client_id,
            amount=amount,
            period=period,
            starts_at=starts_at,
            reason=reason,
            max_per_period=max_per_period,
            ends_at=ends_at,
        )

        return grant_mandate_body
