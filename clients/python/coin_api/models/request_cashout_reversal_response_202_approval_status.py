from typing import Literal

RequestCashoutReversalResponse202ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_STATUS_VALUES: set[
    RequestCashoutReversalResponse202ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_request_cashout_reversal_response_202_approval_status(
    value: str,
) -> RequestCashoutReversalResponse202ApprovalStatus:
    if value in REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_STATUS_VALUES!r}"
    )
