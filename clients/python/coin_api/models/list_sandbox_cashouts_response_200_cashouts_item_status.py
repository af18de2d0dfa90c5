from typing import Literal

ListSandboxCashoutsResponse200CashoutsItemStatus = Literal[
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
]

LIST_SANDBOX_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES: set[
    ListSandboxCashoutsResponse200CashoutsItemStatus
] = {
    "CLAIM_OVERDUE",
    "CLAIMED",
    "CONFIRMED",
    "EXPIRED",
    "FAILED",
    "RELEASED",
    "REQUESTED",
}


def check_list_sandbox_cashouts_response_200_cashouts_item_status(
    value: str,
) -> ListSandboxCashoutsResponse200CashoutsItemStatus:
    if value in LIST_SANDBOX_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SANDBOX_CASHOUTS_RESPONSE_200_CASHOUTS_ITEM_STATUS_VALUES!r}"
    )
