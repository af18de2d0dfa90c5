from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_command_status_response_200_type_2_status import (
    GetCommandStatusResponse200Type2Status,
    check_get_command_status_response_200_type_2_status,
)

T = TypeVar("T", bound="GetCommandStatusResponse200Type2")


@_attrs_define
class GetCommandStatusResponse200Type2:
    """
    Attributes:
        status (GetCommandStatusResponse200Type2Status): No answer recorded: send the original request again with the
            same Idempotency-Key (safe)
    """

    status: GetCommandStatusResponse200Type2Status

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
        status = check_get_command_status_response_200_type_2_status(d.pop("status"))

        get_command_status_response_200_type_2 = cls(
            status=status,
        )

        return get_command_status_response_200_type_2
