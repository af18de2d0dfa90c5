from typing import Literal

ListSandboxCashoutsStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

LIST_SANDBOX_CASHOUTS_STATUS_VALUES: set[ListSandboxCashoutsStatus] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_list_sandbox_cashouts_status(value: str) -> ListSandboxCashoutsStatus:
    if value in LIST_SANDBOX_CASHOUTS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SANDBOX_CASHOUTS_STATUS_VALUES!r}"
    )
