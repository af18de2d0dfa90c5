from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_client_webhook_deliveries_response_200_deliveries_item import (
        ListClientWebhookDeliveriesResponse200DeliveriesItem,
    )


T = TypeVar("T", bound="ListClientWebhookDeliveriesResponse200")


@_attrs_define
class ListClientWebhookDeliveriesResponse200:
    """
    Attributes:
        deliveries (list[ListClientWebhookDeliveriesResponse200DeliveriesItem]):
        next_cursor (None | str): null on the last page
        has_more (bool): true when another page follows: ask for it with cursor=nextCursor
    """

    deliveries: list[ListClientWebhookDeliveriesResponse200DeliveriesItem]
    next_cursor: None | str
    has_more: bool

    def to_dict(self) -> dict[str, Any]:
        deliveries = []
        for deliveries_item_data in self.deliveries:
            deliveries_item = deliveries_item_data.to_dict()
            deliveries.append(deliveries_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        has_more = self.has_more

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deliveries": deliveries,
                "nextCursor": next_cursor,
                "hasMore": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_client_webhook_deliveries_response_200_deliveries_item import (
            ListClientWebhookDeliveriesResponse200DeliveriesItem,
        )

        d = dict(src_dict)
        deliveries = []
        _deliveries = d.pop("deliveries")
        for deliveries_item_data in _deliveries:
            deliveries_item = (
                ListClientWebhookDeliveriesResponse200DeliveriesItem.from_dict(
                    deliveries_item_data
                )
            )

            deliveries.append(deliveries_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        has_more = d.pop("hasMore")

        list_client_webhook_deliveries_response_200 = cls(
            deliveries=deliveries,
            next_cursor=next_cursor,
            has_more=has_more,
        )

        return list_client_webhook_deliveries_response_200
