from typing import Literal

TestWebhookEndpointCoinVersion = Literal["3.0.0", "3.1.0"]

TEST_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES: set[TestWebhookEndpointCoinVersion] = {
    "3.0.0",
    "3.1.0",
}


def check_test_webhook_endpoint_coin_version(
    value: str,
) -> TestWebhookEndpointCoinVersion:
    if value in TEST_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TEST_WEBHOOK_ENDPOINT_COIN_VERSION_VALUES!r}"
    )
