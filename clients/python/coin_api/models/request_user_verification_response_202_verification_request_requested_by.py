from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.request_user_verification_response_202_verification_request_requested_by_kind import (
    RequestUserVerificationResponse202VerificationRequestRequestedByKind,
    check_request_user_verification_response_202_verification_request_requested_by_kind,
)
from ..models.request_user_verification_response_202_verification_request_requested_by_role import (
    RequestUserVerificationResponse202VerificationRequestRequestedByRole,
    check_request_user_verification_response_202_verification_request_requested_by_role,
)
from ..types import UNSET, Unset

T = TypeVar(
    "T", bound="RequestUserVerificationResponse202VerificationRequestRequestedBy"
)


@_attrs_define
class RequestUserVerificationResponse202VerificationRequestRequestedBy:
    """
    Attributes:
        kind (RequestUserVerificationResponse202VerificationRequestRequestedByKind):
        id (str):
        role (RequestUserVerificationResponse202VerificationRequestRequestedByRole | Unset):
    """

    kind: RequestUserVerificationResponse202VerificationRequestRequestedByKind
    id: str
    role: (
        RequestUserVerificationResponse202VerificationRequestRequestedByRole | Unset
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
        kind = check_request_user_verification_response_202_verification_request_requested_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: (
            RequestUserVerificationResponse202VerificationRequestRequestedByRole | Unset
        )
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_request_user_verification_response_202_verification_request_requested_by_role(
                _role
            )

        request_user_verification_response_202_verification_request_requested_by = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return request_user_verification_response_202_verification_request_requested_by
