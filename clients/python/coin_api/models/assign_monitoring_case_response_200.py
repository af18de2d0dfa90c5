from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.assign_monitoring_case_response_200_resolution_type_0 import (
    AssignMonitoringCaseResponse200ResolutionType0,
    check_assign_monitoring_case_response_200_resolution_type_0,
)
from ..models.assign_monitoring_case_response_200_status import (
    AssignMonitoringCaseResponse200Status,
    check_assign_monitoring_case_response_200_status,
)

T = TypeVar("T", bound="AssignMonitoringCaseResponse200")


@_attrs_define
class AssignMonitoringCaseResponse200:
    """
    Attributes:
        id (UUID):
        subject (str): What the case suspects: user:<id>, treasury:<CODE> or client:<platform client id>
        status (AssignMonitoringCaseResponse200Status):
        score (int):
        rules (list[str]): The ids of the rules that fired on its transactions
        assignee (int | None):
        opened_at (datetime.datetime):
        resolved_at (datetime.datetime | None):
        resolved_by (int | None):
        resolution (AssignMonitoringCaseResponse200ResolutionType0 | None):
        reason (None | str):
        freeze_requested_at (datetime.datetime | None): When the automatic freeze was asked of the ledger; null if never
        freeze_outcome (None | str):
    """

    id: UUID
    subject: str
    status: AssignMonitoringCaseResponse200Status
    score: int
    rules: list[str]
    assignee: int | None
    opened_at: datetime.datetime
    resolved_at: datetime.datetime | None
    resolved_by: int | None
    resolution: AssignMonitoringCaseResponse200ResolutionType0 | None
    reason: None | str
    freeze_requested_at: datetime.datetime | None
    freeze_outcome: None | str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        subject = self.subject

        status: str = self.status

        score = self.score

        rules = self.rules

        assignee: int | None
        assignee = self.assignee

        opened_at = self.opened_at.isoformat()

        resolved_at: None | str
        if isinstance(self.resolved_at, datetime.datetime):
            resolved_at = self.resolved_at.isoformat()
        else:
            resolved_at = self.resolved_at

        resolved_by: int | None
        resolved_by = self.resolved_by

        resolution: None | str
        if isinstance(self.resolution, str):
            resolution = self.resolution
        else:
            resolution = self.resolution

        reason: None | str
        reason = self.reason

        freeze_requested_at: None | str
        if isinstance(self.freeze_requested_at, datetime.datetime):
            freeze_requested_at = self.freeze_requested_at.isoformat()
        else:
            freeze_requested_at = self.freeze_requested_at

        freeze_outcome: None | str
        freeze_outcome = self.freeze_outcome

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "subject": subject,
                "status": status,
                "score": score,
                "rules": rules,
                "assignee": assignee,
                "openedAt": opened_at,
                "resolvedAt": resolved_at,
                "resolvedBy": resolved_by,
                "resolution": resolution,
                "reason": reason,
                "freezeRequestedAt": freeze_requested_at,
                "freezeOutcome": freeze_outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        subject = d.pop("subject")

        status = check_assign_monitoring_case_response_200_status(d.pop("status"))

        score = d.pop("score")

        rules = cast(list[str], d.pop("rules"))

        def _parse_assignee(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        assignee = _parse_assignee(d.pop("assignee"))

        opened_at = datetime.datetime.fromisoformat(d.pop("openedAt"))

        def _parse_resolved_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolved_at_type_0 = datetime.datetime.fromisoformat(data)

                return resolved_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        resolved_at = _parse_resolved_at(d.pop("resolvedAt"))

        def _parse_resolved_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        resolved_by = _parse_resolved_by(d.pop("resolvedBy"))

        def _parse_resolution(
            data: object,
        ) -> AssignMonitoringCaseResponse200ResolutionType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolution_type_0 = (
                    check_assign_monitoring_case_response_200_resolution_type_0(data)
                )

                return resolution_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AssignMonitoringCaseResponse200ResolutionType0 | None, data)

        resolution = _parse_resolution(d.pop("resolution"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        def _parse_freeze_requested_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                freeze_requested_at_type_0 = datetime.datetime.fromisoformat(data)

                return freeze_requested_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        freeze_requested_at = _parse_freeze_requested_at(d.pop("freezeRequestedAt"))

        def _parse_freeze_outcome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        freeze_outcome = _parse_freeze_outcome(d.pop("freezeOutcome"))

        assign_monitoring_case_response_200 = cls(
            id=id,
            subject=subject,
            status=status,
            score=score,
            rules=rules,
            assignee=assignee,
            opened_at=opened_at,
            resolved_at=resolved_at,
            resolved_by=resolved_by,
            resolution=resolution,
            reason=reason,
            freeze_requested_at=freeze_requested_at,
            freeze_outcome=freeze_outcome,
        )

        return assign_monitoring_case_response_200
