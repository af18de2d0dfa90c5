from typing import Literal

AuditLogEntryType0ActorKind = Literal[
    "anonymous", "operator", "service", "system", "user"
]

AUDIT_LOG_ENTRY_TYPE_0_ACTOR_KIND_VALUES: set[AuditLogEntryType0ActorKind] = {
    "anonymous",
    "operator",
    "service",
    "system",
    "user",
}


def check_audit_log_entry_type_0_actor_kind(value: str) -> AuditLogEntryType0ActorKind:
    if value in AUDIT_LOG_ENTRY_TYPE_0_ACTOR_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIT_LOG_ENTRY_TYPE_0_ACTOR_KIND_VALUES!r}"
    )
