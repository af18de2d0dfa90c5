from typing import Literal

ListRuleFreezeLiftsResponse200ProposalsItemStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

LIST_RULE_FREEZE_LIFTS_RESPONSE_200_PROPOSALS_ITEM_STATUS_VALUES: set[
    ListRuleFreezeLiftsResponse200ProposalsItemStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_list_rule_freeze_lifts_response_200_proposals_item_status(
    value: str,
) -> ListRuleFreezeLiftsResponse200ProposalsItemStatus:
    if value in LIST_RULE_FREEZE_LIFTS_RESPONSE_200_PROPOSALS_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_RULE_FREEZE_LIFTS_RESPONSE_200_PROPOSALS_ITEM_STATUS_VALUES!r}"
    )
