from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetDailySupplyResponse200DaysItem")


@_attrs_define
class GetDailySupplyResponse200DaysItem:
    """
    Attributes:
        day (datetime.date): A UTC calendar day (YYYY-MM-DD), years 0001 to 9999
        supply (float): The coins in existence at the day's end: Σ MINT − Σ BURN of the transactions created before the
            next day
    """

    day: datetime.date
    supply: float

    def to_dict(self) -> dict[str, Any]:
        day = self.day.isoformat()

        supply = self.supply

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "day": day,
                "supply": supply,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        day = datetime.date.fromisoformat(d.pop("day"))

        supply = d.pop("supply")

        get_daily_supply_response_200_days_item = cls(
            day=day,
            supply=supply,
        )

        return get_daily_supply_response_200_days_item
