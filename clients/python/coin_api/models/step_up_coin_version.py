from typing import Literal

StepUpCoinVersion = Literal["3.0.0", "3.1.0"]

STEP_UP_COIN_VERSION_VALUES: set[StepUpCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_step_up_coin_version(value: str) -> StepUpCoinVersion:
    if value in STEP_UP_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STEP_UP_COIN_VERSION_VALUES!r}"
    )
