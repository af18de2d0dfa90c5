from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.user_role import UserRole, check_user_role

T = TypeVar("T", bound="User")


@_attrs_define
class User:
    """
    Attributes:
        id (int):
        email (str):
        full_name (str):
        role (UserRole):
        is_verified (bool):
        created_at (datetime.datetime):
    """

    id: int
    email: str
    full_name: str
    role: UserRole
    is_verified: bool
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        full_name = self.full_name

        role: str = self.role

        is_verified = self.is_verified

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "email": email,
                "fullName": full_name,
                "role": role,
                "isVerified": is_verified,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        full_name = d.pop("fullName")

        role = check_user_role(d.pop("role"))

        is_verified = d.pop("isVerified")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        user = cls(
            id=id,
            email=email,
            full_name=full_name,
            role=role,
            is_verified=is_verified,
            created_at=created_at,
        )

        return user
