from typing import Literal

RejectRuleFreezeLiftResponse200ProposalStatus = Literal[
    "APPROVED", "EXPIRED", "PENDING", "REJECTED"
]

REJECT_RULE_FREEZE_LIFT_RESPONSE_200_PROPOSAL_STATUS_VALUES: set[
    RejectRuleFreezeLiftResponse200ProposalStatus
] = {
    "APPROVED",
    "EXPIRED",
    "PENDING",
    "REJECTED",
}


def check_reject_rule_freeze_lift_response_200_proposal_status(
    value: str,
) -> RejectRuleFreezeLiftResponse200ProposalStatus:
    if value in REJECT_RULE_FREEZE_LIFT_RESPONSE_200_PROPOSAL_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REJECT_RULE_FREEZE_LIFT_RESPONSE_200_PROPOSAL_STATUS_VALUES!r}"
    )
