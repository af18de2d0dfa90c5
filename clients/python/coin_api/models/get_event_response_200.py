from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_event_response_200_payload import GetEventResponse200Payload


T = TypeVar("T", bound="GetEventResponse200")


@_attrs_define
class GetEventResponse200:
    """
    Attributes:
        id (UUID): The event's id: its eventId, and the webhook-id of its deliveries
        type_ (str):
        created_at (datetime.datetime): When the webhooks service recorded it for this platform
        payload (GetEventResponse200Payload): The event exactly as its deliveries carry it: one of the webhook events
            (CoinWebhookEvent in @coin/events)
    """

    id: UUID
    type_: str
    created_at: datetime.datetime
    payload: GetEventResponse200Payload

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        type_ = self.type_

        created_at = self.created_at.isoformat()

        payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "createdAt": created_at,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_event_response_200_payload import GetEventResponse200Payload

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        type_ = d.pop("type")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        payload = GetEventResponse200Payload.from_dict(d.pop("payload"))

        get_event_response_200 = cls(
            id=id,
            type_=type_,
            created_at=created_at,
            payload=payload,
        )

        return get_event_response_200
