from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.approve_cashout_response_200_approval_decided_by_type_0_kind import (
    ApproveCashoutResponse200ApprovalDecidedByType0Kind,
    check_approve_cashout_response_200_approval_decided_by_type_0_kind,
)
from ..models.approve_cashout_response_200_approval_decided_by_type_0_role import (
    ApproveCashoutResponse200ApprovalDecidedByType0Role,
    check_approve_cashout_response_200_approval_decided_by_type_0_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApproveCashoutResponse200ApprovalDecidedByType0")


@_attrs_define
class ApproveCashoutResponse200ApprovalDecidedByType0:
    """
    Attributes:
        kind (ApproveCashoutResponse200ApprovalDecidedByType0Kind):
        id (str):
        role (ApproveCashoutResponse200ApprovalDecidedByType0Role | Unset):
    """

    kind: ApproveCashoutResponse200ApprovalDecidedByType0Kind
    id: str
    role: ApproveCashoutResponse200ApprovalDecidedByType0Role | Unset = UNSET

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
        kind = check_approve_cashout_response_200_approval_decided_by_type_0_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: ApproveCashoutResponse200ApprovalDecidedByType0Role | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_approve_cashout_response_200_approval_decided_by_type_0_role(
                _role
            )

        approve_cashout_response_200_approval_decided_by_type_0 = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return approve_cashout_response_200_approval_decided_by_type_0
