from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="RequestRuleFreezeLiftResponse202FreezeLiftFreezesItem")


@_attrs_define
class RequestRuleFreezeLiftResponse202FreezeLiftFreezesItem:
    """
    Attributes:
        case_id (UUID):
        user_id (int):
    """

    case_id: UUID
    user_id: int

    def to_dict(self) -> dict[str, Any]:
        case_id = str(self.case_id)

        user_id = self.user_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "caseId": case_id,
                "userId": user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        case_id = UUID(d.pop("caseId"))

        user_id = d.pop("userId")

        request_rule_freeze_lift_response_202_freeze_lift_freezes_item = cls(
            case_id=case_id,
            user_id=user_id,
        )

        return request_rule_freeze_lift_response_202_freeze_lift_freezes_item
