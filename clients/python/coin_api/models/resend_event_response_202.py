from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.resend_event_response_202_deliveries_item import (
        ResendEventResponse202DeliveriesItem,
    )


T = TypeVar("T", bound="ResendEventResponse202")


@_attrs_define
class ResendEventResponse202:
    """
    Attributes:
        event_id (UUID):
        deliveries (list[ResendEventResponse202DeliveriesItem]): Every delivery of the event to the caller's endpoints
            (none when no endpoint of the caller received it)
    """

    event_id: UUID
    deliveries: list[ResendEventResponse202DeliveriesItem]

    def to_dict(self) -> dict[str, Any]:
        event_id = str(self.event_id)

        deliveries = []
        for deliveries_item_data in self.deliveries:
            deliveries_item = deliveries_item_data.to_dict()
            deliveries.append(deliveries_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "eventId": event_id,
                "deliveries": deliveries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.resend_event_response_202_deliveries_item import (
            ResendEventResponse202DeliveriesItem,
        )

        d = dict(src_dict)
        event_id = UUID(d.pop("eventId"))

        deliveries = []
        _deliveries = d.pop("deliveries")
        for deliveries_item_data in _deliveries:
            deliveries_item = ResendEventResponse202DeliveriesItem.from_dict(
                deliveries_item_data
            )

            deliveries.append(deliveries_item)

        resend_event_response_202 = cls(
            event_id=event_id,
            deliveries=deliveries,
        )

        return resend_event_response_202
