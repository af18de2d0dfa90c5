from typing import Literal

ListCashoutRatesResponse200VersionsItemDecidedByType0Kind = Literal["operator", "user"]

LIST_CASHOUT_RATES_RESPONSE_200_VERSIONS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES: set[
    ListCashoutRatesResponse200VersionsItemDecidedByType0Kind
] = {
    "operator",
    "user",
}


def check_list_cashout_rates_response_200_versions_item_decided_by_type_0_kind(
    value: str,
) -> ListCashoutRatesResponse200VersionsItemDecidedByType0Kind:
    if (
        value
        in LIST_CASHOUT_RATES_RESPONSE_200_VERSIONS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_RATES_RESPONSE_200_VERSIONS_ITEM_DECIDED_BY_TYPE_0_KIND_VALUES!r}"
    )
