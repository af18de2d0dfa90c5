from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_daily_volume_response_200_days_item import (
        GetDailyVolumeResponse200DaysItem,
    )


T = TypeVar("T", bound="GetDailyVolumeResponse200")


@_attrs_define
class GetDailyVolumeResponse200:
    """
    Attributes:
        from_ (datetime.date): A UTC calendar day (YYYY-MM-DD), years 0001 to 9999
        to (datetime.date): A UTC calendar day (YYYY-MM-DD), years 0001 to 9999
        days (list[GetDailyVolumeResponse200DaysItem]): One entry per day of the range, oldest first
    """

    from_: datetime.date
    to: datetime.date
    days: list[GetDailyVolumeResponse200DaysItem]

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "to": to,
                "days": days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_daily_volume_response_200_days_item import (
            GetDailyVolumeResponse200DaysItem,
        )

        d = dict(src_dict)
        from_ = datetime.date.fromisoformat(d.pop("from"))

        to = datetime.date.fromisoformat(d.pop("to"))

        days = []
        _days = d.pop("days")
        for days_item_data in _days:
            days_item = GetDailyVolumeResponse200DaysItem.from_dict(days_item_data)

            days.append(days_item)

        get_daily_volume_response_200 = cls(
            from_=from_,
            to=to,
            days=days,
        )

        return get_daily_volume_response_200
