from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_client_webhook_endpoints_response_200_endpoints_item import (
        ListClientWebhookEndpointsResponse200EndpointsItem,
    )


T = TypeVar("T", bound="ListClientWebhookEndpointsResponse200")


@_attrs_define
class ListClientWebhookEndpointsResponse200:
    """
    Attributes:
        endpoints (list[ListClientWebhookEndpointsResponse200EndpointsItem]):
    """

    endpoints: list[ListClientWebhookEndpointsResponse200EndpointsItem]

    def to_dict(self) -> dict[str, Any]:
        endpoints = []
        for endpoints_item_data in self.endpoints:
            endpoints_item = endpoints_item_data.to_dict()
            endpoints.append(endpoints_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endpoints": endpoints,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_client_webhook_endpoints_response_200_endpoints_item import (
            ListClientWebhookEndpointsResponse200EndpointsItem,
        )

        d = dict(src_dict)
        endpoints = []
        _endpoints = d.pop("endpoints")
        for endpoints_item_data in _endpoints:
            endpoints_item = (
                ListClientWebhookEndpointsResponse200EndpointsItem.from_dict(
                    endpoints_item_data
                )
            )

            endpoints.append(endpoints_item)

        list_client_webhook_endpoints_response_200 = cls(
            endpoints=endpoints,
        )

        return list_client_webhook_endpoints_response_200
