from typing import Literal

AuditLogEntryType1Result = Literal["applied", "rejected"]

AUDIT_LOG_ENTRY_TYPE_1_RESULT_VALUES: set[AuditLogEntryType1Result] = {
    "applied",
    "rejected",
}


def check_audit_log_entry_type_1_result(value: str) -> AuditLogEntryType1Result:
    if value in AUDIT_LOG_ENTRY_TYPE_1_RESULT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUDIT_LOG_ENTRY_TYPE_1_RESULT_VALUES!r}"
    )
