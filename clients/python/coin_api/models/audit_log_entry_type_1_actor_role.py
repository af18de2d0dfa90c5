from typing import Literal

AuditLogEntryType1ActorRole = Literal["ADMIN", "DEVELOPER", "SUPERADMIN", "USER"]

AUDIT_LOG_ENTRY_TYPE_1_ACTOR_ROLE_VALUES: set[AuditLogEntryType1ActorRole] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_audit_log_entry_type_1_actor_role(value: str) -> AuditLogEntryType1ActorRole:
    if value in AUDIT_LOG_ENTRY_TYPE_1_ACTOR_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIT_LOG_ENTRY_TYPE_1_ACTOR_ROLE_VALUES!r}"
    )
