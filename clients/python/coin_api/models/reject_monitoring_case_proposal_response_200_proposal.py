from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.reject_monitoring_case_proposal_response_200_proposal_status import (
    RejectMonitoringCaseProposalResponse200ProposalStatus,
    check_reject_monitoring_case_proposal_response_200_proposal_status,
)

if TYPE_CHECKING:
    from ..models.reject_monitoring_case_proposal_response_200_proposal_change import (
        RejectMonitoringCaseProposalResponse200ProposalChange,
    )


T = TypeVar("T", bound="RejectMonitoringCaseProposalResponse200Proposal")


@_attrs_define
class RejectMonitoringCaseProposalResponse200Proposal:
    """
    Attributes:
        id (str): The rule's id (a rule's change or freeze lift) or the case's (a resolution)
        request_id (UUID): This request: a rule or a case has one pending at a time, and keeps the ones before it
        change (RejectMonitoringCaseProposalResponse200ProposalChange): What was proposed: the rule, the resolution, or
            the lift (its reason and freezes); a different ADMIN+ sends the same to approve it
        proposed_by (int):
        proposed_at (datetime.datetime):
        expires_at (datetime.datetime):
        status (RejectMonitoringCaseProposalResponse200ProposalStatus):
        decided_by (int | None): Who approved or rejected it (null while pending, or expired)
        decided_at (datetime.datetime | None): When it was approved, rejected or stored expired
        rejection_reason (None | str): Why it was rejected (null otherwise)
    """

    id: str
    request_id: UUID
    change: RejectMonitoringCaseProposalResponse200ProposalChange
    proposed_by: int
    proposed_at: datetime.datetime
    expires_at: datetime.datetime
    status: RejectMonitoringCaseProposalResponse200ProposalStatus
    decided_by: int | None
    decided_at: datetime.datetime | None
    rejection_reason: None | str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        request_id = str(self.request_id)

        change = self.change.to_dict()

        proposed_by = self.proposed_by

        proposed_at = self.proposed_at.isoformat()

        expires_at = self.expires_at.isoformat()

        status: str = self.status

        decided_by: int | None
        decided_by = self.decided_by

        decided_at: None | str
        if isinstance(self.decided_at, datetime.datetime):
            decided_at = self.decided_at.isoformat()
        else:
            decided_at = self.decided_at

        rejection_reason: None | str
        rejection_reason = self.rejection_reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "requestId": request_id,
                "change": change,
                "proposedBy": proposed_by,
                "proposedAt": proposed_at,
                "expiresAt": expires_at,
                "status": status,
                "decidedBy": decided_by,
                "decidedAt": decided_at,
                "rejectionReason": rejection_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reject_monitoring_case_proposal_response_200_proposal_change import (
            RejectMonitoringCaseProposalResponse200ProposalChange,
        )

        d = dict(src_dict)
        id = d.pop("id")

        request_id = UUID(d.pop("requestId"))

        change = RejectMonitoringCaseProposalResponse200ProposalChange.from_dict(
            d.pop("change")
        )

        proposed_by = d.pop("proposedBy")

        proposed_at = datetime.datetime.fromisoformat(d.pop("proposedAt"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        status = check_reject_monitoring_case_proposal_response_200_proposal_status(
            d.pop("status")
        )

        def _parse_decided_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        decided_by = _parse_decided_by(d.pop("decidedBy"))

        def _parse_decided_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decided_at_type_0 = datetime.datetime.fromisoformat(data)

                return decided_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        decided_at = _parse_decided_at(d.pop("decidedAt"))

        def _parse_rejection_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rejection_reason = _parse_rejection_reason(d.pop("rejectionReason"))

        reject_monitoring_case_proposal_response_200_proposal = cls(
            id=id,
            request_id=request_id,
            change=change,
            proposed_by=proposed_by,
            proposed_at=proposed_at,
            expires_at=expires_at,
            status=status,
            decided_by=decided_by,
            decided_at=decided_at,
            rejection_reason=rejection_reason,
        )

        return reject_monitoring_case_proposal_response_200_proposal
