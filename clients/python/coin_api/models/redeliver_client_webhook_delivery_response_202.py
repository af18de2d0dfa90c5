from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.redeliver_client_webhook_delivery_response_202_status import (
    RedeliverClientWebhookDeliveryResponse202Status,
    check_redeliver_client_webhook_delivery_response_202_status,
)

T = TypeVar("T", bound="RedeliverClientWebhookDeliveryResponse202")


@_attrs_define
class RedeliverClientWebhookDeliveryResponse202:
    """
    Attributes:
        status (RedeliverClientWebhookDeliveryResponse202Status):
    """

    status: RedeliverClientWebhookDeliveryResponse202Status

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
        status = check_redeliver_client_webhook_delivery_response_202_status(
            d.pop("status")
        )

        redeliver_client_webhook_delivery_response_202 = cls(
            status=status,
        )

        return redeliver_client_webhook_delivery_response_202
