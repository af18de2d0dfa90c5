from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_commission_changes_response_200_commission_changes_item_decided_by_type_0_kind import (
    ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Kind,
    check_list_commission_changes_response_200_commission_changes_item_decided_by_type_0_kind,
)
from ..models.list_commission_changes_response_200_commission_changes_item_decided_by_type_0_role import (
    ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Role,
    check_list_commission_changes_response_200_commission_changes_item_decided_by_type_0_role,
)
from ..types import UNSET, Unset

T = TypeVar(
    "T", bound="ListCommissionChangesResponse200CommissionChangesItemDecidedByType0"
)


@_attrs_define
class ListCommissionChangesResponse200CommissionChangesItemDecidedByType0:
    """
    Attributes:
        kind (ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Kind):
        id (str):
        role (ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Role | Unset):
    """

    kind: ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Kind
    id: str
    role: (
        ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Role | Unset
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
        kind = check_list_commission_changes_response_200_commission_changes_item_decided_by_type_0_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: (
            ListCommissionChangesResponse200CommissionChangesItemDecidedByType0Role
            | Unset
        )
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_list_commission_changes_response_200_commission_changes_item_decided_by_type_0_role(
                _role
            )

        list_commission_changes_response_200_commission_changes_item_decided_by_type_0 = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return list_commission_changes_response_200_commission_changes_item_decided_by_type_0
