from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.rotate_webhook_secret_response_200_status import (
    RotateWebhookSecretResponse200Status,
    check_rotate_webhook_secret_response_200_status,
)

if TYPE_CHECKING:
    from ..models.rotate_webhook_secret_response_200_delivery_health import (
        RotateWebhookSecretResponse200DeliveryHealth,
    )


T = TypeVar("T", bound="RotateWebhookSecretResponse200")


@_attrs_define
class RotateWebhookSecretResponse200:
    """
    Attributes:
        id (UUID):
        client_id (str):
        url (str):
        event_types (list[str]):
        status (RotateWebhookSecretResponse200Status):
        disabled_reason (None | str):
        disabled_at (datetime.datetime | None):
        created_at (datetime.datetime):
        previous_secret_expires_at (datetime.datetime | None): While set and in the future, the previous secret signs
            too
        max_deliveries_per_second (int | None): The pace the platform set (PUT …/pace): at most this many delivery
            attempts a second; deliveries beyond it wait in the queue, in order, none dropped. null: no pace
        delivery_health (RotateWebhookSecretResponse200DeliveryHealth): The endpoint's delivery health: the share of its
            attempts that succeeded over the last 24 hours, and how long its oldest pending delivery has waited
        secret (str): Shown once: keep it to verify the deliveries. `whsec_` and the 32-byte key in standard base64, the
            Standard Webhooks form its libraries take as it is (the webhook-* headers), and the key of the Coin-Signature
            header as given (verifyWebhookSignature in @coin/events). Secrets issued before this form are base64url and keep
            signing until rotated
    """

    id: UUID
    client_id: str
    url: str
    event_types: list[str]
    status: RotateWebhookSecretResponse200Status
    disabled_reason: None | str
    disabled_at: datetime.datetime | None
    created_at: datetime.datetime
    previous_secret_expires_at: datetime.datetime | None
    max_deliveries_per_second: int | None
    delivery_health: RotateWebhookSecretResponse200DeliveryHealth
    secret: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        client_id = self.client_id

        url = self.url

        event_types = self.event_types

        status: str = self.status

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        created_at = self.created_at.isoformat()

        previous_secret_expires_at: None | str
        if isinstance(self.previous_secret_expires_at, datetime.datetime):
            previous_secret_expires_at = self.previous_secret_expires_at.isoformat()
        else:
            previous_secret_expires_at = self.previous_secret_expires_at

        max_deliveries_per_second: int | None
        max_deliveries_per_second = self.max_deliveries_per_second

        delivery_health = self.delivery_health.to_dict()

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "clientId": client_id,
                "url": url,
                "eventTypes": event_types,
                "status": status,
                "disabledReason": disabled_reason,
                "disabledAt": disabled_at,
                "createdAt": created_at,
                "previousSecretExpiresAt": previous_secret_expires_at,
                "maxDeliveriesPerSecond": max_deliveries_per_second,
                "deliveryHealth": delivery_health,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rotate_webhook_secret_response_200_delivery_health import (
            RotateWebhookSecretResponse200DeliveryHealth,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        client_id = d.pop("clientId")

        url = d.pop("url")

        event_types = cast(list[str], d.pop("eventTypes"))

        status = check_rotate_webhook_secret_response_200_status(d.pop("status"))

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason"))

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabledAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_previous_secret_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_secret_expires_at_type_0 = datetime.datetime.fromisoformat(
                    data
                )

                return previous_secret_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(
            d.pop("previousSecretExpiresAt")
        )

        def _parse_max_deliveries_per_second(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_deliveries_per_second = _parse_max_deliveries_per_second(
            d.pop("maxDeliveriesPerSecond")
        )

        delivery_health = RotateWebhookSecretResponse200DeliveryHealth.from_dict(
            d.pop("deliveryHealth")
        )

        secret = d.pop("secret")

        rotate_webhook_secret_response_200 = cls(
            id=id,
            client_id=client_id,
            url=url,
            event_types=event_types,
            status=status,
            disabled_reason=disabled_reason,
            disabled_at=disabled_at,
            created_at=created_at,
            previous_secret_expires_at=previous_secret_expires_at,
            max_deliveries_per_second=max_deliveries_per_second,
            delivery_health=delivery_health,
            secret=secret,
        )

        return rotate_webhook_secret_response_200
