from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.change_user_role_response_200_user import (
        ChangeUserRoleResponse200User,
    )


T = TypeVar("T", bound="ChangeUserRoleResponse200")


@_attrs_define
class ChangeUserRoleResponse200:
    """
    Attributes:
        message (str):
        user (ChangeUserRoleResponse200User):
    """

    message: str
    user: ChangeUserRoleResponse200User

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        user = self.user.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message": message,
                "user": user,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.change_user_role_response_200_user import (
            ChangeUserRoleResponse200User,
        )

        d = dict(src_dict)
        message = d.pop("message")

        user = ChangeUserRoleResponse200User.from_dict(d.pop("user"))

        change_user_role_response_200 = cls(
            message=message,
            user=user,
        )

        return change_user_role_response_200
