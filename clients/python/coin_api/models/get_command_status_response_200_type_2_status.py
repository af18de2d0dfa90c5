from typing import Literal

GetCommandStatusResponse200Type2Status = Literal["UNKNOWN"]

GET_COMMAND_STATUS_RESPONSE_200_TYPE_2_STATUS_VALUES: set[
    GetCommandStatusResponse200Type2Status
] = {
    "UNKNOWN",
}


def check_get_command_status_response_200_type_2_status(
    value: str,
) -> GetCommandStatusResponse200Type2Status:
    if value in GET_COMMAND_STATUS_RESPONSE_200_TYPE_2_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_COMMAND_STATUS_RESPONSE_200_TYPE_2_STATUS_VALUES!r}"
    )
