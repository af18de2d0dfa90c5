from typing import Literal

ListAuditLogResult = Literal["applied", "rejected"]

LIST_AUDIT_LOG_RESULT_VALUES: set[ListAuditLogResult] = {
    "applied",
    "rejected",
}


def check_list_audit_log_result(value: str) -> ListAuditLogResult:
    if value in LIST_AUDIT_LOG_RESULT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_AUDIT_LOG_RESULT_VALUES!r}"
    )
