from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.payout_response_202_approval_requested_by_kind import (
    PayoutResponse202ApprovalRequestedByKind,
    check_payout_response_202_approval_requested_by_kind,
)
from ..models.payout_response_202_approval_requested_by_role import (
    PayoutResponse202ApprovalRequestedByRole,
    check_payout_response_202_approval_requested_by_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="PayoutResponse202ApprovalRequestedBy")


@_attrs_define
class PayoutResponse202ApprovalRequestedBy:
    """
    Attributes:
        kind (PayoutResponse202ApprovalRequestedByKind):
        id (str):
        role (PayoutResponse202ApprovalRequestedByRole | Unset):
    """

    kind: PayoutResponse202ApprovalRequestedByKind
    id: str
    role: PayoutResponse202ApprovalRequestedByRole | Unset = UNSET

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
        kind = check_payout_response_202_approval_requested_by_kind(d.pop("kind"))

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: PayoutResponse202ApprovalRequestedByRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_payout_response_202_approval_requested_by_role(_role)

        payout_response_202_approval_requested_by = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return payout_response_202_approval_requested_by
