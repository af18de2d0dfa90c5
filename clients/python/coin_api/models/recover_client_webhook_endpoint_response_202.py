from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.recover_client_webhook_endpoint_response_202_status import (
    RecoverClientWebhookEndpointResponse202Status,
    check_recover_client_webhook_endpoint_response_202_status,
)

T = TypeVar("T", bound="RecoverClientWebhookEndpointResponse202")


@_attrs_define
class RecoverClientWebhookEndpointResponse202:
    """A recovery: every failed delivery of the endpoint in its span, sent again by one background task

    Attributes:
        id (UUID): The recovery's id (GET …/recoveries/{recoveryId})
        endpoint_id (UUID):
        since (datetime.datetime): The failed deliveries queued from this instant …
        until (datetime.datetime): … to this one (when the recovery was asked for) are sent again
        status (RecoverClientWebhookEndpointResponse202Status): RUNNING while deliveries are being put back in the
            queue; DONE when every one is
        total (int): The failed deliveries of the span when the recovery began
        requeued (int): Of those, the ones put back in the queue so far: each is attempted again with a fresh schedule,
            shown in the delivery log
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None):
    """

    id: UUID
    endpoint_id: UUID
    since: datetime.datetime
    until: datetime.datetime
    status: RecoverClientWebhookEndpointResponse202Status
    total: int
    requeued: int
    created_at: datetime.datetime
    finished_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        endpoint_id = str(self.endpoint_id)

        since = self.since.isoformat()

        until = self.until.isoformat()

        status: str = self.status

        total = self.total

        requeued = self.requeued

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "endpointId": endpoint_id,
                "since": since,
                "until": until,
                "status": status,
                "total": total,
                "requeued": requeued,
                "createdAt": created_at,
                "finishedAt": finished_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        endpoint_id = UUID(d.pop("endpointId"))

        since = datetime.datetime.fromisoformat(d.pop("since"))

        until = datetime.datetime.fromisoformat(d.pop("until"))

        status = check_recover_client_webhook_endpoint_response_202_status(
            d.pop("status")
        )

        total = d.pop("total")

        requeued = d.pop("requeued")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finishedAt"))

        recover_client_webhook_endpoint_response_202 = cls(
            id=id,
            endpoint_id=endpoint_id,
            since=since,
            until=until,
            status=status,
            total=total,
            requeued=requeued,
            created_at=created_at,
            finished_at=finished_at,
        )

        return recover_client_webhook_endpoint_response_202
