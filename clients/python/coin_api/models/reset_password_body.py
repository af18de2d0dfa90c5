from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ResetPasswordBody")


@_attrs_define
class ResetPasswordBody:
    """
    Attributes:
        code (str):
        new_password (str): One line of text: no control characters, no lone surrogates
    """

    code: str
    new_password: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        new_password = self.new_password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "newPassword": new_password,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        new_password = d.pop("newPassword")

        reset_password_body = cls(
            code=code,
            new_password=new_password,
        )

        return reset_password_body
