from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approve_reward_cap_request_response_200_reward_cap_request import (
        ApproveRewardCapRequestResponse200RewardCapRequest,
    )


T = TypeVar("T", bound="ApproveRewardCapRequestResponse200")


@_attrs_define
class ApproveRewardCapRequestResponse200:
    """
    Attributes:
        reward_cap_request (ApproveRewardCapRequestResponse200RewardCapRequest):
    """

    reward_cap_request: ApproveRewardCapRequestResponse200RewardCapRequest

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
        from ..models.approve_reward_cap_request_response_200_reward_cap_request import (
            ApproveRewardCapRequestResponse200RewardCapRequest,
        )

        d = dict(src_dict)
        reward_cap_request = (
            ApproveRewardCapRequestResponse200RewardCapRequest.from_dict(
                d.pop("rewardCapRequest")
            )
        )

        approve_reward_cap_request_response_200 = cls(
            reward_cap_request=reward_cap_request,
        )

        return approve_reward_cap_request_response_200
