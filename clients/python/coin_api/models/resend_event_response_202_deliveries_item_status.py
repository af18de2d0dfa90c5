from typing import Literal

ResendEventResponse202DeliveriesItemStatus = Literal["PENDING"]

RESEND_EVENT_RESPONSE_202_DELIVERIES_ITEM_STATUS_VALUES: set[
    ResendEventResponse202DeliveriesItemStatus
] = {
    "PENDING",
}


def check_resend_event_response_202_deliveries_item_status(
    value: str,
) -> ResendEventResponse202DeliveriesItemStatus:
    if value in RESEND_EVENT_RESPONSE_202_DELIVERIES_ITEM_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESEND_EVENT_RESPONSE_202_DELIVERIES_ITEM_STATUS_VALUES!r}"
    )
