from typing import Literal

ApprovePayoutRequestResponse201ApprovalRequestedByRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_REQUESTED_BY_ROLE_VALUES: set[
    ApprovePayoutRequestResponse201ApprovalRequestedByRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_approve_payout_request_response_201_approval_requested_by_role(
    value: str,
) -> ApprovePayoutRequestResponse201ApprovalRequestedByRole:
    if value in APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_REQUESTED_BY_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_REQUESTED_BY_ROLE_VALUES!r}"
    )
