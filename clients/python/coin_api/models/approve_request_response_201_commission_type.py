from typing import Literal

ApproveRequestResponse201CommissionType = Literal[
    "BURN", "MINT", "PURCHASE", "REFUND", "REWARD", "TRANSFER"
]

APPROVE_REQUEST_RESPONSE_201_COMMISSION_TYPE_VALUES: set[
    ApproveRequestResponse201CommissionType
] = {
    "BURN",
    "MINT",
    "PURCHASE",
    "REFUND",
    "REWARD",
    "TRANSFER",
}


def check_approve_request_response_201_commission_type(
    value: str,
) -> ApproveRequestResponse201CommissionType:
    if value in APPROVE_REQUEST_RESPONSE_201_COMMISSION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APPROVE_REQUEST_RESPONSE_201_COMMISSION_TYPE_VALUES!r}"
    )
