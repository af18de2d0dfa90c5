from typing import Literal

GetCommandStatusResponse200Type0Status = Literal["IN_PROGRESS"]

GET_COMMAND_STATUS_RESPONSE_200_TYPE_0_STATUS_VALUES: set[
    GetCommandStatusResponse200Type0Status
] = {
    "IN_PROGRESS",
}


def check_get_command_status_response_200_type_0_status(
    value: str,
) -> GetCommandStatusResponse200Type0Status:
    if value in GET_COMMAND_STATUS_RESPONSE_200_TYPE_0_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_COMMAND_STATUS_RESPONSE_200_TYPE_0_STATUS_VALUES!r}"
    )
