from typing import Literal

ProblemLimitName = Literal[
    "clientDailyRewards", "dailyAmount", "dailyCount", "singleAmount"
]

PROBLEM_LIMIT_NAME_VALUES: set[ProblemLimitName] = {
    "clientDailyRewards",
    "dailyAmount",
    "dailyCount",
    "singleAmount",
}


def check_problem_limit_name(value: str) -> ProblemLimitName:
    if value in PROBLEM_LIMIT_NAME_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROBLEM_LIMIT_NAME_VALUES!r}"
    )
