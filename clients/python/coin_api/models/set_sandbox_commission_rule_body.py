from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.set_sandbox_commission_rule_body_treasury import (
    SetSandboxCommissionRuleBodyTreasury,
    check_set_sandbox_commission_rule_body_treasury,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.set_sandbox_commission_rule_body_rule_type_0_type_0 import (
        SetSandboxCommissionRuleBodyRuleType0Type0,
    )
    from ..models.set_sandbox_commission_rule_body_rule_type_0_type_1 import (
        SetSandboxCommissionRuleBodyRuleType0Type1,
    )


T = TypeVar("T", bound="SetSandboxCommissionRuleBody")


@_attrs_define
class SetSandboxCommissionRuleBody:
    """
    Attributes:
        treasury (SetSandboxCommissionRuleBodyTreasury):
        rule (None | SetSandboxCommissionRuleBodyRuleType0Type0 | SetSandboxCommissionRuleBodyRuleType0Type1):
        reason (str | Unset): Text: tab and line breaks allowed; no other control characters, no lone surrogates
    """

    treasury: SetSandboxCommissionRuleBodyTreasury
    rule: (
        None
        | SetSandboxCommissionRuleBodyRuleType0Type0
        | SetSandboxCommissionRuleBodyRuleType0Type1
    )
    reason: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.set_sandbox_commission_rule_body_rule_type_0_type_0 import (
            SetSandboxCommissionRuleBodyRuleType0Type0,
        )
        from ..models.set_sandbox_commission_rule_body_rule_type_0_type_1 import (
            SetSandboxCommissionRuleBodyRuleType0Type1,
        )

        treasury: str = self.treasury

        rule: dict[str, Any] | None
        if isinstance(
            self.rule, SetSandboxCommissionRuleBodyRuleType0Type0
        ) or isinstance(self.rule, SetSandboxCommissionRuleBodyRuleType0Type1):
            rule = self.rule.to_dict()
        else:
            rule = self.rule

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "treasury": treasury,
                "rule": rule,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.set_sandbox_commission_rule_body_rule_type_0_type_0 import (
            SetSandboxCommissionRuleBodyRuleType0Type0,
        )
        from ..models.set_sandbox_commission_rule_body_rule_type_0_type_1 import (
            SetSandboxCommissionRuleBodyRuleType0Type1,
        )

        d = dict(src_dict)
        treasury = check_set_sandbox_commission_rule_body_treasury(d.pop("treasury"))

        def _parse_rule(
            data: object,
        ) -> (
            None
            | SetSandboxCommissionRuleBodyRuleType0Type0
            | SetSandboxCommissionRuleBodyRuleType0Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0_type_0 = (
                    SetSandboxCommissionRuleBodyRuleType0Type0.from_dict(data)
                )

                return rule_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0_type_1 = (
                    SetSandboxCommissionRuleBodyRuleType0Type1.from_dict(data)
                )

                return rule_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | SetSandboxCommissionRuleBodyRuleType0Type0
                | SetSandboxCommissionRuleBodyRuleType0Type1,
                data,
            )

        rule = _parse_rule(d.pop("rule"))

        reason = d.pop("reason", UNSET)

        set_sandbox_commission_rule_body = cls(
            treasury=treasury,
            rule=rule,
            reason=reason,
        )

        return set_sandbox_commission_rule_body
