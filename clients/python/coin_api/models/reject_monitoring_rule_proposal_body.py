from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RejectMonitoringRuleProposalBody")


@_attrs_define
class RejectMonitoringRuleProposalBody:
    """
    Attributes:
        reason (str): Why the proposal is rejected
    """

    reason: str

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        reason = d.pop("reason")

        reject_monitoring_rule_proposal_body = cls(
            reason=reason,
        )

        return reject_monitoring_rule_proposal_body
