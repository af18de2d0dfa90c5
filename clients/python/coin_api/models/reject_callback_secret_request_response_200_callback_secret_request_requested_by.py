from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.reject_callback_secret_request_response_200_callback_secret_request_requested_by_kind import (
    RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByKind,
    check_reject_callback_secret_request_response_200_callback_secret_request_requested_by_kind,
)
from ..models.reject_callback_secret_request_response_200_callback_secret_request_requested_by_role import (
    RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByRole,
    check_reject_callback_secret_request_response_200_callback_secret_request_requested_by_role,
)
from ..types import UNSET, Unset

T = TypeVar(
    "T", bound="RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedBy"
)


@_attrs_define
class RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedBy:
    """
    Attributes:
        kind (RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByKind):
        id (str):
        role (RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByRole | Unset):
    """

    kind: RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByKind
    id: str
    role: (
        RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByRole
        | Unset
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
        kind = check_reject_callback_secret_request_response_200_callback_secret_request_requested_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: (
            RejectCallbackSecretRequestResponse200CallbackSecretRequestRequestedByRole
            | Unset
        )
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_reject_callback_secret_request_response_200_callback_secret_request_requested_by_role(
                _role
            )

        reject_callback_secret_request_response_200_callback_secret_request_requested_by = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return reject_callback_secret_request_response_200_callback_secret_request_requested_by
