from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_webhook_endpoint_body_event_types_item import (
    CreateWebhookEndpointBodyEventTypesItem,
    check_create_webhook_endpoint_body_event_types_item,
)

T = TypeVar("T", bound="CreateWebhookEndpointBody")


@_attrs_define
class CreateWebhookEndpointBody:
    """
    Attributes:
        url (str): https:// URL the deliveries are POSTed to (one line: no control characters, no lone surrogates)
        event_types (list[CreateWebhookEndpointBodyEventTypesItem]): The event types to receive; only the events that
            name the client as party are sent (a transaction it made, a hold it settles, its mandate), never a monitoring
            case
    """

    url: str
    event_types: list[CreateWebhookEndpointBodyEventTypesItem]

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event_types = []
        for event_types_item_data in self.event_types:
            event_types_item: str = event_types_item_data
            event_types.append(event_types_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "eventTypes": event_types,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        event_types = []
        _event_types = d.pop("eventTypes")
        for event_types_item_data in _event_types:
            event_types_item = check_create_webhook_endpoint_body_event_types_item(
                event_types_item_data
            )

            event_types.append(event_types_item)

        create_webhook_endpoint_body = cls(
            url=url,
            event_types=event_types,
        )

        return create_webhook_endpoint_body
