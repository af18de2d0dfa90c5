from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.change_user_role_body_role import (
    ChangeUserRoleBodyRole,
    check_change_user_role_body_role,
)

T = TypeVar("T", bound="ChangeUserRoleBody")


@_attrs_define
class ChangeUserRoleBody:
    """
    Attributes:
        role (ChangeUserRoleBodyRole):
    """

    role: ChangeUserRoleBodyRole

    def to_dict(self) -> dict[str, Any]:
        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        role = check_change_user_role_body_role(d.pop("role"))

        change_user_role_body = cls(
            role=role,
        )

        return change_user_role_body
