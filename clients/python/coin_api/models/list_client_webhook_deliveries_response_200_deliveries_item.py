from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.list_client_webhook_deliveries_response_200_deliveries_item_status import (
    ListClientWebhookDeliveriesResponse200DeliveriesItemStatus,
    check_list_client_webhook_deliveries_response_200_deliveries_item_status,
)

if TYPE_CHECKING:
    from ..models.list_client_webhook_deliveries_response_200_deliveries_item_endpoint_disabled_type_0 import (
        ListClientWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0,
    )
    from ..models.list_client_webhook_deliveries_response_200_deliveries_item_payload import (
        ListClientWebhookDeliveriesResponse200DeliveriesItemPayload,
    )


T = TypeVar("T", bound="ListClientWebhookDeliveriesResponse200DeliveriesItem")


@_attrs_define
class ListClientWebhookDeliveriesResponse200DeliveriesItem:
    """
    Attributes:
        id (int):
        event_id (UUID):
        event_type (str):
        status (ListClientWebhookDeliveriesResponse200DeliveriesItemStatus):
        attempts (int):
        next_attempt_at (datetime.datetime | None):
        last_attempt_at (datetime.datetime | None): When the last attempt started (a paced endpoint: its slot)
        last_response_code (int | None):
        last_error (None | str):
        created_at (datetime.datetime):
        delivered_at (datetime.datetime | None):
        endpoint_disabled (ListClientWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0 | None):
        payload (ListClientWebhookDeliveriesResponse200DeliveriesItemPayload): The event exactly as sent (the signed
            body): one of the webhook events (CoinWebhookEvent in @coin/events)
    """

    id: int
    event_id: UUID
    event_type: str
    status: ListClientWebhookDeliveriesResponse200DeliveriesItemStatus
    attempts: int
    next_attempt_at: datetime.datetime | None
    last_attempt_at: datetime.datetime | None
    last_response_code: int | None
    last_error: None | str
    created_at: datetime.datetime
    delivered_at: datetime.datetime | None
    endpoint_disabled: (
        ListClientWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0 | None
    )
    payload: ListClientWebhookDeliveriesResponse200DeliveriesItemPayload

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_client_webhook_deliveries_response_200_deliveries_item_endpoint_disabled_type_0 import (
            ListClientWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0,
        )

        id = self.id

        event_id = str(self.event_id)

        event_type = self.event_type

        status: str = self.status

        attempts = self.attempts

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        last_attempt_at: None | str
        if isinstance(self.last_attempt_at, datetime.datetime):
            last_attempt_at = self.last_attempt_at.isoformat()
        else:
            last_attempt_at = self.last_attempt_at

        last_response_code: int | None
        last_response_code = self.last_response_code

        last_error: None | str
        last_error = self.last_error

        created_at = self.created_at.isoformat()

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        endpoint_disabled: dict[str, Any] | None
        if isinstance(
            self.endpoint_disabled,
            ListClientWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0,
        ):
            endpoint_disabled = self.endpoint_disabled.to_dict()
        else:
            endpoint_disabled = self.endpoint_disabled

        payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "eventId": event_id,
                "eventType": event_type,
                "status": status,
                "attempts": attempts,
                "nextAttemptAt": next_attempt_at,
                "lastAttemptAt": last_attempt_at,
                "lastResponseCode": last_response_code,
                "lastError": last_error,
                "createdAt": created_at,
                "deliveredAt": delivered_at,
                "endpointDisabled": endpoint_disabled,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_client_webhook_deliveries_response_200_deliveries_item_endpoint_disabled_type_0 import (
            ListClientWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0,
        )
        from ..models.list_client_webhook_deliveries_response_200_deliveries_item_payload import (
            ListClientWebhookDeliveriesResponse200DeliveriesItemPayload,
        )

        d = dict(src_dict)
        id = d.pop("id")

        event_id = UUID(d.pop("eventId"))

        event_type = d.pop("eventType")

        status = (
            check_list_client_webhook_deliveries_response_200_deliveries_item_status(
                d.pop("status")
            )
        )

        attempts = d.pop("attempts")

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))

        def _parse_last_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("lastAttemptAt"))

        def _parse_last_response_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_response_code = _parse_last_response_code(d.pop("lastResponseCode"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("lastError"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("deliveredAt"))

        def _parse_endpoint_disabled(
            data: object,
        ) -> (
            ListClientWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                endpoint_disabled_type_0 = ListClientWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0.from_dict(
                    data
                )

                return endpoint_disabled_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ListClientWebhookDeliveriesResponse200DeliveriesItemEndpointDisabledType0
                | None,
                data,
            )

        endpoint_disabled = _parse_endpoint_disabled(d.pop("endpointDisabled"))

        payload = ListClientWebhookDeliveriesResponse200DeliveriesItemPayload.from_dict(
            d.pop("payload")
        )

        list_client_webhook_deliveries_response_200_deliveries_item = cls(
            id=id,
            event_id=event_id,
            event_type=event_type,
            status=status,
            attempts=attempts,
            next_attempt_at=next_attempt_at,
            last_attempt_at=last_attempt_at,
            last_response_code=last_response_code,
            last_error=last_error,
            created_at=created_at,
            delivered_at=delivered_at,
            endpoint_disabled=endpoint_disabled,
            payload=payload,
        )

        return list_client_webhook_deliveries_response_200_deliveries_item
