from typing import Literal

PayoutResponse202ApprovalDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

PAYOUT_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    PayoutResponse202ApprovalDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_payout_response_202_approval_decided_by_type_0_role(
    value: str,
) -> PayoutResponse202ApprovalDecidedByType0Role:
    if value in PAYOUT_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYOUT_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
