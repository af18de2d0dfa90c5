from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.grant_request_act_type_0_previous_role import (
    GrantRequestActType0PreviousRole,
    check_grant_request_act_type_0_previous_role,
)
from ..models.grant_request_act_type_0_role import (
    GrantRequestActType0Role,
    check_grant_request_act_type_0_role,
)
from ..models.grant_request_act_type_0_type import (
    GrantRequestActType0Type,
    check_grant_request_act_type_0_type,
)

T = TypeVar("T", bound="GrantRequestActType0")


@_attrs_define
class GrantRequestActType0:
    """
    Attributes:
        type_ (GrantRequestActType0Type):
        user_id (int):
        role (GrantRequestActType0Role):
        previous_role (GrantRequestActType0PreviousRole): The role the account had when the change was asked for; the
            approval applies only while it still has it
    """

    type_: GrantRequestActType0Type
    user_id: int
    role: GrantRequestActType0Role
    previous_role: GrantRequestActType0PreviousRole

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        user_id = self.user_id

        role: str = self.role

        previous_role: str = self.previous_role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "userId": user_id,
                "role": role,
                "previousRole": previous_role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_grant_request_act_type_0_type(d.pop("type"))

        user_id = d.pop("userId")

        role = check_grant_request_act_type_0_role(d.pop("role"))

        previous_role = check_grant_request_act_type_0_previous_role(
            d.pop("previousRole")
        )

        grant_request_act_type_0 = cls(
            type_=type_,
            user_id=user_id,
            role=role,
            previous_role=previous_role,
        )

        return grant_request_act_type_0
