from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.redeliver_webhook_delivery_response_202_status import (
    RedeliverWebhookDeliveryResponse202Status,
    check_redeliver_webhook_delivery_response_202_status,
)

T = TypeVar("T", bound="RedeliverWebhookDeliveryResponse202")


@_attrs_define
class RedeliverWebhookDeliveryResponse202:
    """
    Attributes:
        status (RedeliverWebhookDeliveryResponse202Status):
    """

    status: RedeliverWebhookDeliveryResponse202Status

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = check_redeliver_webhook_delivery_response_202_status(d.pop("status"))

        redeliver_webhook_delivery_response_202 = cls(
            status=status,
        )

        return redeliver_webhook_delivery_response_202
