from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.void_hold_coin_version import (
    VoidHoldCoinVersion,
)
from ...models.void_hold_dry_run import VoidHoldDryRun
from ...models.void_hold_response_200 import VoidHoldResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: UUID,
    *,
    dry_run: VoidHoldDryRun | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    coin_version: VoidHoldCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    json_dry_run: str | Unset = UNSET
    if not isinstance(dry_run, Unset):
        json_dry_run = dry_run

    params["dryRun"] = json_dry_run

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/coins/holds/{id}/void".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | VoidHoldResponse200 | None:
    if response.status_code == 200:
        response_200 = VoidHoldResponse200.from_dict(response.json())

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
) -> Response[Problem | VoidHoldResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    dry_run: VoidHoldDryRun | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    coin_version: VoidHoldCoinVersion | Unset = UNSET,
) -> Response[Problem | VoidHoldResponse200]:
    """Release a pending hold

     Release a pending hold: its coins are active again. The platform client the payer named
    (settlerClientId); with none, a client granted the treasury the hold pays; or an ADMIN+. A cash-out
    a provider claimed is 403 (audited): only its callback ends it. A test-mode client voids the sandbox
    holds it placed (POST /api/sandbox/holds), in the sandbox ledger alone

    Args:
        id (UUID):
        dry_run (VoidHoldDryRun | Unset):
        idempotency_key (str | Unset):
        coin_version (VoidHoldCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VoidHoldResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        dry_run=dry_run,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: UUID,
    *,
    client: AuthenticatedClient,
    dry_run: VoidHoldDryRun | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    coin_version: VoidHoldCoinVersion | Unset = UNSET,
) -> Problem | VoidHoldResponse200 | None:
    """Release a pending hold

     Release a pending hold: its coins are active again. The platform client the payer named
    (settlerClientId); with none, a client granted the treasury the hold pays; or an ADMIN+. A cash-out
    a provider claimed is 403 (audited): only its callback ends it. A test-mode client voids the sandbox
    holds it placed (POST /api/sandbox/holds), in the sandbox ledger alone

    Args:
        id (UUID):
        dry_run (VoidHoldDryRun | Unset):
        idempotency_key (str | Unset):
        coin_version (VoidHoldCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VoidHoldResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        dry_run=dry_run,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: UUID,
    *,
    client: AuthenticatedClient,
    dry_run: VoidHoldDryRun | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    coin_version: VoidHoldCoinVersion | Unset = UNSET,
) -> Response[Problem | VoidHoldResponse200]:
    """Release a pending hold

     Release a pending hold: its coins are active again. The platform client the payer named
    (settlerClientId); with none, a client granted the treasury the hold pays; or an ADMIN+. A cash-out
    a provider claimed is 403 (audited): only its callback ends it. A test-mode client voids the sandbox
    holds it placed (POST /api/sandbox/holds), in the sandbox ledger alone

    Args:
        id (UUID):
        dry_run (VoidHoldDryRun | Unset):
        idempotency_key (str | Unset):
        coin_version (VoidHoldCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VoidHoldResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        dry_run=dry_run,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: UUID,
    *,
    client: AuthenticatedClient,
    dry_run: VoidHoldDryRun | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    coin_version: VoidHoldCoinVersion | Unset = UNSET,
) -> Problem | VoidHoldResponse200 | None:
    """Release a pending hold

     Release a pending hold: its coins are active again. The platform client the payer named
    (settlerClientId); with none, a client granted the treasury the hold pays; or an ADMIN+. A cash-out
    a provider claimed is 403 (audited): only its callback ends it. A test-mode client voids the sandbox
    holds it placed (POST /api/sandbox/holds), in the sandbox ledger alone

    Args:
        id (UUID):
        dry_run (VoidHoldDryRun | Unset):
        idempotency_key (str | Unset):
        coin_version (VoidHoldCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VoidHoldResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            dry_run=dry_run,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed
