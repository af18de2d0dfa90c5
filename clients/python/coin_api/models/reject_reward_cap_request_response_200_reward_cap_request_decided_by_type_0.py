from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0_kind import (
    RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0Kind,
    check_reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0_kind,
)
from ..models.reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0_role import (
    RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0Role,
    check_reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0_role,
)
from ..types import UNSET, Unset

T = TypeVar(
    "T", bound="RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0"
)


@_attrs_define
class RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0:
    """
    Attributes:
        kind (RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0Kind):
        id (str):
        role (RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0Role | Unset):
    """

    kind: RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0Kind
    id: str
    role: (
        RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0Role | Unset
    ) = UNSET

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
        kind = check_reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: (
            RejectRewardCapRequestResponse200RewardCapRequestDecidedByType0Role | Unset
        )
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0_role(
                _role
            )

        reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0 = (
            cls(
                kind=kind,
                id=id,
                role=role,
            )
        )

        return (
            reject_reward_cap_request_response_200_reward_cap_request_decided_by_type_0
        )
