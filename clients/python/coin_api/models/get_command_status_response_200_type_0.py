from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_command_status_response_200_type_0_status import (
    GetCommandStatusResponse200Type0Status,
    check_get_command_status_response_200_type_0_status,
)

T = TypeVar("T", bound="GetCommandStatusResponse200Type0")


@_attrs_define
class GetCommandStatusResponse200Type0:
    """
    Attributes:
        status (GetCommandStatusResponse200Type0Status): The request is still being processed; ask again shortly
    """

    status: GetCommandStatusResponse200Type0Status

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = check_get_command_status_response_200_type_0_status(d.pop("status"))

        get_command_status_response_200_type_0 = cls(
            status=status,
        )

        return get_command_status_response_200_type_0
