from typing import Literal

TestClientWebhookEndpointResponse202Status = Literal["PENDING"]

TEST_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES: set[
    TestClientWebhookEndpointResponse202Status
] = {
    "PENDING",
}


def check_test_client_webhook_endpoint_response_202_status(
    value: str,
) -> TestClientWebhookEndpointResponse202Status:
    if value in TEST_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TEST_CLIENT_WEBHOOK_ENDPOINT_RESPONSE_202_STATUS_VALUES!r}"
    )
