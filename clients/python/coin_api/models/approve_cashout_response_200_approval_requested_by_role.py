from typing import Literal

ApproveCashoutResponse200ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    ApproveCashoutResponse200ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_cashout_response_200_approval_requested_by_role(
    value: str,
) -> ApproveCashoutResponse200ApprovalRequestedByRole:
    if value in APPROVE_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
