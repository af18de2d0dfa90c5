from typing import Literal

ListCashoutRatesResponse200VersionsItemProposedByKind = Literal["operator", "user"]

LIST_CASHOUT_RATES_RESPONSE_200_VERSIONS_ITEM_PROPOSED_BY_KIND_VALUES: set[
    ListCashoutRatesResponse200VersionsItemProposedByKind
] = {
    "operator",
    "user",
}


def check_list_cashout_rates_response_200_versions_item_proposed_by_kind(
    value: str,
) -> ListCashoutRatesResponse200VersionsItemProposedByKind:
    if value in LIST_CASHOUT_RATES_RESPONSE_200_VERSIONS_ITEM_PROPOSED_BY_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_CASHOUT_RATES_RESPONSE_200_VERSIONS_ITEM_PROPOSED_BY_KIND_VALUES!r}"
    )
