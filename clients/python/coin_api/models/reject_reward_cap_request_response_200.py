from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reject_reward_cap_request_response_200_reward_cap_request import (
        RejectRewardCapRequestResponse200RewardCapRequest,
    )


T = TypeVar("T", bound="RejectRewardCapRequestResponse200")


@_attrs_define
class RejectRewardCapRequestResponse200:
    """
    Attributes:
        reward_cap_request (RejectRewardCapRequestResponse200RewardCapRequest):
    """

    reward_cap_request: RejectRewardCapRequestResponse200RewardCapRequest

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
        from ..models.reject_reward_cap_request_response_200_reward_cap_request import (
            RejectRewardCapRequestResponse200RewardCapRequest,
        )

        d = dict(src_dict)
        reward_cap_request = (
            RejectRewardCapRequestResponse200RewardCapRequest.from_dict(
                d.pop("rewardCapRequest")
            )
        )

        reject_reward_cap_request_response_200 = cls(
            reward_cap_request=reward_cap_request,
        )

        return reject_reward_cap_request_response_200
