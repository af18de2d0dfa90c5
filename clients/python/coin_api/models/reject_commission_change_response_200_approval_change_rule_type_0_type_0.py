from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.reject_commission_change_response_200_approval_change_rule_type_0_type_0_kind import (
    RejectCommissionChangeResponse200ApprovalChangeRuleType0Type0Kind,
    check_reject_commission_change_response_200_approval_change_rule_type_0_type_0_kind,
)

T = TypeVar("T", bound="RejectCommissionChangeResponse200ApprovalChangeRuleType0Type0")


@_attrs_define
class RejectCommissionChangeResponse200ApprovalChangeRuleType0Type0:
    """
    Attributes:
        kind (RejectCommissionChangeResponse200ApprovalChangeRuleType0Type0Kind):
        bps (int):
    """

    kind: RejectCommissionChangeResponse200ApprovalChangeRuleType0Type0Kind
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
        kind = check_reject_commission_change_response_200_approval_change_rule_type_0_type_0_kind(
            d.pop("kind")
        )

        bps = d.pop("bps")

        reject_commission_change_response_200_approval_change_rule_type_0_type_0 = cls(
            kind=kind,
            bps=bps,
        )

        return reject_commission_change_response_200_approval_change_rule_type_0_type_0
