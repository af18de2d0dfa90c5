from typing import Literal

RejectCommissionChangeResponse200ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    RejectCommissionChangeResponse200ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_commission_change_response_200_approval_requested_by_role(
    value: str,
) -> RejectCommissionChangeResponse200ApprovalRequestedByRole:
    if value in REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_COMMISSION_CHANGE_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
