from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.request_reward_cap_change_response_202_reward_cap_request import (
        RequestRewardCapChangeResponse202RewardCapRequest,
    )


T = TypeVar("T", bound="RequestRewardCapChangeResponse202")


@_attrs_define
class RequestRewardCapChangeResponse202:
    """
    Attributes:
        reward_cap_request (RequestRewardCapChangeResponse202RewardCapRequest):
    """

    reward_cap_request: RequestRewardCapChangeResponse202RewardCapRequest

    def to_dict(self) -> dict[str, Any]:
        reward_cap_request = self.reward_cap_request.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rewardCapRequest": reward_cap_request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.request_reward_cap_change_response_202_reward_cap_request import (
            RequestRewardCapChangeResponse202RewardCapRequest,
        )

        d = dict(src_dict)
        reward_cap_request = (
            RequestRewardCapChangeResponse202RewardCapRequest.from_dict(
                d.pop("rewardCapRequest")
            )
        )

        request_reward_cap_change_response_202 = cls(
            reward_cap_request=reward_cap_request,
        )

        return request_reward_cap_change_response_202
