from typing import Literal

GetPayoutApprovalResponse200DecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

GET_PAYOUT_APPROVAL_RESPONSE_200_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    GetPayoutApprovalResponse200DecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_get_payout_approval_response_200_decided_by_type_0_kind(
    value: str,
) -> GetPayoutApprovalResponse200DecidedByType0Kind:
    if value in GET_PAYOUT_APPROVAL_RESPONSE_200_DECIDED_BY_TYPE_0_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PAYOUT_APPROVAL_RESPONSE_200_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
