from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_cashout_approvals_response_200_cashout_approvals_item_decided_by_type_0_kind import (
    ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Kind,
    check_list_cashout_approvals_response_200_cashout_approvals_item_decided_by_type_0_kind,
)
from ..models.list_cashout_approvals_response_200_cashout_approvals_item_decided_by_type_0_role import (
    ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Role,
    check_list_cashout_approvals_response_200_cashout_approvals_item_decided_by_type_0_role,
)
from ..types import UNSET, Unset

T = TypeVar(
    "T", bound="ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0"
)


@_attrs_define
class ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0:
    """
    Attributes:
        kind (ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Kind):
        id (str):
        role (ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Role | Unset):
    """

    kind: ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Kind
    id: str
    role: (
        ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Role | Unset
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
        kind = check_list_cashout_approvals_response_200_cashout_approvals_item_decided_by_type_0_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: (
            ListCashoutApprovalsResponse200CashoutApprovalsItemDecidedByType0Role
            | Unset
        )
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_list_cashout_approvals_response_200_cashout_approvals_item_decided_by_type_0_role(
                _role
            )

        list_cashout_approvals_response_200_cashout_approvals_item_decided_by_type_0 = (
            cls(
                kind=kind,
                id=id,
                role=role,
            )
        )

        return (
            list_cashout_approvals_response_200_cashout_approvals_item_decided_by_type_0
        )
