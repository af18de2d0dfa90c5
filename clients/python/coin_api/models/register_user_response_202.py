from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.register_user_response_202_status import (
    RegisterUserResponse202Status,
    check_register_user_response_202_status,
)

T = TypeVar("T", bound="RegisterUserResponse202")


@_attrs_define
class RegisterUserResponse202:
    """
    Attributes:
        status (RegisterUserResponse202Status):
        detail (str):
    """

    status: RegisterUserResponse202Status
    detail: str

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = check_register_user_response_202_status(d.pop("status"))

        detail = d.pop("detail")

        register_user_response_202 = cls(
            status=status,
            detail=detail,
        )

        return register_user_response_202
