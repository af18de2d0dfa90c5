from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.resend_event_response_202_deliveries_item_status import (
    ResendEventResponse202DeliveriesItemStatus,
    check_resend_event_response_202_deliveries_item_status,
)

T = TypeVar("T", bound="ResendEventResponse202DeliveriesItem")


@_attrs_define
class ResendEventResponse202DeliveriesItem:
    """
    Attributes:
        endpoint_id (UUID): The endpoint the event goes to again
        delivery_id (int): The delivery in the endpoint's delivery log
        status (ResendEventResponse202DeliveriesItemStatus):
    """

    endpoint_id: UUID
    delivery_id: int
    status: ResendEventResponse202DeliveriesItemStatus

    def to_dict(self) -> dict[str, Any]:
        endpoint_id = str(self.endpoint_id)

        delivery_id = self.delivery_id

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endpointId": endpoint_id,
                "deliveryId": delivery_id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        endpoint_id = UUID(d.pop("endpointId"))

        delivery_id = d.pop("deliveryId")

        status = check_resend_event_response_202_deliveries_item_status(d.pop("status"))

        resend_event_response_202_deliveries_item = cls(
            endpoint_id=endpoint_id,
            delivery_id=delivery_id,
            status=status,
        )

        return resend_event_response_202_deliveries_item
