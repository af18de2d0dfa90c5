from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.reject_cashout_response_200_approval_requested_by_kind import (
    RejectCashoutResponse200ApprovalRequestedByKind,
    check_reject_cashout_response_200_approval_requested_by_kind,
)
from ..models.reject_cashout_response_200_approval_requested_by_role import (
    RejectCashoutResponse200ApprovalRequestedByRole,
    check_reject_cashout_response_200_approval_requested_by_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="RejectCashoutResponse200ApprovalRequestedBy")


@_attrs_define
class RejectCashoutResponse200ApprovalRequestedBy:
    """
    Attributes:
        kind (RejectCashoutResponse200ApprovalRequestedByKind):
        id (str):
        role (RejectCashoutResponse200ApprovalRequestedByRole | Unset):
    """

    kind: RejectCashoutResponse200ApprovalRequestedByKind
    id: str
    role: RejectCashoutResponse200ApprovalRequestedByRole | Unset = UNSET

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
        kind = check_reject_cashout_response_200_approval_requested_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: RejectCashoutResponse200ApprovalRequestedByRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_reject_cashout_response_200_approval_requested_by_role(_role)

        reject_cashout_response_200_approval_requested_by = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return reject_cashout_response_200_approval_requested_by
