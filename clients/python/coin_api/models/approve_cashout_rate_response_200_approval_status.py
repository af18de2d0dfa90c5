from typing import Literal

ApproveCashoutRateResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PROPOSED", "REJECTED"
]

APPROVE_CASHOUT_RATE_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    ApproveCashoutRateResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PROPOSED",
    "REJECTED",
}


def check_approve_cashout_rate_response_200_approval_status(
    value: str,
) -> ApproveCashoutRateResponse200ApprovalStatus:
    if value in APPROVE_CASHOUT_RATE_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RATE_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
