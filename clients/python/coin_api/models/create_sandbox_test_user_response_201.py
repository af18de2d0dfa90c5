from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.create_sandbox_test_user_response_201_test_user import (
        CreateSandboxTestUserResponse201TestUser,
    )


T = TypeVar("T", bound="CreateSandboxTestUserResponse201")


@_attrs_define
class CreateSandboxTestUserResponse201:
    """
    Attributes:
        test_user (CreateSandboxTestUserResponse201TestUser):
    """

    test_user: CreateSandboxTestUserResponse201TestUser

    def to_dict(self) -> dict[str, Any]:
        test_user = self.test_user.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "testUser": test_user,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_sandbox_test_user_response_201_test_user import (
            CreateSandboxTestUserResponse201TestUser,
        )

        d = dict(src_dict)
        test_user = CreateSandboxTestUserResponse201TestUser.from_dict(
            d.pop("testUser")
        )

        create_sandbox_test_user_response_201 = cls(
            test_user=test_user,
        )

        return create_sandbox_test_user_response_201
