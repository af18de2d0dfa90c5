from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateSandboxTestUserResponse201TestUser")


@_attrs_define
class CreateSandboxTestUserResponse201TestUser:
    """
    Attributes:
        user_id (int): Its id, named as `userId` wherever the sandbox takes a test user; never a live account’s
        name (str):
        created_at (datetime.datetime):
    """

    user_id: int
    name: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        name = self.name

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "name": name,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("userId")

        name = d.pop("name")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        create_sandbox_test_user_response_201_test_user = cls(
            user_id=user_id,
            name=name,
            created_at=created_at,
        )

        return create_sandbox_test_user_response_201_test_user
