from typing import Literal

RequestCashoutReversalResponse202ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    RequestCashoutReversalResponse202ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_request_cashout_reversal_response_202_approval_requested_by_role(
    value: str,
) -> RequestCashoutReversalResponse202ApprovalRequestedByRole:
    if value in REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
