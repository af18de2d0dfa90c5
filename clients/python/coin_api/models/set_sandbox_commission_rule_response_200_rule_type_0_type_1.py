from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.set_sandbox_commission_rule_response_200_rule_type_0_type_1_kind import (
    SetSandboxCommissionRuleResponse200RuleType0Type1Kind,
    check_set_sandbox_commission_rule_response_200_rule_type_0_type_1_kind,
)

T = TypeVar("T", bound="SetSandboxCommissionRuleResponse200RuleType0Type1")


@_attrs_define
class SetSandboxCommissionRuleResponse200RuleType0Type1:
    """
    Attributes:
        kind (SetSandboxCommissionRuleResponse200RuleType0Type1Kind):
        amount (float): Coins (2 decimals)
    """

    kind: SetSandboxCommissionRuleResponse200RuleType0Type1Kind
    amount: float

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_set_sandbox_commission_rule_response_200_rule_type_0_type_1_kind(
            d.pop("kind")
        )

        amount = d.pop("amount")

        set_sandbox_commission_rule_response_200_rule_type_0_type_1 = cls(
            kind=kind,
            amount=amount,
        )

        return set_sandbox_commission_rule_response_200_rule_type_0_type_1
