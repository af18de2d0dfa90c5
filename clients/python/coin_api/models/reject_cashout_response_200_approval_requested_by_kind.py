from typing import Literal

RejectCashoutResponse200ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REJECT_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    RejectCashoutResponse200ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_cashout_response_200_approval_requested_by_kind(
    value: str,
) -> RejectCashoutResponse200ApprovalRequestedByKind:
    if value in REJECT_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
