from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SetSandboxCommissionRuleBodyRuleType0Type0")


@_attrs_define
class SetSandboxCommissionRuleBodyRuleType0Type0:
    """
    Attributes:
        bps (int):
    """

    bps: int

    def to_dict(self) -> dict[str, Any]:
        bps = self.bps

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bps": bps,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        bps = d.pop("bps")

        set_sandbox_commission_rule_body_rule_type_0_type_0 = cls(
            bps=bps,
        )

        return set_sandbox_commission_rule_body_rule_type_0_type_0
