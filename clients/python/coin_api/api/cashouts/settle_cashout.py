from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.settle_cashout_body import SettleCashoutBody
from ...models.settle_cashout_coin_version import (
    SettleCashoutCoinVersion,
)
from ...models.settle_cashout_response_200 import SettleCashoutResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SettleCashoutBody,
    coin_version: SettleCashoutCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/cashouts/callbacks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SettleCashoutResponse200 | None:
    if response.status_code == 200:
        response_200 = SettleCashoutResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | SettleCashoutResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SettleCashoutBody,
    coin_version: SettleCashoutCoinVersion | Unset = UNSET,
) -> Response[Problem | SettleCashoutResponse200]:
    """A payout provider's word on a cash-out it claimed

     A payout provider's word on a cash-out it claimed: CONFIRMED burns the held coins (a BURN with the
    XAF amount and the rate), FAILED releases them; one past its window (CLAIM_OVERDUE) is settled the
    same way. Signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-
    signature) and the provider's callback secret; applied once: a forged, stale or replayed callback is
    refused and audited. A CONFIRMED of a cash-out claimed once its payer's wallet was frozen is 409
    WALLET_FROZEN (audited): the provider fails it

    Args:
        coin_version (SettleCashoutCoinVersion | Unset):
        body (SettleCashoutBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SettleCashoutResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: SettleCashoutBody,
    coin_version: SettleCashoutCoinVersion | Unset = UNSET,
) -> Problem | SettleCashoutResponse200 | None:
    """A payout provider's word on a cash-out it claimed

     A payout provider's word on a cash-out it claimed: CONFIRMED burns the held coins (a BURN with the
    XAF amount and the rate), FAILED releases them; one past its window (CLAIM_OVERDUE) is settled the
    same way. Signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-
    signature) and the provider's callback secret; applied once: a forged, stale or replayed callback is
    refused and audited. A CONFIRMED of a cash-out claimed once its payer's wallet was frozen is 409
    WALLET_FROZEN (audited): the provider fails it

    Args:
        coin_version (SettleCashoutCoinVersion | Unset):
        body (SettleCashoutBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SettleCashoutResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SettleCashoutBody,
    coin_version: SettleCashoutCoinVersion | Unset = UNSET,
) -> Response[Problem | SettleCashoutResponse200]:
    """A payout provider's word on a cash-out it claimed

     A payout provider's word on a cash-out it claimed: CONFIRMED burns the held coins (a BURN with the
    XAF amount and the rate), FAILED releases them; one past its window (CLAIM_OVERDUE) is settled the
    same way. Signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-
    signature) and the provider's callback secret; applied once: a forged, stale or replayed callback is
    refused and audited. A CONFIRMED of a cash-out claimed once its payer's wallet was frozen is 409
    WALLET_FROZEN (audited): the provider fails it

    Args:
        coin_version (SettleCashoutCoinVersion | Unset):
        body (SettleCashoutBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SettleCashoutResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SettleCashoutBody,
    coin_version: SettleCashoutCoinVersion | Unset = UNSET,
) -> Problem | SettleCashoutResponse200 | None:
    """A payout provider's word on a cash-out it claimed

     A payout provider's word on a cash-out it claimed: CONFIRMED burns the held coins (a BURN with the
    XAF amount and the rate), FAILED releases them; one past its window (CLAIM_OVERDUE) is settled the
    same way. Signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-
    signature) and the provider's callback secret; applied once: a forged, stale or replayed callback is
    refused and audited. A CONFIRMED of a cash-out claimed once its payer's wallet was frozen is 409
    WALLET_FROZEN (audited): the provider fails it

    Args:
        coin_version (SettleCashoutCoinVersion | Unset):
        body (SettleCashoutBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SettleCashoutResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed
