from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.get_verification_request_response_200_requested_by_kind import (
    GetVerificationRequestResponse200RequestedByKind,
    check_get_verification_request_response_200_requested_by_kind,
)
from ..models.get_verification_request_response_200_requested_by_role import (
    GetVerificationRequestResponse200RequestedByRole,
    check_get_verification_request_response_200_requested_by_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="GetVerificationRequestResponse200RequestedBy")


@_attrs_define
class GetVerificationRequestResponse200RequestedBy:
    """
    Attributes:
        kind (GetVerificationRequestResponse200RequestedByKind):
        id (str):
        role (GetVerificationRequestResponse200RequestedByRole | Unset):
    """

    kind: GetVerificationRequestResponse200RequestedByKind
    id: str
    role: GetVerificationRequestResponse200RequestedByRole | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        id = self.id

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "id": id,
            }
        )
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_get_verification_request_response_200_requested_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: GetVerificationRequestResponse200RequestedByRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_get_verification_request_response_200_requested_by_role(_role)

        get_verification_request_response_200_requested_by = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return get_verification_request_response_200_requested_by
