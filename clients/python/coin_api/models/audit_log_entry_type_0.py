from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.audit_log_entry_type_0_result import (
    AuditLogEntryType0Result,
    check_audit_log_entry_type_0_result,
)
from ..models.audit_log_entry_type_0_source import (
    AuditLogEntryType0Source,
    check_audit_log_entry_type_0_source,
)

if TYPE_CHECKING:
    from ..models.audit_log_entry_type_0_actor import AuditLogEntryType0Actor
    from ..models.audit_log_entry_type_0_summary import AuditLogEntryType0Summary


T = TypeVar("T", bound="AuditLogEntryType0")


@_attrs_define
class AuditLogEntryType0:
    """
    Attributes:
        id (UUID):
        at (datetime.datetime):
        source (AuditLogEntryType0Source):
        actor (AuditLogEntryType0Actor):
        address (None | str):
        action (str):
        target (str):
        summary (AuditLogEntryType0Summary):
        result (AuditLogEntryType0Result):
        error_code (str):
        reason (str):
        request_id (None | str):
        seq (int): Its place in the log (one total order of admin actions)
        hash_ (str): sha256 of the previous entry hash and this record (canonical JSON): npm run audit verifies the
            chain
    """

    id: UUID
    at: datetime.datetime
    source: AuditLogEntryType0Source
    actor: AuditLogEntryType0Actor
    address: None | str
    action: str
    target: str
    summary: AuditLogEntryType0Summary
    result: AuditLogEntryType0Result
    error_code: str
    reason: str
    request_id: None | str
    seq: int
    hash_: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        at = self.at.isoformat()

        source: str = self.source

        actor = self.actor.to_dict()

        address: None | str
        address = self.address

        action = self.action

        target = self.target

        summary = self.summary.to_dict()

        result: str = self.result

        error_code = self.error_code

        reason = self.reason

        request_id: None | str
        request_id = self.request_id

        seq = self.seq

        hash_ = self.hash_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "at": at,
                "source": source,
                "actor": actor,
                "address": address,
                "action": action,
                "target": target,
                "summary": summary,
                "result": result,
                "errorCode": error_code,
                "reason": reason,
                "requestId": request_id,
                "seq": seq,
                "hash": hash_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.audit_log_entry_type_0_actor import AuditLogEntryType0Actor
        from ..models.audit_log_entry_type_0_summary import AuditLogEntryType0Summary

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        source = check_audit_log_entry_type_0_source(d.pop("source"))

        actor = AuditLogEntryType0Actor.from_dict(d.pop("actor"))

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        action = d.pop("action")

        target = d.pop("target")

        summary = AuditLogEntryType0Summary.from_dict(d.pop("summary"))

        result = check_audit_log_entry_type_0_result(d.pop("result"))

        error_code = d.pop("errorCode")

        reason = d.pop("reason")

        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        request_id = _parse_request_id(d.pop("requestId"))

        seq = d.pop("seq")

        hash_ = d.pop("hash")

        audit_log_entry_type_0 = cls(
            id=id,
            at=at,
            source=source,
            actor=actor,
            address=address,
            action=action,
            target=target,
            summary=summary,
            result=result,
            error_code=error_code,
            reason=reason,
            request_id=request_id,
            seq=seq,
            hash_=hash_,
        )

        return audit_log_entry_type_0
