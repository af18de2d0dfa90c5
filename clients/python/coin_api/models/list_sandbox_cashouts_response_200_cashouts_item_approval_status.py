from typing import Literal

ListSandboxCashoutsResponse200CashoutsItemApprovalStatus = Literal[
    "APPROVED", "NOT_REQUIRED", "PENDING"
]

LIST_SANDBOX_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES: set[
    ListSandboxCashoutsResponse200CashoutsItemApprovalStatus
] = {
    "APPROVED",
    "NOT_REQUIRED",
    "PENDING",
}


def check_list_sandbox_cashouts_response_200_cashouts_item_approval_status(
    value: str,
) -> ListSandboxCashoutsResponse200CashoutsItemApprovalStatus:
    if value in LIST_SANDBOX_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SANDBOX_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_APPROVAL_STATUS_VALUES!r}"
    )
