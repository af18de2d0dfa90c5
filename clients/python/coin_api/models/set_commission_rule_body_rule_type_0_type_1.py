from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SetCommissionRuleBodyRuleType0Type1")


@_attrs_define
class SetCommissionRuleBodyRuleType0Type1:
    """
    Attributes:
        amount (float): Coins, > 0, at most 2 decimals, at most 10,000
    """

    amount: float

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        set_commission_rule_body_rule_type_0_type_1 = cls(
            amount=amount,
        )

        return set_commission_rule_body_rule_type_0_type_1
