from typing import Literal

RejectCashoutReversalResponse200ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    RejectCashoutReversalResponse200ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_cashout_reversal_response_200_approval_requested_by_role(
    value: str,
) -> RejectCashoutReversalResponse200ApprovalRequestedByRole:
    if value in REJECT_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
