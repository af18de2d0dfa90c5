from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RegisterUserBody")


@_attrs_define
class RegisterUserBody:
    """
    Attributes:
        email (str):
        password (str): One line of text: no control characters, no lone surrogates
        full_name (str): One line of text: no control characters, no lone surrogates; surrounding spaces are dropped
    """

    email: str
    password: str
    full_name: str

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        full_name = self.full_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "password": password,
                "fullName": full_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        full_name = d.pop("fullName")

        register_user_body = cls(
            email=email,
            password=password,
            full_name=full_name,
        )

        return register_user_body
