from typing import Literal

ListServiceActionsResponse200EntriesItemActorRole = Literal[
    "ADMIN", "DEVELOPER", "SUPERADMIN", "USER"
]

LIST_SERVICE_ACTIONS_RESPONSE_200_ENTRIES_ITEM_ACTOR_ROLE_VALUES: set[
    ListServiceActionsResponse200EntriesItemActorRole
] = {
    "ADMIN",
    "DEVELOPER",
    "SUPERADMIN",
    "USER",
}


def check_list_service_actions_response_200_entries_item_actor_role(
    value: str,
) -> ListServiceActionsResponse200EntriesItemActorRole:
    if value in LIST_SERVICE_ACTIONS_RESPONSE_200_ENTRIES_ITEM_ACTOR_ROLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_SERVICE_ACTIONS_RESPONSE_200_ENTRIES_ITEM_ACTOR_ROLE_VALUES!r}"
    )
