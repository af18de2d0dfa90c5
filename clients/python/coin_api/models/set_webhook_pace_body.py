from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SetWebhookPaceBody")


@_attrs_define
class SetWebhookPaceBody:
    """
    Attributes:
        max_deliveries_per_second (int | None): At most this many delivery attempts a second to the endpoint (1-1000);
            null removes the pace
    """

    max_deliveries_per_second: int | None

    def to_dict(self) -> dict[str, Any]:
        max_deliveries_per_second: int | None
        max_deliveries_per_second = self.max_deliveries_per_second

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "maxDeliveriesPerSecond": max_deliveries_per_second,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_max_deliveries_per_second(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_deliveries_per_second = _parse_max_deliveries_per_second(
            d.pop("maxDeliveriesPerSecond")
        )

        set_webhook_pace_body = cls(
            max_deliveries_per_second=max_deliveries_per_second,
        )

        return set_webhook_pace_body
