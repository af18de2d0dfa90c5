from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.approve_verification_request_response_200_verification_request_requested_by_kind import (
    ApproveVerificationRequestResponse200VerificationRequestRequestedByKind,
    check_approve_verification_request_response_200_verification_request_requested_by_kind,
)
from ..models.approve_verification_request_response_200_verification_request_requested_by_role import (
    ApproveVerificationRequestResponse200VerificationRequestRequestedByRole,
    check_approve_verification_request_response_200_verification_request_requested_by_role,
)
from ..types import UNSET, Unset

T = TypeVar(
    "T", bound="ApproveVerificationRequestResponse200VerificationRequestRequestedBy"
)


@_attrs_define
class ApproveVerificationRequestResponse200VerificationRequestRequestedBy:
    """
    Attributes:
        kind (ApproveVerificationRequestResponse200VerificationRequestRequestedByKind):
        id (str):
        role (ApproveVerificationRequestResponse200VerificationRequestRequestedByRole | Unset):
    """

    kind: ApproveVerificationRequestResponse200VerificationRequestRequestedByKind
    id: str
    role: (
        ApproveVerificationRequestResponse200VerificationRequestRequestedByRole | Unset
    ) = UNSET

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
        kind = check_approve_verification_request_response_200_verification_request_requested_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: (
            ApproveVerificationRequestResponse200VerificationRequestRequestedByRole
            | Unset
        )
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_approve_verification_request_response_200_verification_request_requested_by_role(
                _role
            )

        approve_verification_request_response_200_verification_request_requested_by = (
            cls(
                kind=kind,
                id=id,
                role=role,
            )
        )

        return (
            approve_verification_request_response_200_verification_request_requested_by
        )
