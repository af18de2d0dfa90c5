from typing import Literal

RejectCashoutRateResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PROPOSED", "REJECTED"
]

REJECT_CASHOUT_RATE_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    RejectCashoutRateResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PROPOSED",
    "REJECTED",
}


def check_reject_cashout_rate_response_200_approval_status(
    value: str,
) -> RejectCashoutRateResponse200ApprovalStatus:
    if value in REJECT_CASHOUT_RATE_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RATE_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
