from typing import Literal

RequestUnfreezeResponse200ApprovalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_STATUS_VALUES: set[
    RequestUnfreezeResponse200ApprovalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_request_unfreeze_response_200_approval_status(
    value: str,
) -> RequestUnfreezeResponse200ApprovalStatus:
    if value in REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_STATUS_VALUES!r}"
    )
