from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.set_user_limits_body_daily_amount_type_0_type_0 import (
    SetUserLimitsBodyDailyAmountType0Type0,
    check_set_user_limits_body_daily_amount_type_0_type_0,
)
from ..models.set_user_limits_body_single_amount_type_0_type_0 import (
    SetUserLimitsBodySingleAmountType0Type0,
    check_set_user_limits_body_single_amount_type_0_type_0,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SetUserLimitsBody")


@_attrs_define
class SetUserLimitsBody:
    """
    Attributes:
        daily_amount (float | None | SetUserLimitsBodyDailyAmountType0Type0 | Unset): Coins that may go out per rolling
            24 hours
        daily_count (int | None | Unset): Debits per rolling 24 hours
        single_amount (float | None | SetUserLimitsBodySingleAmountType0Type0 | Unset): Coins one debit may move
    """

    daily_amount: float | None | SetUserLimitsBodyDailyAmountType0Type0 | Unset = UNSET
    daily_count: int | None | Unset = UNSET
    single_amount: float | None | SetUserLimitsBodySingleAmountType0Type0 | Unset = (
        UNSET
    )

    def to_dict(self) -> dict[str, Any]:
        daily_amount: float | int | None | Unset
        if isinstance(self.daily_amount, Unset):
            daily_amount = UNSET
        elif isinstance(self.daily_amount, int):
            daily_amount = self.daily_amount
        else:
            daily_amount = self.daily_amount

        daily_count: int | None | Unset
        if isinstance(self.daily_count, Unset):
            daily_count = UNSET
        else:
            daily_count = self.daily_count

        single_amount: float | int | None | Unset
        if isinstance(self.single_amount, Unset):
            single_amount = UNSET
        elif isinstance(self.single_amount, int):
            single_amount = self.single_amount
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

        def _parse_daily_amount(
            data: object,
        ) -> float | None | SetUserLimitsBodyDailyAmountType0Type0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                daily_amount_type_0_type_0 = (
                    check_set_user_limits_body_daily_amount_type_0_type_0(data)
                )

                return daily_amount_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                float | None | SetUserLimitsBodyDailyAmountType0Type0 | Unset, data
            )

        daily_amount = _parse_daily_amount(d.pop("dailyAmount", UNSET))

        def _parse_daily_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        daily_count = _parse_daily_count(d.pop("dailyCount", UNSET))

        def _parse_single_amount(
            data: object,
        ) -> float | None | SetUserLimitsBodySingleAmountType0Type0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                single_amount_type_0_type_0 = (
                    check_set_user_limits_body_single_amount_type_0_type_0(data)
                )

                return single_amount_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                float | None | SetUserLimitsBodySingleAmountType0Type0 | Unset, data
            )

        single_amount = _parse_single_amount(d.pop("singleAmount", UNSET))

        set_user_limits_body = cls(
            daily_amount=daily_amount,
            daily_count=daily_count,
            single_amount=single_amount,
        )

        return set_user_limits_body
