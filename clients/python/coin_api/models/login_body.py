from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LoginBody")


@_attrs_define
class LoginBody:
    """
    Attributes:
        email (str): One line of text: no control characters, no lone surrogates
        password (str): One line of text: no control characters, no lone surrogates
    """

    email: str
    password: str

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "password": password,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        login_body = cls(
            email=email,
            password=password,
        )

        return login_body
