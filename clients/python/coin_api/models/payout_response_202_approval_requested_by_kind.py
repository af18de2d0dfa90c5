from typing import Literal

PayoutResponse202ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

PAYOUT_RESPONSE_202_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    PayoutResponse202ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_payout_response_202_approval_requested_by_kind(
    value: str,
) -> PayoutResponse202ApprovalRequestedByKind:
    if value in PAYOUT_RESPONSE_202_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYOUT_RESPONSE_202_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
