from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.purchase_body import PurchaseBody
from ...models.purchase_coin_version import (
    PurchaseCoinVersion,
)
from ...models.purchase_dry_run import PurchaseDryRun
from ...models.purchase_response_201 import PurchaseResponse201
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PurchaseBody,
    dry_run: PurchaseDryRun | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    coin_version: PurchaseCoinVersion | Unset = UNSET,
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
        "url": "/api/coins/purchase",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | PurchaseResponse201 | None:
    if response.status_code == 201:
        response_201 = PurchaseResponse201.from_dict(response.json())

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
) -> Response[Problem | PurchaseResponse201]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PurchaseBody,
    dry_run: PurchaseDryRun | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    coin_version: PurchaseCoinVersion | Unset = UNSET,
) -> Response[Problem | PurchaseResponse201]:
    """Pay a treasury for a course, product or subscription

     Pay a treasury for a course, product or subscription; with a platform client's referral
    (`affiliate.referral`, POST /api/platform/referrals) it is split by that client's commission rule
    (the affiliate's commission in `commission`)

    Args:
        dry_run (PurchaseDryRun | Unset):
        idempotency_key (str | Unset):
        coin_version (PurchaseCoinVersion | Unset):
        body (PurchaseBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PurchaseResponse201]
    """

    kwargs = _get_kwargs(
        body=body,
        dry_run=dry_run,
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
    body: PurchaseBody,
    dry_run: PurchaseDryRun | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    coin_version: PurchaseCoinVersion | Unset = UNSET,
) -> Problem | PurchaseResponse201 | None:
    """Pay a treasury for a course, product or subscription

     Pay a treasury for a course, product or subscription; with a platform client's referral
    (`affiliate.referral`, POST /api/platform/referrals) it is split by that client's commission rule
    (the affiliate's commission in `commission`)

    Args:
        dry_run (PurchaseDryRun | Unset):
        idempotency_key (str | Unset):
        coin_version (PurchaseCoinVersion | Unset):
        body (PurchaseBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PurchaseResponse201
    """

    return sync_detailed(
        client=client,
        body=body,
        dry_run=dry_run,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PurchaseBody,
    dry_run: PurchaseDryRun | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    coin_version: PurchaseCoinVersion | Unset = UNSET,
) -> Response[Problem | PurchaseResponse201]:
    """Pay a treasury for a course, product or subscription

     Pay a treasury for a course, product or subscription; with a platform client's referral
    (`affiliate.referral`, POST /api/platform/referrals) it is split by that client's commission rule
    (the affiliate's commission in `commission`)

    Args:
        dry_run (PurchaseDryRun | Unset):
        idempotency_key (str | Unset):
        coin_version (PurchaseCoinVersion | Unset):
        body (PurchaseBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PurchaseResponse201]
    """

    kwargs = _get_kwargs(
        body=body,
        dry_run=dry_run,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PurchaseBody,
    dry_run: PurchaseDryRun | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    coin_version: PurchaseCoinVersion | Unset = UNSET,
) -> Problem | PurchaseResponse201 | None:
    """Pay a treasury for a course, product or subscription

     Pay a treasury for a course, product or subscription; with a platform client's referral
    (`affiliate.referral`, POST /api/platform/referrals) it is split by that client's commission rule
    (the affiliate's commission in `commission`)

    Args:
        dry_run (PurchaseDryRun | Unset):
        idempotency_key (str | Unset):
        coin_version (PurchaseCoinVersion | Unset):
        body (PurchaseBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PurchaseResponse201
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            dry_run=dry_run,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed
