from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.approve_rule_freeze_lift_response_200_freeze_lift import (
        ApproveRuleFreezeLiftResponse200FreezeLift,
    )
    from ..models.approve_rule_freeze_lift_response_200_outcomes_item import (
        ApproveRuleFreezeLiftResponse200OutcomesItem,
    )


T = TypeVar("T", bound="ApproveRuleFreezeLiftResponse200")


@_attrs_define
class ApproveRuleFreezeLiftResponse200:
    """
    Attributes:
        freeze_lift (ApproveRuleFreezeLiftResponse200FreezeLift):
        outcomes (list[ApproveRuleFreezeLiftResponse200OutcomesItem]):
    """

    freeze_lift: ApproveRuleFreezeLiftResponse200FreezeLift
    outcomes: list[ApproveRuleFreezeLiftResponse200OutcomesItem]

    def to_dict(self) -> dict[str, Any]:
        freeze_lift = self.freeze_lift.to_dict()

        outcomes = []
        for outcomes_item_data in self.outcomes:
            outcomes_item = outcomes_item_data.to_dict()
            outcomes.append(outcomes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "freezeLift": freeze_lift,
                "outcomes": outcomes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approve_rule_freeze_lift_response_200_freeze_lift import (
            ApproveRuleFreezeLiftResponse200FreezeLift,
        )
        from ..models.approve_rule_freeze_lift_response_200_outcomes_item import (
            ApproveRuleFreezeLiftResponse200OutcomesItem,
        )

        d = dict(src_dict)
        freeze_lift = ApproveRuleFreezeLiftResponse200FreezeLift.from_dict(
            d.pop("freezeLift")
        )

        outcomes = []
        _outcomes = d.pop("outcomes")
        for outcomes_item_data in _outcomes:
            outcomes_item = ApproveRuleFreezeLiftResponse200OutcomesItem.from_dict(
                outcomes_item_data
            )

            outcomes.append(outcomes_item)

        approve_rule_freeze_lift_response_200 = cls(
            freeze_lift=freeze_lift,
            outcomes=outcomes,
        )

        return approve_rule_freeze_lift_response_200
