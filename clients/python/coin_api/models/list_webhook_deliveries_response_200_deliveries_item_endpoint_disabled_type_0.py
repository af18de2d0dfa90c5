from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar(
    "T", bound="ListWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0"
)


@_attrs_define
class ListWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0:
    """This delivery failed its last attempt and its endpoint was disabled

    Attributes:
        at (datetime.datetime): When the endpoint was disabled
        event_id (UUID): The coin.webhook-endpoint.disabled event that told the client (in GET /api/events, and sent to
            its other endpoints)
        told_endpoints (int): The other enabled endpoints of the client the event was sent to (0: none)
    """

    at: datetime.datetime
    event_id: UUID
    told_endpoints: int

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        event_id = str(self.event_id)

        told_endpoints = self.told_endpoints

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "eventId": event_id,
                "toldEndpoints": told_endpoints,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        event_id = UUID(d.pop("eventId"))

        told_endpoints = d.pop("toldEndpoints")

        list_webhook_deliveries_response_200_deliveries_item_endpoint_disabled_type_0 = cls(
            at=at,
            event_id=event_id,
            told_endpoints=told_endpoints,
        )

        return list_webhook_deliveries_response_200_deliveries_item_endpoint_disabled_type_0
