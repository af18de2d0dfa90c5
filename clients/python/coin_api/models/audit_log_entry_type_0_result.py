from typing import Literal

AuditLogEntryType0Result = Literal["rejected"]

AUDIT_LOG_ENTRY_TYPE_0_RESULT_VALUES: set[AuditLogEntryType0Result] = {
    "rejected",
}


def check_audit_log_entry_type_0_result(value: str) -> AuditLogEntryType0Result:
    if value in AUDIT_LOG_ENTRY_TYPE_0_RESULT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIT_LOG_ENTRY_TYPE_0_RESULT_VALUES!r}"
    )
