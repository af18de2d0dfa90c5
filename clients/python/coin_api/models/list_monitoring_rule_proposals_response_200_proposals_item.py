from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.list_monitoring_rule_proposals_response_200_proposals_item_status import (
    ListMonitoringRuleProposalsResponse200ProposalsItemStatus,
    check_list_monitoring_rule_proposals_response_200_proposals_item_status,
)

if TYPE_CHECKING:
    from ..models.list_monitoring_rule_proposals_response_200_proposals_item_change import (
        ListMonitoringRuleProposalsResponse200ProposalsItemChange,
    )


T = TypeVar("T", bound="ListMonitoringRuleProposalsResponse200ProposalsItem")


@_attrs_define
class ListMonitoringRuleProposalsResponse200ProposalsItem:
    """
    Attributes:
        id (str): The rule's id (a rule's change or freeze lift) or the case's (a resolution)
        change (ListMonitoringRuleProposalsResponse200ProposalsItemChange): What was proposed: the rule, the resolution,
            or the lift (its reason and freezes); a different ADMIN+ sends the same to approve it
        proposed_by (int):
        proposed_at (datetime.datetime):
        expires_at (datetime.datetime):
        status (ListMonitoringRuleProposalsResponse200ProposalsItemStatus):
    """

    id: str
    change: ListMonitoringRuleProposalsResponse200ProposalsItemChange
    proposed_by: int
    proposed_at: datetime.datetime
    expires_at: datetime.datetime
    status: ListMonitoringRuleProposalsResponse200ProposalsItemStatus

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        change = self.change.to_dict()

        proposed_by = self.proposed_by

        proposed_at = self.proposed_at.isoformat()

        expires_at = self.expires_at.isoformat()

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "change": change,
                "proposedBy": proposed_by,
                "proposedAt": proposed_at,
                "expiresAt": expires_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_monitoring_rule_proposals_response_200_proposals_item_change import (
            ListMonitoringRuleProposalsResponse200ProposalsItemChange,
        )

        d = dict(src_dict)
        id = d.pop("id")

        change = ListMonitoringRuleProposalsResponse200ProposalsItemChange.from_dict(
            d.pop("change")
        )

        proposed_by = d.pop("proposedBy")

        proposed_at = datetime.datetime.fromisoformat(d.pop("proposedAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        status = (
            check_list_monitoring_rule_proposals_response_200_proposals_item_status(
                d.pop("status")
            )
        )

        list_monitoring_rule_proposals_response_200_proposals_item = cls(
            id=id,
            change=change,
            proposed_by=proposed_by,
            proposed_at=proposed_at,
            expires_at=expires_at,
            status=status,
        )

        return list_monitoring_rule_proposals_response_200_proposals_item
