from typing import Literal

GetPayoutApprovalResponse200DecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

GET_PAYOUT_APPROVAL_RESPONSE_200_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    GetPayoutApprovalResponse200DecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_get_payout_approval_response_200_decided_by_type_0_role(
    value: str,
) -> GetPayoutApprovalResponse200DecidedByType0Role:
    if value in GET_PAYOUT_APPROVAL_RESPONSE_200_DECIDED_BY_TYPE_0_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PAYOUT_APPROVAL_RESPONSE_200_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
