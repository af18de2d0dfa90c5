from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.test_client_webhook_endpoint_response_202_status import (
    TestClientWebhookEndpointResponse202Status,
    check_test_client_webhook_endpoint_response_202_status,
)

T = TypeVar("T", bound="TestClientWebhookEndpointResponse202")


@_attrs_define
class TestClientWebhookEndpointResponse202:
    """
    Attributes:
        status (TestClientWebhookEndpointResponse202Status):
        delivery_id (int): The delivery in the endpoint's delivery log
        event_id (UUID): The test event's id: its webhook-id header and the body's eventId
    """

    status: TestClientWebhookEndpointResponse202Status
    delivery_id: int
    event_id: UUID

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        delivery_id = self.delivery_id

        event_id = str(self.event_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "deliveryId": delivery_id,
                "eventId": event_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = check_test_client_webhook_endpoint_response_202_status(d.pop("status"))

        delivery_id = d.pop("deliveryId")

        event_id = UUID(d.pop("eventId"))

        test_client_webhook_endpoint_response_202 = cls(
            status=status,
            delivery_id=delivery_id,
            event_id=event_id,
        )

        return test_client_webhook_endpoint_response_202
