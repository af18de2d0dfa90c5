from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.approve_commission_change_response_200_rule_type_0_type_0_kind import (
    ApproveCommissionChangeResponse200RuleType0Type0Kind,
    check_approve_commission_change_response_200_rule_type_0_type_0_kind,
)

T = TypeVar("T", bound="ApproveCommissionChangeResponse200RuleType0Type0")


@_attrs_define
class ApproveCommissionChangeResponse200RuleType0Type0:
    """
    Attributes:
        kind (ApproveCommissionChangeResponse200RuleType0Type0Kind):
        bps (int):
    """

    kind: ApproveCommissionChangeResponse200RuleType0Type0Kind
    bps: int

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        bps = self.bps

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "bps": bps,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_approve_commission_change_response_200_rule_type_0_type_0_kind(
            d.pop("kind")
        )

        bps = d.pop("bps")

        approve_commission_change_response_200_rule_type_0_type_0 = cls(
            kind=kind,
            bps=bps,
        )

        return approve_commission_change_response_200_rule_type_0_type_0
