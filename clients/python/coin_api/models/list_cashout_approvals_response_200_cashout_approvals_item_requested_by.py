from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_cashout_approvals_response_200_cashout_approvals_item_requested_by_kind import (
    ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByKind,
    check_list_cashout_approvals_response_200_cashout_approvals_item_requested_by_kind,
)
from ..models.list_cashout_approvals_response_200_cashout_approvals_item_requested_by_role import (
    ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByRole,
    check_list_cashout_approvals_response_200_cashout_approvals_item_requested_by_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedBy")


@_attrs_define
class ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedBy:
    """
    Attributes:
        kind (ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByKind):
        id (str):
        role (ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByRole | Unset):
    """

    kind: ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByKind
    id: str
    role: ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByRole | Unset = (
        UNSET
    )

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
        kind = check_list_cashout_approvals_response_200_cashout_approvals_item_requested_by_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: ListCashoutApprovalsResponse200CashoutApprovalsItemRequestedByRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_list_cashout_approvals_response_200_cashout_approvals_item_requested_by_role(
                _role
            )

        list_cashout_approvals_response_200_cashout_approvals_item_requested_by = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return list_cashout_approvals_response_200_cashout_approvals_item_requested_by
