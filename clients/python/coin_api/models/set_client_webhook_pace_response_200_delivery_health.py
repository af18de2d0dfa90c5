from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SetClientWebhookPaceResponse200DeliveryHealth")


@_attrs_define
class SetClientWebhookPaceResponse200DeliveryHealth:
    """The endpoint's delivery health: the share of its attempts that succeeded over the last 24 hours, and how long its
    oldest pending delivery has waited

        Attributes:
            attempts24h (int): Delivery attempts made to the endpoint in the last 24 hours (first tries and retries)
            succeeded24h (int): Of those, the attempts the endpoint answered with a 2xx
            success_rate (float | None): succeeded24h / attempts24h, from 0 to 1, rounded down to 4 decimals (below 1 while
                any attempt failed); null without attempts
            oldest_pending_age_seconds (int | None): Seconds since the oldest delivery still waiting (to be tried, or
                retried) was queued; null when none waits. Grows while the endpoint fails or is disabled
    """

    attempts24h: int
    succeeded24h: int
    success_rate: float | None
    oldest_pending_age_seconds: int | None

    def to_dict(self) -> dict[str, Any]:
        attempts24h = self.attempts24h

        succeeded24h = self.succeeded24h

        success_rate: float | None
        success_rate = self.success_rate

        oldest_pending_age_seconds: int | None
        oldest_pending_age_seconds = self.oldest_pending_age_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attempts24h": attempts24h,
                "succeeded24h": succeeded24h,
                "successRate": success_rate,
                "oldestPendingAgeSeconds": oldest_pending_age_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        attempts24h = d.pop("attempts24h")

        succeeded24h = d.pop("succeeded24h")

        def _parse_success_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        success_rate = _parse_success_rate(d.pop("successRate"))

        def _parse_oldest_pending_age_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        oldest_pending_age_seconds = _parse_oldest_pending_age_seconds(
            d.pop("oldestPendingAgeSeconds")
        )

        set_client_webhook_pace_response_200_delivery_health = cls(
            attempts24h=attempts24h,
            succeeded24h=succeeded24h,
            success_rate=success_rate,
            oldest_pending_age_seconds=oldest_pending_age_seconds,
        )

        return set_client_webhook_pace_response_200_delivery_health
