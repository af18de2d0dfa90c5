from typing import Literal

ListCashoutRatesResponse200VersionsItemStatus = Literal[
    "APPROVED", "EXPIRED", "PROPOSED", "REJECTED"
]

LIST_CASHOUT_RATES_RESPONSE_200_VERSIONS_ITEM_STATUS_VALUES: set[
    ListCashoutRatesResponse200VersionsItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PROPOSED",
    "REJECTED",
}


def check_list_cashout_rates_response_200_versions_item_status(
    value: str,
) -> ListCashoutRatesResponse200VersionsItemStatus:
    if value in LIST_CASHOUT_RATES_RESPONSE_200_VERSIONS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_RATES_RESPONSE_200_VERSIONS_ITEM_STATUS_VALUES!r}"
    )
