from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.put_monitoring_rule_response_202_proposal_rule import (
        PutMonitoringRuleResponse202ProposalRule,
    )


T = TypeVar("T", bound="PutMonitoringRuleResponse202Proposal")


@_attrs_define
class PutMonitoringRuleResponse202Proposal:
    """
    Attributes:
        rule_id (str):
        rule (PutMonitoringRuleResponse202ProposalRule): The rule as proposed: a different ADMIN+ sends it unchanged to
            apply it
        proposed_by (int):
        proposed_at (datetime.datetime):
        diff (list[str]): Each field it moves, `field: before -> after`, against the rule as it runs
        reasons (list[str]): Why it waits for a second ADMIN+
    """

    rule_id: str
    rule: PutMonitoringRuleResponse202ProposalRule
    proposed_by: int
    proposed_at: datetime.datetime
    diff: list[str]
    reasons: list[str]

    def to_dict(self) -> dict[str, Any]:
        rule_id = self.rule_id

        rule = self.rule.to_dict()

        proposed_by = self.proposed_by

        proposed_at = self.proposed_at.isoformat()

        diff = self.diff

        reasons = self.reasons

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ruleId": rule_id,
                "rule": rule,
                "proposedBy": proposed_by,
                "proposedAt": proposed_at,
                "diff": diff,
                "reasons": reasons,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.put_monitoring_rule_response_202_proposal_rule import (
            PutMonitoringRuleResponse202ProposalRule,
        )

        d = dict(src_dict)
        rule_id = d.pop("ruleId")

        rule = PutMonitoringRuleResponse202ProposalRule.from_dict(d.pop("rule"))

        proposed_by = d.pop("proposedBy")

        proposed_at = datetime.datetime.fromisoformat(d.pop("proposedAt"))

        diff = cast(list[str], d.pop("diff"))

        reasons = cast(list[str], d.pop("reasons"))

        put_monitoring_rule_response_202_proposal = cls(
            rule_id=rule_id,
            rule=rule,
            proposed_by=proposed_by,
            proposed_at=proposed_at,
            diff=diff,
            reasons=reasons,
        )

        return put_monitoring_rule_response_202_proposal
