from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.approve_rule_freeze_lift_response_200_freeze_lift_status import (
    ApproveRuleFreezeLiftResponse200FreezeLiftStatus,
    check_approve_rule_freeze_lift_response_200_freeze_lift_status,
)

if TYPE_CHECKING:
    from ..models.approve_rule_freeze_lift_response_200_freeze_lift_freezes_item import (
        ApproveRuleFreezeLiftResponse200FreezeLiftFreezesItem,
    )


T = TypeVar("T", bound="ApproveRuleFreezeLiftResponse200FreezeLift")


@_attrs_define
class ApproveRuleFreezeLiftResponse200FreezeLift:
    """
    Attributes:
        rule_id (str):
        status (ApproveRuleFreezeLiftResponse200FreezeLiftStatus):
        reason (str):
        requested_by (int):
        requested_at (datetime.datetime):
        approved_by (int | None):
        freezes (list[ApproveRuleFreezeLiftResponse200FreezeLiftFreezesItem]): The rule's automatic freezes the request
            lists, oldest first: the approval lifts exactly these
    """

    rule_id: str
    status: ApproveRuleFreezeLiftResponse200FreezeLiftStatus
    reason: str
    requested_by: int
    requested_at: datetime.datetime
    approved_by: int | None
    freezes: list[ApproveRuleFreezeLiftResponse200FreezeLiftFreezesItem]

    def to_dict(self) -> dict[str, Any]:
        rule_id = self.rule_id

        status: str = self.status

        reason = self.reason

        requested_by = self.requested_by

        requested_at = self.requested_at.isoformat()

        approved_by: int | None
        approved_by = self.approved_by

        freezes = []
        for freezes_item_data in self.freezes:
            freezes_item = freezes_item_data.to_dict()
            freezes.append(freezes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ruleId": rule_id,
                "status": status,
                "reason": reason,
                "requestedBy": requested_by,
                "requestedAt": requested_at,
                "approvedBy": approved_by,
                "freezes": freezes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.approve_rule_freeze_lift_response_200_freeze_lift_freezes_item import (
            ApproveRuleFreezeLiftResponse200FreezeLiftFreezesItem,
        )

        d = dict(src_dict)
        rule_id = d.pop("ruleId")

        status = check_approve_rule_freeze_lift_response_200_freeze_lift_status(
            d.pop("status")
        )

        reason = d.pop("reason")

        requested_by = d.pop("requestedBy")

        requested_at = datetime.datetime.fromisoformat(d.pop("requestedAt"))

        def _parse_approved_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        approved_by = _parse_approved_by(d.pop("approvedBy"))

        freezes = []
        _freezes = d.pop("freezes")
        for freezes_item_data in _freezes:
            freezes_item = (
                ApproveRuleFreezeLiftResponse200FreezeLiftFreezesItem.from_dict(
                    freezes_item_data
                )
            )

            freezes.append(freezes_item)

        approve_rule_freeze_lift_response_200_freeze_lift = cls(
            rule_id=rule_id,
            status=status,
            reason=reason,
            requested_by=requested_by,
            requested_at=requested_at,
            approved_by=approved_by,
            freezes=freezes,
        )

        return approve_rule_freeze_lift_response_200_freeze_lift
