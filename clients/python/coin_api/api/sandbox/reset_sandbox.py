from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.reset_sandbox_coin_version import (
    ResetSandboxCoinVersion,
)
from ...models.reset_sandbox_response_200 import ResetSandboxResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    idempotency_key: str | Unset = UNSET,
    coin_version: ResetSandboxCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/sandbox/reset",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ResetSandboxResponse200 | None:
    if response.status_code == 200:
        response_200 = ResetSandboxResponse200.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | ResetSandboxResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
    coin_version: ResetSandboxCoinVersion | Unset = UNSET,
) -> Response[Problem | ResetSandboxResponse200]:
    """Delete the test-mode client's own test data in the sandbox

     Delete the test-mode client's own test data in the sandbox: delete its balance monitors, void the
    holds and test cash-outs it settles, cancel its mandates, burn what its own transactions left in its
    test users' wallets, retire its own treasuries (what is left burned, each started again as new,
    totals 0), then move its clock back to wall time. Answers what was done; `complete: false` when more
    remained than one reset takes (the clock then stays): call again. Test-mode clients only (a live one
    is 403 FORBIDDEN); other clients' data is untouched

    Args:
        idempotency_key (str | Unset):
        coin_version (ResetSandboxCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResetSandboxResponse200]
    """

    kwargs = _get_kwargs(
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
    idempotency_key: str | Unset = UNSET,
    coin_version: ResetSandboxCoinVersion | Unset = UNSET,
) -> Problem | ResetSandboxResponse200 | None:
    """Delete the test-mode client's own test data in the sandbox

     Delete the test-mode client's own test data in the sandbox: delete its balance monitors, void the
    holds and test cash-outs it settles, cancel its mandates, burn what its own transactions left in its
    test users' wallets, retire its own treasuries (what is left burned, each started again as new,
    totals 0), then move its clock back to wall time. Answers what was done; `complete: false` when more
    remained than one reset takes (the clock then stays): call again. Test-mode clients only (a live one
    is 403 FORBIDDEN); other clients' data is untouched

    Args:
        idempotency_key (str | Unset):
        coin_version (ResetSandboxCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResetSandboxResponse200
    """

    return sync_detailed(
        client=client,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
    coin_version: ResetSandboxCoinVersion | Unset = UNSET,
) -> Response[Problem | ResetSandboxResponse200]:
    """Delete the test-mode client's own test data in the sandbox

     Delete the test-mode client's own test data in the sandbox: delete its balance monitors, void the
    holds and test cash-outs it settles, cancel its mandates, burn what its own transactions left in its
    test users' wallets, retire its own treasuries (what is left burned, each started again as new,
    totals 0), then move its clock back to wall time. Answers what was done; `complete: false` when more
    remained than one reset takes (the clock then stays): call again. Test-mode clients only (a live one
    is 403 FORBIDDEN); other clients' data is untouched

    Args:
        idempotency_key (str | Unset):
        coin_version (ResetSandboxCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResetSandboxResponse200]
    """

    kwargs = _get_kwargs(
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
    coin_version: ResetSandboxCoinVersion | Unset = UNSET,
) -> Problem | ResetSandboxResponse200 | None:
    """Delete the test-mode client's own test data in the sandbox

     Delete the test-mode client's own test data in the sandbox: delete its balance monitors, void the
    holds and test cash-outs it settles, cancel its mandates, burn what its own transactions left in its
    test users' wallets, retire its own treasuries (what is left burned, each started again as new,
    totals 0), then move its clock back to wall time. Answers what was done; `complete: false` when more
    remained than one reset takes (the clock then stays): call again. Test-mode clients only (a live one
    is 403 FORBIDDEN); other clients' data is untouched

    Args:
        idempotency_key (str | Unset):
        coin_version (ResetSandboxCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResetSandboxResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed
