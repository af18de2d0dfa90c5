from typing import Literal

RequestCashoutReversalResponse202ApprovalDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    RequestCashoutReversalResponse202ApprovalDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_request_cashout_reversal_response_202_approval_decided_by_type_0_role(
    value: str,
) -> RequestCashoutReversalResponse202ApprovalDecidedByType0Role:
    if (
        value
        in REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
