from typing import Literal

ListPayoutApprovalsStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

LIST_PAYOUT_APPROVALS_STATUS_VALUES: set[ListPayoutApprovalsStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_payout_approvals_status(value: str) -> ListPayoutApprovalsStatus:
    if value in LIST_PAYOUT_APPROVALS_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_PAYOUT_APPROVALS_STATUS_VALUES!r}"
    )
