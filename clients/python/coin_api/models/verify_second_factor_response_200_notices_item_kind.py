from typing import Literal

VerifySecondFactorResponse200NoticesItemKind = Literal["REGISTRATION_ATTEMPT"]

VERIFY_SECOND_FACTOR_RESPONSE_200_NOTICES_ITEM_KIND_VALUES: set[
    VerifySecondFactorResponse200NoticesItemKind
] = {
    "REGISTRATION_ATTEMPT",
}


def check_verify_second_factor_response_200_notices_item_kind(
    value: str,
) -> VerifySecondFactorResponse200NoticesItemKind:
    if value in VERIFY_SECOND_FACTOR_RESPONSE_200_NOTICES_ITEM_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {VERIFY_SECOND_FACTOR_RESPONSE_200_NOTICES_ITEM_KIND_VALUES!r}"
    )
