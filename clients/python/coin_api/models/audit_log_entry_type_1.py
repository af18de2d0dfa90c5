from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.audit_log_entry_type_1_action import (
    AuditLogEntryType1Action,
    check_audit_log_entry_type_1_action,
)
from ..models.audit_log_entry_type_1_result import (
    AuditLogEntryType1Result,
    check_audit_log_entry_type_1_result,
)

if TYPE_CHECKING:
    from ..models.audit_log_entry_type_1_actor import AuditLogEntryType1Actor
    from ..models.audit_log_entry_type_1_summary import AuditLogEntryType1Summary


T = TypeVar("T", bound="AuditLogEntryType1")


@_attrs_define
class AuditLogEntryType1:
    """
    Attributes:
        id (UUID):
        at (datetime.datetime):
        actor (AuditLogEntryType1Actor):
        action (AuditLogEntryType1Action):
        target (str):
        summary (AuditLogEntryType1Summary):
        result (AuditLogEntryType1Result):
        error_code (None | str):
        request_id (None | str):
        seq (int): Its place in the log (one total order of admin actions)
        hash_ (str): sha256 of the previous entry hash and this record (canonical JSON): npm run audit verifies the
            chain
    """

    id: UUID
    at: datetime.datetime
    actor: AuditLogEntryType1Actor
    action: AuditLogEntryType1Action
    target: str
    summary: AuditLogEntryType1Summary
    result: AuditLogEntryType1Result
    error_code: None | str
    request_id: None | str
    seq: int
    hash_: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        at = self.at.isoformat()

        actor = self.actor.to_dict()

        action: str = self.action

        target = self.target

        summary = self.summary.to_dict()

        result: str = self.result

        error_code: None | str
        error_code = self.error_code

        request_id: None | str
        request_id = self.request_id

        seq = self.seq

        hash_ = self.hash_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "at": at,
                "actor": actor,
                "action": action,
                "target": target,
                "summary": summary,
                "result": result,
                "errorCode": error_code,
                "requestId": request_id,
                "seq": seq,
                "hash": hash_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.audit_log_entry_type_1_actor import AuditLogEntryType1Actor
        from ..models.audit_log_entry_type_1_summary import AuditLogEntryType1Summary

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        actor = AuditLogEntryType1Actor.from_dict(d.pop("actor"))

        action = check_audit_log_entry_type_1_action(d.pop("action"))

        target = d.pop("target")

        summary = AuditLogEntryType1Summary.from_dict(d.pop("summary"))

        result = check_audit_log_entry_type_1_result(d.pop("result"))

        def _parse_error_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error_code = _parse_error_code(d.pop("errorCode"))

        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        request_id = _parse_request_id(d.pop("requestId"))

        seq = d.pop("seq")

        hash_ = d.pop("hash")

        audit_log_entry_type_1 = cls(
            id=id,
            at=at,
            actor=actor,
            action=action,
            target=target,
            summary=summary,
            result=result,
            error_code=error_code,
            request_id=request_id,
            seq=seq,
            hash_=hash_,
        )

        return audit_log_entry_type_1
