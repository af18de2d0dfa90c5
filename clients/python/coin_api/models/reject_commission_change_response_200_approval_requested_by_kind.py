from typing import Literal

RejectCommissionChangeResponse200ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    RejectCommissionChangeResponse200ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_reject_commission_change_response_200_approval_requested_by_kind(
    value: str,
) -> RejectCommissionChangeResponse200ApprovalRequestedByKind:
    if value in REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
