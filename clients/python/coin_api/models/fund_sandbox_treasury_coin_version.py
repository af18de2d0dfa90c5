from typing import Literal

FundSandboxTreasuryCoinVersion = Literal["3.0.0", "3.1.0"]

FUND_SANDBOX_TREASURY_COIN_VERSION_VALUES: set[FundSandboxTreasuryCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_fund_sandbox_treasury_coin_version(
    value: str,
) -> FundSandboxTreasuryCoinVersion:
    if value in FUND_SANDBOX_TREASURY_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FUND_SANDBOX_TREASURY_COIN_VERSION_VALUES!r}"
    )
