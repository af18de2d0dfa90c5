from typing import Literal

IssueTokenDataBodyGrantType = Literal["client_credentials"]

ISSUE_TOKEN_DATA_BODY_GRANT_TYPE_VALUES: set[IssueTokenDataBodyGrantType] = {
    "client_credentials",
}


def check_issue_token_data_body_grant_type(value: str) -> IssueTokenDataBodyGrantType:
    if value in ISSUE_TOKEN_DATA_BODY_GRANT_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ISSUE_TOKEN_DATA_BODY_GRANT_TYPE_VALUES!r}"
    )
