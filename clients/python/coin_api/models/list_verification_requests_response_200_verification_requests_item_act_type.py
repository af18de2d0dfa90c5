from typing import Literal

ListVerificationRequestsResponse200VerificationRequestsItemActType = Literal[
    "user.set-verification"
]

LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_ACT_TYPE_VALUES: set[
    ListVerificationRequestsResponse200VerificationRequestsItemActType
] = {
    "user.set-verification",
}


def check_list_verification_requests_response_200_verification_requests_item_act_type(
    value: str,
) -> ListVerificationRequestsResponse200VerificationRequestsItemActType:
    if (
        value
        in LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_ACT_TYPE_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_VERIFICATION_REQUESTS_RESPONSE_200_VERIFICATION_REQUESTS_ITEM_ACT_TYPE_VALUES!r}"
    )
