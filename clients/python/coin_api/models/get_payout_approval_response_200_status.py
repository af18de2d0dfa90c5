from typing import Literal

GetPayoutApprovalResponse200Status = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

GET_PAYOUT_APPROVAL_RESPONSE_200_STATUS_VALUES: set[
    GetPayoutApprovalResponse200Status
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_get_payout_approval_response_200_status(
    value: str,
) -> GetPayoutApprovalResponse200Status:
    if value in GET_PAYOUT_APPROVAL_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PAYOUT_APPROVAL_RESPONSE_200_STATUS_VALUES!r}"
    )
