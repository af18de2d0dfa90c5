from typing import Literal

AuditLogEntryType0Source = Literal["gateway", "ledger", "user"]

AUDIT_LOG_ENTRY_TYPE_0_SOURCE_VALUES: set[AuditLogEntryType0Source] = {
    "gateway",
    "ledger",
    "user",
}


def check_audit_log_entry_type_0_source(value: str) -> AuditLogEntryType0Source:
    if value in AUDIT_LOG_ENTRY_TYPE_0_SOURCE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIT_LOG_ENTRY_TYPE_0_SOURCE_VALUES!r}"
    )
