from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SetUserLimitsResponse200Overrides")


@_attrs_define
class SetUserLimitsResponse200Overrides:
    """
    Attributes:
        daily_amount (float | None | Unset):
        daily_count (int | None | Unset):
        single_amount (float | None | Unset):
    """

    daily_amount: float | None | Unset = UNSET
    daily_count: int | None | Unset = UNSET
    single_amount: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        daily_amount: float | None | Unset
        if isinstance(self.daily_amount, Unset):
            daily_amount = UNSET
        else:
            daily_amount = self.daily_amount

        daily_count: int | None | Unset
        if isinstance(self.daily_count, Unset):
            daily_count = UNSET
        else:
            daily_count = self.daily_count

        single_amount: float | None | Unset
        if isinstance(self.single_amount, Unset):
            single_amount = UNSET
        else:
            single_amount = self.single_amount

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if daily_amount is not UNSET:
            field_dict["dailyAmount"] = daily_amount
        if daily_count is not UNSET:
            field_dict["dailyCount"] = daily_count
        if single_amount is not UNSET:
            field_dict["singleAmount"] = single_amount

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_daily_amount(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        daily_amount = _parse_daily_amount(d.pop("dailyAmount", UNSET))

        def _parse_daily_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        daily_count = _parse_daily_count(d.pop("dailyCount", UNSET))

        def _parse_single_amount(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        single_amount = _parse_single_amount(d.pop("singleAmount", UNSET))

        set_user_limits_response_200_overrides = cls(
            daily_amount=daily_amount,
            daily_count=daily_count,
            single_amount=single_amount,
        )

        return set_user_limits_response_200_overrides
