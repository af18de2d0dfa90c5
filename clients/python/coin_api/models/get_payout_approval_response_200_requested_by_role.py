from typing import Literal

GetPayoutApprovalResponse200RequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

GET_PAYOUT_APPROVAL_RESPONSE_200_REQUESTED_BY_ROLE_VALUES: set[
    GetPayoutApprovalResponse200RequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_get_payout_approval_response_200_requested_by_role(
    value: str,
) -> GetPayoutApprovalResponse200RequestedByRole:
    if value in GET_PAYOUT_APPROVAL_RESPONSE_200_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PAYOUT_APPROVAL_RESPONSE_200_REQUESTED_BY_ROLE_VALUES!r}"
    )
