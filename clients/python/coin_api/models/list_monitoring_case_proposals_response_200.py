from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_monitoring_case_proposals_response_200_proposals_item import (
        ListMonitoringCaseProposalsResponse200ProposalsItem,
    )


T = TypeVar("T", bound="ListMonitoringCaseProposalsResponse200")


@_attrs_define
class ListMonitoringCaseProposalsResponse200:
    """
    Attributes:
        proposals (list[ListMonitoringCaseProposalsResponse200ProposalsItem]):
    """

    proposals: list[ListMonitoringCaseProposalsResponse200ProposalsItem]

    def to_dict(self) -> dict[str, Any]:
        proposals = []
        for proposals_item_data in self.proposals:
            proposals_item = proposals_item_data.to_dict()
            proposals.append(proposals_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "proposals": proposals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_monitoring_case_proposals_response_200_proposals_item import (
            ListMonitoringCaseProposalsResponse200ProposalsItem,
        )

        d = dict(src_dict)
        proposals = []
        _proposals = d.pop("proposals")
        for proposals_item_data in _proposals:
            proposals_item = (
                ListMonitoringCaseProposalsResponse200ProposalsItem.from_dict(
                    proposals_item_data
                )
            )

            proposals.append(proposals_item)

        list_monitoring_case_proposals_response_200 = cls(
            proposals=proposals,
        )

        return list_monitoring_case_proposals_response_200
