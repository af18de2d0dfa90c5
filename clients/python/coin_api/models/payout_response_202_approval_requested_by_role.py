from typing import Literal

PayoutResponse202ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

PAYOUT_RESPONSE_202_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    PayoutResponse202ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_payout_response_202_approval_requested_by_role(
    value: str,
) -> PayoutResponse202ApprovalRequestedByRole:
    if value in PAYOUT_RESPONSE_202_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYOUT_RESPONSE_202_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
