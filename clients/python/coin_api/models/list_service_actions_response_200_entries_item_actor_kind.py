from typing import Literal

ListServiceActionsResponse200EntriesItemActorKind = Literal[
    "operator", "service", "system", "user"
]

LIST_SERVICE_ACTIONS_RESPONSE_200_ENTRIES_ITEM_ACTOR_KIND_VALUES: set[
    ListServiceActionsResponse200EntriesItemActorKind
] = {
    "operator",
    "service",
    "system",
    "user",
}


def check_list_service_actions_response_200_entries_item_actor_kind(
    value: str,
) -> ListServiceActionsResponse200EntriesItemActorKind:
    if value in LIST_SERVICE_ACTIONS_RESPONSE_200_ENTRIES_ITEM_ACTOR_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SERVICE_ACTIONS_RESPONSE_200_ENTRIES_ITEM_ACTOR_KIND_VALUES!r}"
    )
