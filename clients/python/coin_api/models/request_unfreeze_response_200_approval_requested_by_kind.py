from typing import Literal

RequestUnfreezeResponse200ApprovalRequestedByKind = Literal[
    "operator", "service", "system", "user"
]

REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES: set[
    RequestUnfreezeResponse200ApprovalRequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_request_unfreeze_response_200_approval_requested_by_kind(
    value: str,
) -> RequestUnfreezeResponse200ApprovalRequestedByKind:
    if value in REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_REQUESTED_BY_KIND_VALUES!r}"
    )
