from typing import Literal

RejectCashoutResponse200ApprovalDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

REJECT_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    RejectCashoutResponse200ApprovalDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_reject_cashout_response_200_approval_decided_by_type_0_role(
    value: str,
) -> RejectCashoutResponse200ApprovalDecidedByType0Role:
    if value in REJECT_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
