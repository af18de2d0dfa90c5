from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.set_commission_rule_response_202_approval import (
        SetCommissionRuleResponse202Approval,
    )


T = TypeVar("T", bound="SetCommissionRuleResponse202")


@_attrs_define
class SetCommissionRuleResponse202:
    """
    Attributes:
        approval (SetCommissionRuleResponse202Approval):
    """

    approval: SetCommissionRuleResponse202Approval

    def to_dict(self) -> dict[str, Any]:
        approval = self.approval.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "approval": approval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.set_commission_rule_response_202_approval import (
            SetCommissionRuleResponse202Approval,
        )

        d = dict(src_dict)
        approval = SetCommissionRuleResponse202Approval.from_dict(d.pop("approval"))

        set_commission_rule_response_202 = cls(
            approval=approval,
        )

        return set_commission_rule_response_202
