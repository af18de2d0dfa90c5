from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_1_kind import (
    ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1Kind,
    check_list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_1_kind,
)

T = TypeVar(
    "T",
    bound="ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1",
)


@_attrs_define
class ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1:
    """
    Attributes:
        kind (ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1Kind):
        amount (float): Coins (2 decimals)
    """

    kind: ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1Kind
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
        kind = check_list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_1_kind(
            d.pop("kind")
        )

        amount = d.pop("amount")

        list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_1 = cls(
            kind=kind,
            amount=amount,
        )

        return list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_1
