from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RequestRewardCapChangeBody")


@_attrs_define
class RequestRewardCapChangeBody:
    """
    Attributes:
        daily_reward_cap (float | None): Coins it may reward in a rolling 24 h once approved; null: the ledger default
    """

    daily_reward_cap: float | None

    def to_dict(self) -> dict[str, Any]:
        daily_reward_cap: float | None
        daily_reward_cap = self.daily_reward_cap

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dailyRewardCap": daily_reward_cap,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_daily_reward_cap(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        daily_reward_cap = _parse_daily_reward_cap(d.pop("dailyRewardCap"))

        request_reward_cap_change_body = cls(
            daily_reward_cap=daily_reward_cap,
        )

        return request_reward_cap_change_body
