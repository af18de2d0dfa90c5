from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.approve_reward_cap_request_response_200_reward_cap_request_act_type import (
    ApproveRewardCapRequestResponse200RewardCapRequestActType,
    check_approve_reward_cap_request_response_200_reward_cap_request_act_type,
)

T = TypeVar("T", bound="ApproveRewardCapRequestResponse200RewardCapRequestAct")


@_attrs_define
class ApproveRewardCapRequestResponse200RewardCapRequestAct:
    """
    Attributes:
        type_ (ApproveRewardCapRequestResponse200RewardCapRequestActType):
        client_id (str): The live platform client whose daily reward cap changes once approved
        daily_reward_cap (float | None): Coins it may reward in a rolling 24 h once approved; null: the ledger default
        previous_daily_reward_cap (float | None): Its cap when the change was asked for; null: the ledger default
    """

    type_: ApproveRewardCapRequestResponse200RewardCapRequestActType
    client_id: str
    daily_reward_cap: float | None
    previous_daily_reward_cap: float | None

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        client_id = self.client_id

        daily_reward_cap: float | None
        daily_reward_cap = self.daily_reward_cap

        previous_daily_reward_cap: float | None
        previous_daily_reward_cap = self.previous_daily_reward_cap

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "clientId": client_id,
                "dailyRewardCap": daily_reward_cap,
                "previousDailyRewardCap": previous_daily_reward_cap,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = (
            check_approve_reward_cap_request_response_200_reward_cap_request_act_type(
                d.pop("type")
            )
        )

        client_id = d.pop("clientId")

        def _parse_daily_reward_cap(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        daily_reward_cap = _parse_daily_reward_cap(d.pop("dailyRewardCap"))

        def _parse_previous_daily_reward_cap(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        previous_daily_reward_cap = _parse_previous_daily_reward_cap(
            d.pop("previousDailyRewardCap")
        )

        approve_reward_cap_request_response_200_reward_cap_request_act = cls(
            type_=type_,
            client_id=client_id,
            daily_reward_cap=daily_reward_cap,
            previous_daily_reward_cap=previous_daily_reward_cap,
        )

        return approve_reward_cap_request_response_200_reward_cap_request_act
