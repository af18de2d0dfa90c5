from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.set_commission_rule_response_202_approval_decided_by_type_0_kind import (
    SetCommissionRuleResponse202ApprovalDecidedByType0Kind,
    check_set_commission_rule_response_202_approval_decided_by_type_0_kind,
)
from ..models.set_commission_rule_response_202_approval_decided_by_type_0_role import (
    SetCommissionRuleResponse202ApprovalDecidedByType0Role,
    check_set_commission_rule_response_202_approval_decided_by_type_0_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SetCommissionRuleResponse202ApprovalDecidedByType0")


@_attrs_define
class SetCommissionRuleResponse202ApprovalDecidedByType0:
    """
    Attributes:
        kind (SetCommissionRuleResponse202ApprovalDecidedByType0Kind):
        id (str):
        role (SetCommissionRuleResponse202ApprovalDecidedByType0Role | Unset):
    """

    kind: SetCommissionRuleResponse202ApprovalDecidedByType0Kind
    id: str
    role: SetCommissionRuleResponse202ApprovalDecidedByType0Role | Unset = UNSET

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
        kind = check_set_commission_rule_response_202_approval_decided_by_type_0_kind(
            d.pop("kind")
        )

        id = d.pop("id")

        _role = d.pop("role", UNSET)
        role: SetCommissionRuleResponse202ApprovalDecidedByType0Role | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = (
                check_set_commission_rule_response_202_approval_decided_by_type_0_role(
                    _role
                )
            )

        set_commission_rule_response_202_approval_decided_by_type_0 = cls(
            kind=kind,
            id=id,
            role=role,
        )

        return set_commission_rule_response_202_approval_decided_by_type_0
