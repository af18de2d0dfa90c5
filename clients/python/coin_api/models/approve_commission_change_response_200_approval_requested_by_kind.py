from typing import Literal

ApproveCommissionChangeResponse200ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    ApproveCommissionChangeResponse200ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_commission_change_response_200_approval_requested_by_kind(
    value: str,
) -> ApproveCommissionChangeResponse200ApprovalRequestedByKind:
    if (
        value
        in APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
