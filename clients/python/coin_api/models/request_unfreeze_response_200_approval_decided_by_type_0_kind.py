from typing import Literal

RequestUnfreezeResponse200ApprovalDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    RequestUnfreezeResponse200ApprovalDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_request_unfreeze_response_200_approval_decided_by_type_0_kind(
    value: str,
) -> RequestUnfreezeResponse200ApprovalDecidedByType0Kind:
    if value in REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_UNFREEZE_RESPONSE_200_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
