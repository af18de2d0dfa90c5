from typing import Literal

PayoutResponse202ApprovalStatus = Literal["APPROVED", "EXPIRED", "PENDING", "REJECTED"]

PAYOUT_RESPONSE_202_APPROVAL_STATUS_VALUES: set[PayoutResponse202ApprovalStatus] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_payout_response_202_approval_status(
    value: str,
) -> PayoutResponse202ApprovalStatus:
    if value in PAYOUT_RESPONSE_202_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYOUT_RESPONSE_202_APPROVAL_STATUS_VALUES!r}"
    )
