from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reject_monitoring_rule_proposal_response_200_proposal import (
        RejectMonitoringRuleProposalResponse200Proposal,
    )


T = TypeVar("T", bound="RejectMonitoringRuleProposalResponse200")


@_attrs_define
class RejectMonitoringRuleProposalResponse200:
    """
    Attributes:
        proposal (RejectMonitoringRuleProposalResponse200Proposal):
    """

    proposal: RejectMonitoringRuleProposalResponse200Proposal

    def to_dict(self) -> dict[str, Any]:
        proposal = self.proposal.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "proposal": proposal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reject_monitoring_rule_proposal_response_200_proposal import (
            RejectMonitoringRuleProposalResponse200Proposal,
        )

        d = dict(src_dict)
        proposal = RejectMonitoringRuleProposalResponse200Proposal.from_dict(
            d.pop("proposal")
        )

        reject_monitoring_rule_proposal_response_200 = cls(
            proposal=proposal,
        )

        return reject_monitoring_rule_proposal_response_200
