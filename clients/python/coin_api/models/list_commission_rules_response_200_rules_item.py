from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_commission_rules_response_200_rules_item_treasury import (
    ListCommissionRulesResponse200RulesItemTreasury,
    check_list_commission_rules_response_200_rules_item_treasury,
)

if TYPE_CHECKING:
    from ..models.list_commission_rules_response_200_rules_item_rule_type_0 import (
        ListCommissionRulesResponse200RulesItemRuleType0,
    )
    from ..models.list_commission_rules_response_200_rules_item_rule_type_1 import (
        ListCommissionRulesResponse200RulesItemRuleType1,
    )


T = TypeVar("T", bound="ListCommissionRulesResponse200RulesItem")


@_attrs_define
class ListCommissionRulesResponse200RulesItem:
    """
    Attributes:
        treasury (ListCommissionRulesResponse200RulesItemTreasury):
        client_id (str):
        rule (ListCommissionRulesResponse200RulesItemRuleType0 | ListCommissionRulesResponse200RulesItemRuleType1):
        set_by (int | None):
        approved_by (int | None):
    """

    treasury: ListCommissionRulesResponse200RulesItemTreasury
    client_id: str
    rule: (
        ListCommissionRulesResponse200RulesItemRuleType0
        | ListCommissionRulesResponse200RulesItemRuleType1
    )
    set_by: int | None
    approved_by: int | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_commission_rules_response_200_rules_item_rule_type_0 import (
            ListCommissionRulesResponse200RulesItemRuleType0,
        )

        treasury: str = self.treasury

        client_id = self.client_id

        rule: dict[str, Any]
        if isinstance(self.rule, ListCommissionRulesResponse200RulesItemRuleType0):
            rule = self.rule.to_dict()
        else:
            rule = self.rule.to_dict()

        set_by: int | None
        set_by = self.set_by

        approved_by: int | None
        approved_by = self.approved_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "treasury": treasury,
                "clientId": client_id,
                "rule": rule,
                "setBy": set_by,
                "approvedBy": approved_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_commission_rules_response_200_rules_item_rule_type_0 import (
            ListCommissionRulesResponse200RulesItemRuleType0,
        )
        from ..models.list_commission_rules_response_200_rules_item_rule_type_1 import (
            ListCommissionRulesResponse200RulesItemRuleType1,
        )

        d = dict(src_dict)
        treasury = check_list_commission_rules_response_200_rules_item_treasury(
            d.pop("treasury")
        )

        client_id = d.pop("clientId")

        def _parse_rule(
            data: object,
        ) -> (
            ListCommissionRulesResponse200RulesItemRuleType0
            | ListCommissionRulesResponse200RulesItemRuleType1
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0 = (
                    ListCommissionRulesResponse200RulesItemRuleType0.from_dict(data)
                )

                return rule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rule_type_1 = ListCommissionRulesResponse200RulesItemRuleType1.from_dict(
                data
            )

            return rule_type_1

        rule = _parse_rule(d.pop("rule"))

        def _parse_set_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        set_by = _parse_set_by(d.pop("setBy"))

        def _parse_approved_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        approved_by = _parse_approved_by(d.pop("approvedBy"))

        list_commission_rules_response_200_rules_item = cls(
            treasury=treasury,
            client_id=client_id,
            rule=rule,
            set_by=set_by,
            approved_by=approved_by,
        )

        return list_commission_rules_response_200_rules_item
