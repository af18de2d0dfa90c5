from typing import Literal

ListServiceActionsResponse200EntriesItemResult = Literal["applied"]

LIST_SERVICE_ACTIONS_RESPONSE_200_ENTRIES_ITEM_RESULT_VALUES: set[
    ListServiceActionsResponse200EntriesItemResult
] = {
    "applied",
}


def check_list_service_actions_response_200_entries_item_result(
    value: str,
) -> ListServiceActionsResponse200EntriesItemResult:
    if value in LIST_SERVICE_ACTIONS_RESPONSE_200_ENTRIES_ITEM_RESULT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SERVICE_ACTIONS_RESPONSE_200_ENTRIES_ITEM_RESULT_VALUES!r}"
    )
