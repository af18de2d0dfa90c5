from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_commission_changes_response_200_commission_changes_item_change_treasury import (
    ListCommissionChangesResponse200CommissionChangesItemChangeTreasury,
    check_list_commission_changes_response_200_commission_changes_item_change_treasury,
)

if TYPE_CHECKING:
    from ..models.list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_0 import (
        ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0,
    )
    from ..models.list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_1 import (
        ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1,
    )


T = TypeVar("T", bound="ListCommissionChangesResponse200CommissionChangesItemChange")


@_attrs_define
class ListCommissionChangesResponse200CommissionChangesItemChange:
    """
    Attributes:
        treasury (ListCommissionChangesResponse200CommissionChangesItemChangeTreasury):
        client_id (str):
        rule (ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0 |
            ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1 | None):
        reason (None | str):
    """

    treasury: ListCommissionChangesResponse200CommissionChangesItemChangeTreasury
    client_id: str
    rule: (
        ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0
        | ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1
        | None
    )
    reason: None | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_0 import (
            ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0,
        )
        from ..models.list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_1 import (
            ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1,
        )

        treasury: str = self.treasury

        client_id = self.client_id

        rule: dict[str, Any] | None
        if isinstance(
            self.rule,
            ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0,
        ) or isinstance(
            self.rule,
            ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1,
        ):
            rule = self.rule.to_dict()
        else:
            rule = self.rule

        reason: None | str
        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "treasury": treasury,
                "clientId": client_id,
                "rule": rule,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_0 import (
            ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0,
        )
        from ..models.list_commission_changes_response_200_commission_changes_item_change_rule_type_0_type_1 import (
            ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1,
        )

        d = dict(src_dict)
        treasury = check_list_commission_changes_response_200_commission_changes_item_change_treasury(
            d.pop("treasury")
        )

        client_id = d.pop("clientId")

        def _parse_rule(
            data: object,
        ) -> (
            ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0
            | ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0_type_0 = ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0.from_dict(
                    data
                )

                return rule_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0_type_1 = ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1.from_dict(
                    data
                )

                return rule_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type0
                | ListCommissionChangesResponse200CommissionChangesItemChangeRuleType0Type1
                | None,
                data,
            )

        rule = _parse_rule(d.pop("rule"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        list_commission_changes_response_200_commission_changes_item_change = cls(
            treasury=treasury,
            client_id=client_id,
            rule=rule,
            reason=reason,
        )

        return list_commission_changes_response_200_commission_changes_item_change
