from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_all_webhook_endpoints_response_200_endpoints_item import (
        ListAllWebhookEndpointsResponse200EndpointsItem,
    )


T = TypeVar("T", bound="ListAllWebhookEndpointsResponse200")


@_attrs_define
class ListAllWebhookEndpointsResponse200:
    """
    Attributes:
        endpoints (list[ListAllWebhookEndpointsResponse200EndpointsItem]):
        next_cursor (None | str): null on the last page
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
    """

    endpoints: list[ListAllWebhookEndpointsResponse200EndpointsItem]
    next_cursor: None | str
    has_more: bool

    def to_dict(self) -> dict[str, Any]:
        endpoints = []
        for endpoints_item_data in self.endpoints:
            endpoints_item = endpoints_item_data.to_dict()
            endpoints.append(endpoints_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        has_more = self.has_more

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endpoints": endpoints,
                "nextCursor": next_cursor,
                "hasMore": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_all_webhook_endpoints_response_200_endpoints_item import (
            ListAllWebhookEndpointsResponse200EndpointsItem,
        )

        d = dict(src_dict)
        endpoints = []
        _endpoints = d.pop("endpoints")
        for endpoints_item_data in _endpoints:
            endpoints_item = ListAllWebhookEndpointsResponse200EndpointsItem.from_dict(
                endpoints_item_data
            )

            endpoints.append(endpoints_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        has_more = d.pop("hasMore")

        list_all_webhook_endpoints_response_200 = cls(
            endpoints=endpoints,
            next_cursor=next_cursor,
            has_more=has_more,
        )

        return list_all_webhook_endpoints_response_200
