from typing import Literal

RejectCashoutReversalResponse200ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REJECT_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    RejectCashoutReversalResponse200ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_cashout_reversal_response_200_approval_requested_by_kind(
    value: str,
) -> RejectCashoutReversalResponse200ApprovalRequestedByKind:
    if value in REJECT_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
