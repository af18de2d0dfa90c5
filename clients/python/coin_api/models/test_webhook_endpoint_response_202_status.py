from typing import Literal

TestWebhookEndpointResponse202Status = Literal["PENDING"]

TEST_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES: set[
    TestWebhookEndpointResponse202Status
] = {
    "PENDING",
}


def check_test_webhook_endpoint_response_202_status(
    value: str,
) -> TestWebhookEndpointResponse202Status:
    if value in TEST_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TEST_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES!r}"
    )
