from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_client_balance_monitors_response_200_monitors_item import (
        ListClientBalanceMonitorsResponse200MonitorsItem,
    )


T = TypeVar("T", bound="ListClientBalanceMonitorsResponse200")


@_attrs_define
class ListClientBalanceMonitorsResponse200:
    """
    Attributes:
        monitors (list[ListClientBalanceMonitorsResponse200MonitorsItem]): Oldest first, at most 20
    """

    monitors: list[ListClientBalanceMonitorsResponse200MonitorsItem]

    def to_dict(self) -> dict[str, Any]:
        monitors = []
        for monitors_item_data in self.monitors:
            monitors_item = monitors_item_data.to_dict()
            monitors.append(monitors_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "monitors": monitors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_client_balance_monitors_response_200_monitors_item import (
            ListClientBalanceMonitorsResponse200MonitorsItem,
        )

        d = dict(src_dict)
        monitors = []
        _monitors = d.pop("monitors")
        for monitors_item_data in _monitors:
            monitors_item = ListClientBalanceMonitorsResponse200MonitorsItem.from_dict(
                monitors_item_data
            )

            monitors.append(monitors_item)

        list_client_balance_monitors_response_200 = cls(
            monitors=monitors,
        )

        return list_client_balance_monitors_response_200
