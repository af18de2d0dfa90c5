from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.approve_reward_cap_request_response_200_reward_cap_request_requested_by_kind import (
    ApproveRewardCapRequestResponse200RewardCapRequestRequestedByKind,
    check_approve_reward_cap_request_response_200_reward_cap_request_requested_by_kind,
)
from ..models.approve_reward_cap_request_response_200_reward_cap_request_requested_by_role import (
    ApproveRewardCapRequestResponse200RewardCapRequestRequestedByRole,
    check_approve_reward_cap_request_response_200_reward_cap_request_requested_by_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApproveRewardCapRequestResponse200RewardCapRequestRequestedBy")


@_attrs_define
class ApproveRewardCapRequestResponse200RewardCapRequestRequestedBy:
    """
    Attributes:
        kind (ApproveRewardCapRequestResponse200RewardCapRequestRequestedByKind):
        id (str):
        role (ApproveRewardCapRequestResponse200RewardCapRequestRequestedByRole | Unset):
    """

    kind: ApproveRewardCapRequestResponse200RewardCapRequestRequestedByKind
    id: str
    role: ApproveRewardCapRequestResponse200RewardCapRequestRequestedByRole | Unset = (
        UNSET
    )

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        id = self.id

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "id": id,
            }
        )
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_approve_reward_cap_request_response_200_reward_cap_request_requested_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: ApproveRewardCapRequestResponse200RewardCapRequestRequestedByRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_approve_reward_cap_request_response_200_reward_cap_request_requested_by_role(
                _role
            )

        approve_reward_cap_request_response_200_reward_cap_request_requested_by = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return approve_reward_cap_request_response_200_reward_cap_request_requested_by
