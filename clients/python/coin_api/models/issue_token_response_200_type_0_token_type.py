from typing import Literal

IssueTokenResponse200Type0TokenType = Literal["Bearer"]

ISSUE_TOKEN_RESPONSE_200_TYPE_0_TOKEN_TYPE_VALUES: set[
    IssueTokenResponse200Type0TokenType
] = {
    "Bearer",
}


def check_issue_token_response_200_type_0_token_type(
    value: str,
) -> IssueTokenResponse200Type0TokenType:
    if value in ISSUE_TOKEN_RESPONSE_200_TYPE_0_TOKEN_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ISSUE_TOKEN_RESPONSE_200_TYPE_0_TOKEN_TYPE_VALUES!r}"
    )
