from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_daily_volume_response_200_days_item_types_item import (
        GetDailyVolumeResponse200DaysItemTypesItem,
    )


T = TypeVar("T", bound="GetDailyVolumeResponse200DaysItem")


@_attrs_define
class GetDailyVolumeResponse200DaysItem:
    """
    Attributes:
        day (datetime.date): A UTC calendar day (YYYY-MM-DD), years 0001 to 9999
        types (list[GetDailyVolumeResponse200DaysItemTypesItem]): Every transaction type, in the order of the type list,
            zeros included
    """

    day: datetime.date
    types: list[GetDailyVolumeResponse200DaysItemTypesItem]

    def to_dict(self) -> dict[str, Any]:
        day = self.day.isoformat()

        types = []
        for types_item_data in self.types:
            types_item = types_item_data.to_dict()
            types.append(types_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "day": day,
                "types": types,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_daily_volume_response_200_days_item_types_item import (
            GetDailyVolumeResponse200DaysItemTypesItem,
        )

        d = dict(src_dict)
        day = datetime.date.fromisoformat(d.pop("day"))

        types = []
        _types = d.pop("types")
        for types_item_data in _types:
            types_item = GetDailyVolumeResponse200DaysItemTypesItem.from_dict(
                types_item_data
            )

            types.append(types_item)

        get_daily_volume_response_200_days_item = cls(
            day=day,
            types=types,
        )

        return get_daily_volume_response_200_days_item
