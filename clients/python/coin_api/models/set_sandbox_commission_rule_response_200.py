from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.set_sandbox_commission_rule_response_200_treasury import (
    SetSandboxCommissionRuleResponse200Treasury,
    check_set_sandbox_commission_rule_response_200_treasury,
)

if TYPE_CHECKING:
    from ..models.set_sandbox_commission_rule_response_200_rule_type_0_type_0 import (
        SetSandboxCommissionRuleResponse200RuleType0Type0,
    )
    from ..models.set_sandbox_commission_rule_response_200_rule_type_0_type_1 import (
        SetSandboxCommissionRuleResponse200RuleType0Type1,
    )


T = TypeVar("T", bound="SetSandboxCommissionRuleResponse200")


@_attrs_define
class SetSandboxCommissionRuleResponse200:
    """
    Attributes:
        treasury (SetSandboxCommissionRuleResponse200Treasury):
        client_id (str):
        rule (None | SetSandboxCommissionRuleResponse200RuleType0Type0 |
            SetSandboxCommissionRuleResponse200RuleType0Type1):
        set_by (int | None):
        approved_by (int | None):
    """

    treasury: SetSandboxCommissionRuleResponse200Treasury
    client_id: str
    rule: (
        None
        | SetSandboxCommissionRuleResponse200RuleType0Type0
        | SetSandboxCommissionRuleResponse200RuleType0Type1
    )
    set_by: int | None
    approved_by: int | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.set_sandbox_commission_rule_response_200_rule_type_0_type_0 import (
            SetSandboxCommissionRuleResponse200RuleType0Type0,
        )
        from ..models.set_sandbox_commission_rule_response_200_rule_type_0_type_1 import (
            SetSandboxCommissionRuleResponse200RuleType0Type1,
        )

        treasury: str = self.treasury

        client_id = self.client_id

        rule: dict[str, Any] | None
        if isinstance(
            self.rule, SetSandboxCommissionRuleResponse200RuleType0Type0
        ) or isinstance(self.rule, SetSandboxCommissionRuleResponse200RuleType0Type1):
            rule = self.rule.to_dict()
        else:
            rule = self.rule

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
        from ..models.set_sandbox_commission_rule_response_200_rule_type_0_type_0 import (
            SetSandboxCommissionRuleResponse200RuleType0Type0,
        )
        from ..models.set_sandbox_commission_rule_response_200_rule_type_0_type_1 import (
            SetSandboxCommissionRuleResponse200RuleType0Type1,
        )

        d = dict(src_dict)
        treasury = check_set_sandbox_commission_rule_response_200_treasury(
            d.pop("treasury")
        )

        client_id = d.pop("clientId")

        def _parse_rule(
            data: object,
        ) -> (
            None
            | SetSandboxCommissionRuleResponse200RuleType0Type0
            | SetSandboxCommissionRuleResponse200RuleType0Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0_type_0 = (
                    SetSandboxCommissionRuleResponse200RuleType0Type0.from_dict(data)
                )

                return rule_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0_type_1 = (
                    SetSandboxCommissionRuleResponse200RuleType0Type1.from_dict(data)
                )

                return rule_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | SetSandboxCommissionRuleResponse200RuleType0Type0
                | SetSandboxCommissionRuleResponse200RuleType0Type1,
                data,
            )

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

        set_sandbox_commission_rule_response_200 = cls(
            treasury=treasury,
            client_id=client_id,
            rule=rule,
            set_by=set_by,
            approved_by=approved_by,
        )

        return set_sandbox_commission_rule_response_200
