from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.request_callback_secret_coin_version import (
    RequestCallbackSecretCoinVersion,
)
from ...models.request_callback_secret_response_202 import (
    RequestCallbackSecretResponse202,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    idempotency_key: str,
    coin_version: RequestCallbackSecretCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["idempotency-key"] = idempotency_key

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/platform-clients/{id}/callback-secret".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RequestCallbackSecretResponse202 | None:
    if response.status_code == 202:
        response_202 = RequestCallbackSecretResponse202.from_dict(response.json())

        return response_202

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
) -> Response[Problem | RequestCallbackSecretResponse202]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str,
    coin_version: RequestCallbackSecretCoinVersion | Unset = UNSET,
) -> Response[Problem | RequestCallbackSecretResponse202]:
    """Ask for a new callback secret of a payout provider

     Ask for a new callback secret of a payout provider (a live client granted cashout): 202 with the
    request another SUPERADMIN approves (POST /api/admin/callback-secret-requests/{id}/approve) and the
    `whsec_` secret, in this first answer only (a retry with the same Idempotency-Key answers 202
    without it). It signs the provider's cash-out callbacks from that approval on; its previous secret
    verifies for the configured overlap (24 h by default) after, then never. An unknown client or one
    not granted cashout is 404, a revoked one 409 PLATFORM_CLIENT_REVOKED

    Args:
        id (str):
        idempotency_key (str):
        coin_version (RequestCallbackSecretCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RequestCallbackSecretResponse202]
    """

    kwargs = _get_kwargs(
        id=id,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str,
    coin_version: RequestCallbackSecretCoinVersion | Unset = UNSET,
) -> Problem | RequestCallbackSecretResponse202 | None:
    """Ask for a new callback secret of a payout provider

     Ask for a new callback secret of a payout provider (a live client granted cashout): 202 with the
    request another SUPERADMIN approves (POST /api/admin/callback-secret-requests/{id}/approve) and the
    `whsec_` secret, in this first answer only (a retry with the same Idempotency-Key answers 202
    without it). It signs the provider's cash-out callbacks from that approval on; its previous secret
    verifies for the configured overlap (24 h by default) after, then never. An unknown client or one
    not granted cashout is 404, a revoked one 409 PLATFORM_CLIENT_REVOKED

    Args:
        id (str):
        idempotency_key (str):
        coin_version (RequestCallbackSecretCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RequestCallbackSecretResponse202
    """

    return sync_detailed(
        id=id,
        client=client,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str,
    coin_version: RequestCallbackSecretCoinVersion | Unset = UNSET,
) -> Response[Problem | RequestCallbackSecretResponse202]:
    """Ask for a new callback secret of a payout provider

     Ask for a new callback secret of a payout provider (a live client granted cashout): 202 with the
    request another SUPERADMIN approves (POST /api/admin/callback-secret-requests/{id}/approve) and the
    `whsec_` secret, in this first answer only (a retry with the same Idempotency-Key answers 202
    without it). It signs the provider's cash-out callbacks from that approval on; its previous secret
    verifies for the configured overlap (24 h by default) after, then never. An unknown client or one
    not granted cashout is 404, a revoked one 409 PLATFORM_CLIENT_REVOKED

    Args:
        id (str):
        idempotency_key (str):
        coin_version (RequestCallbackSecretCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RequestCallbackSecretResponse202]
    """

    kwargs = _get_kwargs(
        id=id,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str,
    coin_version: RequestCallbackSecretCoinVersion | Unset = UNSET,
) -> Problem | RequestCallbackSecretResponse202 | None:
    """Ask for a new callback secret of a payout provider

     Ask for a new callback secret of a payout provider (a live client granted cashout): 202 with the
    request another SUPERADMIN approves (POST /api/admin/callback-secret-requests/{id}/approve) and the
    `whsec_` secret, in this first answer only (a retry with the same Idempotency-Key answers 202
    without it). It signs the provider's cash-out callbacks from that approval on; its previous secret
    verifies for the configured overlap (24 h by default) after, then never. An unknown client or one
    not granted cashout is 404, a revoked one 409 PLATFORM_CLIENT_REVOKED

    Args:
        id (str):
        idempotency_key (str):
        coin_version (RequestCallbackSecretCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RequestCallbackSecretResponse202
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed
