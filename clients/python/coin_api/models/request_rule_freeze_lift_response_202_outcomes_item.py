from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="RequestRuleFreezeLiftResponse202OutcomesItem")


@_attrs_define
class RequestRuleFreezeLiftResponse202OutcomesItem:
    """
    Attributes:
        user_id (int):
        case_id (UUID):
        outcome (str): `requested` (the request's unfreeze request, in the requester's name) or `lifted` (the
            approval's), else the ledger's error code for that wallet (`WALLET_NOT_FROZEN`: lifted meanwhile)
    """

    user_id: int
    case_id: UUID
    outcome: str

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        case_id = str(self.case_id)

        outcome = self.outcome

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "userId": user_id,
                "caseId": case_id,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("userId")

        case_id = UUID(d.pop("caseId"))

        outcome = d.pop("outcome")

        request_rule_freeze_lift_response_202_outcomes_item = cls(
            user_id=user_id,
            case_id=case_id,
            outcome=outcome,
        )

        return request_rule_freeze_lift_response_202_outcomes_item
