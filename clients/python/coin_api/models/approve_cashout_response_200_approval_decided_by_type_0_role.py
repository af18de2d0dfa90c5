from typing import Literal

ApproveCashoutResponse200ApprovalDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ApproveCashoutResponse200ApprovalDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_cashout_response_200_approval_decided_by_type_0_role(
    value: str,
) -> ApproveCashoutResponse200ApprovalDecidedByType0Role:
    if value in APPROVE_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_CASHOUT_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
