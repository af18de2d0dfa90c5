from typing import Literal

GetCommandStatusResponse200Type1Status = Literal["DONE"]

GET_COMMAND_STATUS_RESPONSE_200_TYPE_1_STATUS_VALUES: set[
    GetCommandStatusResponse200Type1Status
] = {
    "DONE",
}


def check_get_command_status_response_200_type_1_status(
    value: str,
) -> GetCommandStatusResponse200Type1Status:
    if value in GET_COMMAND_STATUS_RESPONSE_200_TYPE_1_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_COMMAND_STATUS_RESPONSE_200_TYPE_1_STATUS_VALUES!r}"
    )
