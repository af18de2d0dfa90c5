from typing import Literal

CreateSandboxCashoutBodyTestOutcome = Literal["CONFIRMED", "FAILED"]

CREATE_SANDBOX_CASHOUT_BODY_TEST_OUTCOME_VALUES: set[
    CreateSandboxCashoutBodyTestOutcome
] = {
    "CONFIRMED",
    "FAILED",
}


def check_create_sandbox_cashout_body_test_outcome(
    value: str,
) -> CreateSandboxCashoutBodyTestOutcome:
    if value in CREATE_SANDBOX_CASHOUT_BODY_TEST_OUTCOME_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_SANDBOX_CASHOUT_BODY_TEST_OUTCOME_VALUES!r}"
    )
