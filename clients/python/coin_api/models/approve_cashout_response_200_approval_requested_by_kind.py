from typing import Literal

ApproveCashoutResponse200ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    ApproveCashoutResponse200ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_cashout_response_200_approval_requested_by_kind(
    value: str,
) -> ApproveCashoutResponse200ApprovalRequestedByKind:
    if value in APPROVE_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
