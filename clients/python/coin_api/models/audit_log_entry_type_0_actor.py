from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.audit_log_entry_type_0_actor_kind import (
    AuditLogEntryType0ActorKind,
    check_audit_log_entry_type_0_actor_kind,
)
from ..models.audit_log_entry_type_0_actor_role import (
    AuditLogEntryType0ActorRole,
    check_audit_log_entry_type_0_actor_role,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="AuditLogEntryType0Actor")


@_attrs_define
class AuditLogEntryType0Actor:
    """
    Attributes:
        kind (AuditLogEntryType0ActorKind):
        id (str):
        verified (bool):
        role (AuditLogEntryType0ActorRole | Unset):
    """

    kind: AuditLogEntryType0ActorKind
    id: str
    verified: bool
    role: AuditLogEntryType0ActorRole | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        id = self.id

        verified = self.verified

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "id": id,
                "verified": verified,
            }
        )
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = check_audit_log_entry_type_0_actor_kind(d.pop("kind"))

        id = d.pop("id")

        verified = d.pop("verified")

        _role = d.pop("role", UNSET)
        role: AuditLogEntryType0ActorRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = check_audit_log_entry_type_0_actor_role(_role)

        audit_log_entry_type_0_actor = cls(
            kind=kind,
            id=id,
            verified=verified,
            role=role,
        )

        return audit_log_entry_type_0_actor
