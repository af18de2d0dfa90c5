from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.change_user_role_response_200_user_role import (
    ChangeUserRoleResponse200UserRole,
    check_change_user_role_response_200_user_role,
)

T = TypeVar("T", bound="ChangeUserRoleResponse200User")


@_attrs_define
class ChangeUserRoleResponse200User:
    """
    Attributes:
        id (int):
        role (ChangeUserRoleResponse200UserRole):
    """

    id: int
    role: ChangeUserRoleResponse200UserRole

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        role: str = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        role = check_change_user_role_response_200_user_role(d.pop("role"))

        change_user_role_response_200_user = cls(
            id=id,
            role=role,
        )

        return change_user_role_response_200_user
