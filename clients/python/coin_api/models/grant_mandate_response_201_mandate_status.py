from typing import Literal

GrantMandateResponse201MandateStatus = Literal[
    "ACTIVE", "CANCELLED", "ENDED", "PAST_DUE"
]

GRANT_MANDATE_RESPONSE_201_MANDATE_STATUS_VALUES: set[
    GrantMandateResponse201MandateStatus
] = {
    "ACTIVE",
    "CANCELLED",
    "ENDED",
    "PAST_DUE",
}


def check_grant_mandate_response_201_mandate_status(
    value: str,
) -> GrantMandateResponse201MandateStatus:
    if value in GRANT_MANDATE_RESPONSE_201_MANDATE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GRANT_MANDATE_RESPONSE_201_MANDATE_STATUS_VALUES!r}"
    )
