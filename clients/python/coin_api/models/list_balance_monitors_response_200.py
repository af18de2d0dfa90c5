from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_balance_monitors_response_200_client_monitors_item import (
        ListBalanceMonitorsResponse200ClientMonitorsItem,
    )
    from ..models.list_balance_monitors_response_200_monitors_item import (
        ListBalanceMonitorsResponse200MonitorsItem,
    )


T = TypeVar("T", bound="ListBalanceMonitorsResponse200")


@_attrs_define
class ListBalanceMonitorsResponse200:
    """
    Attributes:
        monitors (list[ListBalanceMonitorsResponse200MonitorsItem]): The ADMIN+'s monitors
        client_monitors (list[ListBalanceMonitorsResponse200ClientMonitorsItem]): The platform clients' own monitors,
            each on a treasury its client was granted (delivered to that client alone)
    """

    monitors: list[ListBalanceMonitorsResponse200MonitorsItem]
    client_monitors: list[ListBalanceMonitorsResponse200ClientMonitorsItem]

    def to_dict(self) -> dict[str, Any]:
        monitors = []
        for monitors_item_data in self.monitors:
            monitors_item = monitors_item_data.to_dict()
            monitors.append(monitors_item)

        client_monitors = []
        for client_monitors_item_data in self.client_monitors:
            client_monitors_item = client_monitors_item_data.to_dict()
            client_monitors.append(client_monitors_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "monitors": monitors,
                "clientMonitors": client_monitors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_balance_monitors_response_200_client_monitors_item import (
            ListBalanceMonitorsResponse200ClientMonitorsItem,
        )
        from ..models.list_balance_monitors_response_200_monitors_item import (
            ListBalanceMonitorsResponse200MonitorsItem,
        )

        d = dict(src_dict)
        monitors = []
        _monitors = d.pop("monitors")
        for monitors_item_data in _monitors:
            monitors_item = ListBalanceMonitorsResponse200MonitorsItem.from_dict(
                monitors_item_data
            )

            monitors.append(monitors_item)

        client_monitors = []
        _client_monitors = d.pop("clientMonitors")
        for client_monitors_item_data in _client_monitors:
            client_monitors_item = (
                ListBalanceMonitorsResponse200ClientMonitorsItem.from_dict(
                    client_monitors_item_data
                )
            )

            client_monitors.append(client_monitors_item)

        list_balance_monitors_response_200 = cls(
            monitors=monitors,
            client_monitors=client_monitors,
        )

        return list_balance_monitors_response_200
