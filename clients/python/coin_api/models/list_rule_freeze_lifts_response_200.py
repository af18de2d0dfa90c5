from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_rule_freeze_lifts_response_200_proposals_item import (
        ListRuleFreezeLiftsResponse200ProposalsItem,
    )


T = TypeVar("T", bound="ListRuleFreezeLiftsResponse200")


@_attrs_define
class ListRuleFreezeLiftsResponse200:
    """
    Attributes:
        proposals (list[ListRuleFreezeLiftsResponse200ProposalsItem]):
    """

    proposals: list[ListRuleFreezeLiftsResponse200ProposalsItem]

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
        from ..models.list_rule_freeze_lifts_response_200_proposals_item import (
            ListRuleFreezeLiftsResponse200ProposalsItem,
        )

        d = dict(src_dict)
        proposals = []
        _proposals = d.pop("proposals")
        for proposals_item_data in _proposals:
            proposals_item = ListRuleFreezeLiftsResponse200ProposalsItem.from_dict(
                proposals_item_data
            )

            proposals.append(proposals_item)

        list_rule_freeze_lifts_response_200 = cls(
            proposals=proposals,
        )

        return list_rule_freeze_lifts_response_200
