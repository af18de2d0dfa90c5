from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_reward_cap_requests_response_200_reward_cap_requests_item import (
        ListRewardCapRequestsResponse200RewardCapRequestsItem,
    )


T = TypeVar("T", bound="ListRewardCapRequestsResponse200")


@_attrs_define
class ListRewardCapRequestsResponse200:
    """
    Attributes:
        reward_cap_requests (list[ListRewardCapRequestsResponse200RewardCapRequestsItem]):
    """

    reward_cap_requests: list[ListRewardCapRequestsResponse200RewardCapRequestsItem]

    def to_dict(self) -> dict[str, Any]:
        reward_cap_requests = []
        for reward_cap_requests_item_data in self.reward_cap_requests:
            reward_cap_requests_item = reward_cap_requests_item_data.to_dict()
            reward_cap_requests.append(reward_cap_requests_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rewardCapRequests": reward_cap_requests,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_reward_cap_requests_response_200_reward_cap_requests_item import (
            ListRewardCapRequestsResponse200RewardCapRequestsItem,
        )

        d = dict(src_dict)
        reward_cap_requests = []
        _reward_cap_requests = d.pop("rewardCapRequests")
        for reward_cap_requests_item_data in _reward_cap_requests:
            reward_cap_requests_item = (
                ListRewardCapRequestsResponse200RewardCapRequestsItem.from_dict(
                    reward_cap_requests_item_data
                )
            )

            reward_cap_requests.append(reward_cap_requests_item)

        list_reward_cap_requests_response_200 = cls(
            reward_cap_requests=reward_cap_requests,
        )

        return list_reward_cap_requests_response_200
