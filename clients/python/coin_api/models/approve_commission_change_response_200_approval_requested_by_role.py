from typing import Literal

ApproveCommissionChangeResponse200ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    ApproveCommissionChangeResponse200ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_commission_change_response_200_approval_requested_by_role(
    value: str,
) -> ApproveCommissionChangeResponse200ApprovalRequestedByRole:
    if (
        value
        in APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
