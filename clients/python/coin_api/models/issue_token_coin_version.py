from typing import Literal

IssueTokenCoinVersion = Literal["3.0.0", "3.1.0"]

ISSUE_TOKEN_COIN_VERSION_VALUES: set[IssueTokenCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_issue_token_coin_version(value: str) -> IssueTokenCoinVersion:
    if value in ISSUE_TOKEN_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ISSUE_TOKEN_COIN_VERSION_VALUES!r}"
    )
