from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_sandbox_hold_coin_version import (
    CreateSandboxHoldCoinVersion,
)
from ...models.create_sandbox_hold_response_201 import CreateSandboxHoldResponse201
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: Any,
    idempotency_key: str | Unset = UNSET,
    coin_version: CreateSandboxHoldCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/sandbox/holds",
    }

    _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateSandboxHoldResponse201 | Problem | None:
    if response.status_code == 201:
        response_201 = CreateSandboxHoldResponse201.from_dict(response.json())

        return response_201

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
) -> Response[CreateSandboxHoldResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: Any,
    idempotency_key: str | Unset = UNSET,
    coin_version: CreateSandboxHoldCoinVersion | Unset = UNSET,
) -> Response[CreateSandboxHoldResponse201 | Problem]:
    """Reserve test coins of a test user's sandbox wallet for a treasury or a test user

     Reserve test coins of a test user's sandbox wallet for a treasury or a test user, settled by the
    calling test-mode client: the payer is fromUserId; the payee a treasury the client was granted
    (another is refused by the sandbox ledger, 422 COMMAND_REFUSED) or a test user (users who linked the
    client; any other id is 404 USER_NOT_FOUND); its sandbox clock decides when the hold expires. Test-
    mode clients only (a live one is 403 FORBIDDEN); nothing here reaches a live balance

    Args:
        idempotency_key (str | Unset):
        coin_version (CreateSandboxHoldCoinVersion | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateSandboxHoldResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: Any,
    idempotency_key: str | Unset = UNSET,
    coin_version: CreateSandboxHoldCoinVersion | Unset = UNSET,
) -> CreateSandboxHoldResponse201 | Problem | None:
    """Reserve test coins of a test user's sandbox wallet for a treasury or a test user

     Reserve test coins of a test user's sandbox wallet for a treasury or a test user, settled by the
    calling test-mode client: the payer is fromUserId; the payee a treasury the client was granted
    (another is refused by the sandbox ledger, 422 COMMAND_REFUSED) or a test user (users who linked the
    client; any other id is 404 USER_NOT_FOUND); its sandbox clock decides when the hold expires. Test-
    mode clients only (a live one is 403 FORBIDDEN); nothing here reaches a live balance

    Args:
        idempotency_key (str | Unset):
        coin_version (CreateSandboxHoldCoinVersion | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateSandboxHoldResponse201 | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: Any,
    idempotency_key: str | Unset = UNSET,
    coin_version: CreateSandboxHoldCoinVersion | Unset = UNSET,
) -> Response[CreateSandboxHoldResponse201 | Problem]:
    """Reserve test coins of a test user's sandbox wallet for a treasury or a test user

     Reserve test coins of a test user's sandbox wallet for a treasury or a test user, settled by the
    calling test-mode client: the payer is fromUserId; the payee a treasury the client was granted
    (another is refused by the sandbox ledger, 422 COMMAND_REFUSED) or a test user (users who linked the
    client; any other id is 404 USER_NOT_FOUND); its sandbox clock decides when the hold expires. Test-
    mode clients only (a live one is 403 FORBIDDEN); nothing here reaches a live balance

    Args:
        idempotency_key (str | Unset):
        coin_version (CreateSandboxHoldCoinVersion | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateSandboxHoldResponse201 | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: Any,
    idempotency_key: str | Unset = UNSET,
    coin_version: CreateSandboxHoldCoinVersion | Unset = UNSET,
) -> CreateSandboxHoldResponse201 | Problem | None:
    """Reserve test coins of a test user's sandbox wallet for a treasury or a test user

     Reserve test coins of a test user's sandbox wallet for a treasury or a test user, settled by the
    calling test-mode client: the payer is fromUserId; the payee a treasury the client was granted
    (another is refused by the sandbox ledger, 422 COMMAND_REFUSED) or a test user (users who linked the
    client; any other id is 404 USER_NOT_FOUND); its sandbox clock decides when the hold expires. Test-
    mode clients only (a live one is 403 FORBIDDEN); nothing here reaches a live balance

    Args:
        idempotency_key (str | Unset):
        coin_version (CreateSandboxHoldCoinVersion | Unset):
        body (Any):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateSandboxHoldResponse201 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed
