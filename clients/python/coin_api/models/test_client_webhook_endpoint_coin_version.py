from typing import Literal

TestClientWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

TEST_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[
    TestClientWebhookEndpointCoinVersion
] = {
    "3.0.0",
    "3.1.0",
}


def check_test_client_webhook_endpoint_coin_version(
    value: str,
) -> TestClientWebhookEndpointCoinVersion:
    if value in TEST_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TEST_CLIENT_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
