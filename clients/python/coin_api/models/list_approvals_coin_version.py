from typing import Literal

ListApprovalsCoinVersion = Literal["3.0.0", "3.1.0"]

LIST_APPROVALS_COIN_VERSION_VALUES: set[ListApprovalsCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_list_approvals_coin_version(value: str) -> ListApprovalsCoinVersion:
    if value in LIST_APPROVALS_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_APPROVALS_COIN_VERSION_VALUES!r}"
    )
