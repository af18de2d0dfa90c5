from typing import Literal

RejectCashoutResponse200ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    RejectCashoutResponse200ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_cashout_response_200_approval_requested_by_role(
    value: str,
) -> RejectCashoutResponse200ApprovalRequestedByRole:
    if value in REJECT_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
