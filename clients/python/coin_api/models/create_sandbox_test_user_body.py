from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateSandboxTestUserBody")


@_attrs_define
class CreateSandboxTestUserBody:
    """
    Attributes:
        name (str): A display label for the test user (1–100 characters, one line), the client's to choose
    """

    name: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        create_sandbox_test_user_body = cls(
            name=name,
        )

        return create_sandbox_test_user_body
