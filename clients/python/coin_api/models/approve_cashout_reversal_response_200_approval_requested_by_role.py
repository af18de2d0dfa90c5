from typing import Literal

ApproveCashoutReversalResponse200ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    ApproveCashoutReversalResponse200ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_cashout_reversal_response_200_approval_requested_by_role(
    value: str,
) -> ApproveCashoutReversalResponse200ApprovalRequestedByRole:
    if value in APPROVE_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_REVERSAL_RESPONSE_200_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
