from typing import Literal

ApprovePayoutRequestResponse201ApprovalDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ApprovePayoutRequestResponse201ApprovalDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_approve_payout_request_response_201_approval_decided_by_type_0_kind(
    value: str,
) -> ApprovePayoutRequestResponse201ApprovalDecidedByType0Kind:
    if (
        value
        in APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_PAYOUT_REQUEST_RESPONSE_201_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
