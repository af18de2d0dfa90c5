from typing import Literal

FundSandboxTreasuryBodyTreasury = Literal[
    "COURSE_FEES", "OPERATIONS", "REWARDS", "SUBSCRIPTIONS"
]

FUND_SANDBOX_TREASURY_BODY_TREASURY_VALUES: set[FundSandboxTreasuryBodyTreasury] = {
    "COURSE_FEES",
    "OPERATIONS",
    "REWARDS",
    "SUBSCRIPTIONS",
}


def check_fund_sandbox_treasury_body_treasury(
    value: str,
) -> FundSandboxTreasuryBodyTreasury:
    if value in FUND_SANDBOX_TREASURY_BODY_TREASURY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FUND_SANDBOX_TREASURY_BODY_TREASURY_VALUES!r}"
    )
