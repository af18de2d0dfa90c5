from typing import Literal

AuditLogEntryType1ActorKind = Literal["operator", "service", "system", "user"]

AUDIT_LOG_ENTRY_TYPE_1_ACTOR_KIND_VALUES: set[AuditLogEntryType1ActorKind] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_audit_log_entry_type_1_actor_kind(value: str) -> AuditLogEntryType1ActorKind:
    if value in AUDIT_LOG_ENTRY_TYPE_1_ACTOR_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIT_LOG_ENTRY_TYPE_1_ACTOR_KIND_VALUES!r}"
    )
