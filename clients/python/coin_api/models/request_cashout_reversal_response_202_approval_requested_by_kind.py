from typing import Literal

RequestCashoutReversalResponse202ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    RequestCashoutReversalResponse202ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_request_cashout_reversal_response_202_approval_requested_by_kind(
    value: str,
) -> RequestCashoutReversalResponse202ApprovalRequestedByKind:
    if value in REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
