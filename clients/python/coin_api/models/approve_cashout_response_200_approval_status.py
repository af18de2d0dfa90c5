from typing import Literal

ApproveCashoutResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

APPROVE_CASHOUT_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    ApproveCashoutResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_approve_cashout_response_200_approval_status(
    value: str,
) -> ApproveCashoutResponse200ApprovalStatus:
    if value in APPROVE_CASHOUT_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
