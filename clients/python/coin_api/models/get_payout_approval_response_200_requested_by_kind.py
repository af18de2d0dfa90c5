from typing import Literal

GetPayoutApprovalResponse200RequestedByKind = Literal[
    "operator", "service", "system", "user"
]

GET_PAYOUT_APPROVAL_RESPONSE_200_REQUESTED_BY_KIND_VALUES: set[
    GetPayoutApprovalResponse200RequestedByKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_get_payout_approval_response_200_requested_by_kind(
    value: str,
) -> GetPayoutApprovalResponse200RequestedByKind:
    if value in GET_PAYOUT_APPROVAL_RESPONSE_200_REQUESTED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PAYOUT_APPROVAL_RESPONSE_200_REQUESTED_BY_KIND_VALUES!r}"
    )
