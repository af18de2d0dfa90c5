from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.set_user_verification_body import SetUserVerificationBody
from ...models.set_user_verification_coin_version import (
    SetUserVerificationCoinVersion,
)
from ...models.set_user_verification_response_200 import SetUserVerificationResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: SetUserVerificationBody,
    coin_version: SetUserVerificationCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/admin/users/{id}/verification".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SetUserVerificationResponse200 | None:
    if response.status_code == 200:
        response_200 = SetUserVerificationResponse200.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

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
) -> Response[Problem | SetUserVerificationResponse200]:
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
    body: SetUserVerificationBody,
    coin_version: SetUserVerificationCoinVersion | Unset = UNSET,
) -> Response[Problem | SetUserVerificationResponse200]:
    """Verify a user or take their verification away, with a reason

     Verify a user or take their verification away, with a reason (audited); the same value again changes
    nothing. A change ends the user's current access tokens at once (their refresh token stays good):
    the next one carries the new state, which the cash-out daily amount reads. Verifying an ADMIN or
    SUPERADMIN account is refused here (403 FOUR_EYES_REQUIRED): ask for it with POST
    /api/admin/users/{id}/verification-requests, which another ADMIN+ approves

    Args:
        id (str):
        coin_version (SetUserVerificationCoinVersion | Unset):
        body (SetUserVerificationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SetUserVerificationResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
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
    body: SetUserVerificationBody,
    coin_version: SetUserVerificationCoinVersion | Unset = UNSET,
) -> Problem | SetUserVerificationResponse200 | None:
    """Verify a user or take their verification away, with a reason

     Verify a user or take their verification away, with a reason (audited); the same value again changes
    nothing. A change ends the user's current access tokens at once (their refresh token stays good):
    the next one carries the new state, which the cash-out daily amount reads. Verifying an ADMIN or
    SUPERADMIN account is refused here (403 FOUR_EYES_REQUIRED): ask for it with POST
    /api/admin/users/{id}/verification-requests, which another ADMIN+ approves

    Args:
        id (str):
        coin_version (SetUserVerificationCoinVersion | Unset):
        body (SetUserVerificationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SetUserVerificationResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: SetUserVerificationBody,
    coin_version: SetUserVerificationCoinVersion | Unset = UNSET,
) -> Response[Problem | SetUserVerificationResponse200]:
    """Verify a user or take their verification away, with a reason

     Verify a user or take their verification away, with a reason (audited); the same value again changes
    nothing. A change ends the user's current access tokens at once (their refresh token stays good):
    the next one carries the new state, which the cash-out daily amount reads. Verifying an ADMIN or
    SUPERADMIN account is refused here (403 FOUR_EYES_REQUIRED): ask for it with POST
    /api/admin/users/{id}/verification-requests, which another ADMIN+ approves

    Args:
        id (str):
        coin_version (SetUserVerificationCoinVersion | Unset):
        body (SetUserVerificationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SetUserVerificationResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: SetUserVerificationBody,
    coin_version: SetUserVerificationCoinVersion | Unset = UNSET,
) -> Problem | SetUserVerificationResponse200 | None:
    """Verify a user or take their verification away, with a reason

     Verify a user or take their verification away, with a reason (audited); the same value again changes
    nothing. A change ends the user's current access tokens at once (their refresh token stays good):
    the next one carries the new state, which the cash-out daily amount reads. Verifying an ADMIN or
    SUPERADMIN account is refused here (403 FOUR_EYES_REQUIRED): ask for it with POST
    /api/admin/users/{id}/verification-requests, which another ADMIN+ approves

    Args:
        id (str):
        coin_version (SetUserVerificationCoinVersion | Unset):
        body (SetUserVerificationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SetUserVerificationResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed
