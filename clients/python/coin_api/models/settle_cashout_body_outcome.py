from typing import Literal

SettleCashoutBodyOutcome = Literal["CONFIRMED", "FAILED"]

SETTLE_CASHOUT_BODY_OUTCOME_VALUES: set[SettleCashoutBodyOutcome] = {
    "CONFIRMED",
    "FAILED",
}


def check_settle_cashout_body_outcome(value: str) -> SettleCashoutBodyOutcome:
    if value in SETTLE_CASHOUT_BODY_OUTCOME_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SETTLE_CASHOUT_BODY_OUTCOME_VALUES!r}"
    )
