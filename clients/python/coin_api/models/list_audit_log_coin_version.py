from typing import Literal

ListAuditLogCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_AUDIT_LOG_COIN_VERSION_VALUES: set[ListAuditLogCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_audit_log_coin_version(value: str) -> ListAuditLogCoinVersion:
    if value in LIST_AUDIT_LOG_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_AUDIT_LOG_COIN_VERSION_VALUES!r}"
    )
