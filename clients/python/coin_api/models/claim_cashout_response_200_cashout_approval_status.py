from typing import Literal

ClaimCashoutResponse200CashoutApprovalStatus = Literal[
    "APPROVED", "NOT_REQUIRED", "PENDING"
]

CLAIM_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES: set[
    ClaimCashoutResponse200CashoutApprovalStatus
] = {
    "APPROVED",
    "NOT_REQUIRED",
    "PENDING",
}


def check_claim_cashout_response_200_cashout_approval_status(
    value: str,
) -> ClaimCashoutResponse200CashoutApprovalStatus:
    if value in CLAIM_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CLAIM_CASHOUT_RESPONSE_200_CASHOUT_APPROVAL_STATUS_VALUES!r}"
    )
