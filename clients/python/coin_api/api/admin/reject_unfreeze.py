from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.reject_unfreeze_body import RejectUnfreezeBody
from ...models.reject_unfreeze_coin_version import (
    RejectUnfreezeCoinVersion,
)
from ...models.reject_unfreeze_response_200 import RejectUnfreezeResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: RejectUnfreezeBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: RejectUnfreezeCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/users/{id}/freeze/unfreeze-rejection".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RejectUnfreezeResponse200 | None:
    if response.status_code == 200:
        response_200 = RejectUnfreezeResponse200.from_dict(response.json())

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
) -> Response[Problem | RejectUnfreezeResponse200]:
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
    body: RejectUnfreezeBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: RejectUnfreezeCoinVersion | Unset = UNSET,
) -> Response[Problem | RejectUnfreezeResponse200]:
    """Reject the pending request to lift a freeze, with a reason

     Reject the pending request to lift a freeze, with a reason: the wallet stays frozen. Any ADMIN+ but
    the wallet's owner (403 SELF_DEALING), with a fresh second factor; 409 APPROVAL_NOT_PENDING when the
    wallet's request was decided or has expired, 409 UNFREEZE_NOT_REQUESTED when none was asked

    Args:
        id (str):
        idempotency_key (str | Unset):
        coin_version (RejectUnfreezeCoinVersion | Unset):
        body (RejectUnfreezeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RejectUnfreezeResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
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
    body: RejectUnfreezeBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: RejectUnfreezeCoinVersion | Unset = UNSET,
) -> Problem | RejectUnfreezeResponse200 | None:
    """Reject the pending request to lift a freeze, with a reason

     Reject the pending request to lift a freeze, with a reason: the wallet stays frozen. Any ADMIN+ but
    the wallet's owner (403 SELF_DEALING), with a fresh second factor; 409 APPROVAL_NOT_PENDING when the
    wallet's request was decided or has expired, 409 UNFREEZE_NOT_REQUESTED when none was asked

    Args:
        id (str):
        idempotency_key (str | Unset):
        coin_version (RejectUnfreezeCoinVersion | Unset):
        body (RejectUnfreezeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RejectUnfreezeResponse200
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RejectUnfreezeBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: RejectUnfreezeCoinVersion | Unset = UNSET,
) -> Response[Problem | RejectUnfreezeResponse200]:
    """Reject the pending request to lift a freeze, with a reason

     Reject the pending request to lift a freeze, with a reason: the wallet stays frozen. Any ADMIN+ but
    the wallet's owner (403 SELF_DEALING), with a fresh second factor; 409 APPROVAL_NOT_PENDING when the
    wallet's request was decided or has expired, 409 UNFREEZE_NOT_REQUESTED when none was asked

    Args:
        id (str):
        idempotency_key (str | Unset):
        coin_version (RejectUnfreezeCoinVersion | Unset):
        body (RejectUnfreezeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RejectUnfreezeResponse200]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: RejectUnfreezeBody,
    idempotency_key: str | Unset = UNSET,
    coin_version: RejectUnfreezeCoinVersion | Unset = UNSET,
) -> Problem | RejectUnfreezeResponse200 | None:
    """Reject the pending request to lift a freeze, with a reason

     Reject the pending request to lift a freeze, with a reason: the wallet stays frozen. Any ADMIN+ but
    the wallet's owner (403 SELF_DEALING), with a fresh second factor; 409 APPROVAL_NOT_PENDING when the
    wallet's request was decided or has expired, 409 UNFREEZE_NOT_REQUESTED when none was asked

    Args:
        id (str):
        idempotency_key (str | Unset):
        coin_version (RejectUnfreezeCoinVersion | Unset):
        body (RejectUnfreezeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RejectUnfreezeResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            coin_version=coin_version,
        )
    ).parsed
