from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.request_rule_freeze_lift_response_202_freeze_lift import (
        RequestRuleFreezeLiftResponse202FreezeLift,
    )
    from ..models.request_rule_freeze_lift_response_202_outcomes_item import (
        RequestRuleFreezeLiftResponse202OutcomesItem,
    )


T = TypeVar("T", bound="RequestRuleFreezeLiftResponse202")


@_attrs_define
class RequestRuleFreezeLiftResponse202:
    """
    Attributes:
        freeze_lift (RequestRuleFreezeLiftResponse202FreezeLift):
        outcomes (list[RequestRuleFreezeLiftResponse202OutcomesItem]):
    """

    freeze_lift: RequestRuleFreezeLiftResponse202FreezeLift
    outcomes: list[RequestRuleFreezeLiftResponse202OutcomesItem]

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
        from ..models.request_rule_freeze_lift_response_202_freeze_lift import (
            RequestRuleFreezeLiftResponse202FreezeLift,
        )
        from ..models.request_rule_freeze_lift_response_202_outcomes_item import (
            RequestRuleFreezeLiftResponse202OutcomesItem,
        )

        d = dict(src_dict)
        freeze_lift = RequestRuleFreezeLiftResponse202FreezeLift.from_dict(
            d.pop("freezeLift")
        )

        outcomes = []
        _outcomes = d.pop("outcomes")
        for outcomes_item_data in _outcomes:
            outcomes_item = RequestRuleFreezeLiftResponse202OutcomesItem.from_dict(
                outcomes_item_data
            )

            outcomes.append(outcomes_item)

        request_rule_freeze_lift_response_202 = cls(
            freeze_lift=freeze_lift,
            outcomes=outcomes,
        )

        return request_rule_freeze_lift_response_202
