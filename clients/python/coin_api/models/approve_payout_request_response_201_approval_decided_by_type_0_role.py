from typing import Literal

ApprovePayoutRequestResponse201ApprovalDecidedByType0Role = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES: set[
    ApprovePayoutRequestResponse201ApprovalDecidedByType0Role
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_payout_request_response_201_approval_decided_by_type_0_role(
    value: str,
) -> ApprovePayoutRequestResponse201ApprovalDecidedByType0Role:
    if (
        value
        in APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_DECIDED_BY_TYPE_0_ROLE_VALUES!r}"
    )
