from typing import Literal

AuditLogEntryType0ActorRole = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

AUDIT_LOG_ENTRY_TYPE_0_ACTOR_ROLE_VALUES: set[AuditLogEntryType0ActorRole] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_audit_log_entry_type_0_actor_role(value: str) -> AuditLogEntryType0ActorRole:
    if value in AUDIT_LOG_ENTRY_TYPE_0_ACTOR_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIT_LOG_ENTRY_TYPE_0_ACTOR_ROLE_VALUES!r}"
    )
