from typing import Literal

RequestCashoutReversalResponse202ApprovalDecidedByType0Kind = Literal[
    "operator", "service", "system", "user"
]

REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    RequestCashoutReversalResponse202ApprovalDecidedByType0Kind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_request_cashout_reversal_response_202_approval_decided_by_type_0_kind(
    value: str,
) -> RequestCashoutReversalResponse202ApprovalDecidedByType0Kind:
    if (
        value
        in REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REQUEST_CASHOUT_REVERSAL_RESPONSE_202_APPROVAL_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
