from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetUserLimitsResponse200Defaults")


@_attrs_define
class GetUserLimitsResponse200Defaults:
    """
    Attributes:
        daily_amount (float | None):
        daily_count (int | None):
        single_amount (float | None):
    """

    daily_amount: float | None
    daily_count: int | None
    single_amount: float | None

    def to_dict(self) -> dict[str, Any]:
        daily_amount: float | None
        daily_amount = self.daily_amount

        daily_count: int | None
        daily_count = self.daily_count

        single_amount: float | None
        single_amount = self.single_amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dailyAmount": daily_amount,
                "dailyCount": daily_count,
                "singleAmount": single_amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_daily_amount(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        daily_amount = _parse_daily_amount(d.pop("dailyAmount"))

        def _parse_daily_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        daily_count = _parse_daily_count(d.pop("dailyCount"))

        def _parse_single_amount(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        single_amount = _parse_single_amount(d.pop("singleAmount"))

        get_user_limits_response_200_defaults = cls(
            daily_amount=daily_amount,
            daily_count=daily_count,
            single_amount=single_amount,
        )

        return get_user_limits_response_200_defaults
