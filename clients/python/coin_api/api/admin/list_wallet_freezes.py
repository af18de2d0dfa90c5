from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_wallet_freezes_coin_version import (
    ListWalletFreezesCoinVersion,
)
from ...models.list_wallet_freezes_response_200 import ListWalletFreezesResponse200
from ...models.list_wallet_freezes_unfreeze_status import (
    ListWalletFreezesUnfreezeStatus,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    user_id: str | Unset = UNSET,
    unfreeze_status: ListWalletFreezesUnfreezeStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListWalletFreezesCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    params["userId"] = user_id

    json_unfreeze_status: str | Unset = UNSET
    if not isinstance(unfreeze_status, Unset):
        json_unfreeze_status = unfreeze_status

    params["unfreezeStatus"] = json_unfreeze_status

    params["limit"] = limit

    params["offset"] = offset

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/freezes",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListWalletFreezesResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListWalletFreezesResponse200.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ListWalletFreezesResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    user_id: str | Unset = UNSET,
    unfreeze_status: ListWalletFreezesUnfreezeStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListWalletFreezesCoinVersion | Unset = UNSET,
) -> Response[ListWalletFreezesResponse200 | Problem]:
    """Frozen wallets, newest freeze first, optionally by where their unfreeze request stands

     Frozen wallets, newest freeze first, optionally by where their unfreeze request stands
    (unfreezeStatus PENDING: the unfreezes waiting for a second ADMIN+)

    Args:
        user_id (str | Unset):
        unfreeze_status (ListWalletFreezesUnfreezeStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListWalletFreezesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWalletFreezesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        unfreeze_status=unfreeze_status,
        limit=limit,
        offset=offset,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    user_id: str | Unset = UNSET,
    unfreeze_status: ListWalletFreezesUnfreezeStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListWalletFreezesCoinVersion | Unset = UNSET,
) -> ListWalletFreezesResponse200 | Problem | None:
    """Frozen wallets, newest freeze first, optionally by where their unfreeze request stands

     Frozen wallets, newest freeze first, optionally by where their unfreeze request stands
    (unfreezeStatus PENDING: the unfreezes waiting for a second ADMIN+)

    Args:
        user_id (str | Unset):
        unfreeze_status (ListWalletFreezesUnfreezeStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListWalletFreezesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWalletFreezesResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        user_id=user_id,
        unfreeze_status=unfreeze_status,
        limit=limit,
        offset=offset,
        cursor=cursor,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    user_id: str | Unset = UNSET,
    unfreeze_status: ListWalletFreezesUnfreezeStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListWalletFreezesCoinVersion | Unset = UNSET,
) -> Response[ListWalletFreezesResponse200 | Problem]:
    """Frozen wallets, newest freeze first, optionally by where their unfreeze request stands

     Frozen wallets, newest freeze first, optionally by where their unfreeze request stands
    (unfreezeStatus PENDING: the unfreezes waiting for a second ADMIN+)

    Args:
        user_id (str | Unset):
        unfreeze_status (ListWalletFreezesUnfreezeStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListWalletFreezesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWalletFreezesResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        unfreeze_status=unfreeze_status,
        limit=limit,
        offset=offset,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    user_id: str | Unset = UNSET,
    unfreeze_status: ListWalletFreezesUnfreezeStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListWalletFreezesCoinVersion | Unset = UNSET,
) -> ListWalletFreezesResponse200 | Problem | None:
    """Frozen wallets, newest freeze first, optionally by where their unfreeze request stands

     Frozen wallets, newest freeze first, optionally by where their unfreeze request stands
    (unfreezeStatus PENDING: the unfreezes waiting for a second ADMIN+)

    Args:
        user_id (str | Unset):
        unfreeze_status (ListWalletFreezesUnfreezeStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListWalletFreezesCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWalletFreezesResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            user_id=user_id,
            unfreeze_status=unfreeze_status,
            limit=limit,
            offset=offset,
            cursor=cursor,
            coin_version=coin_version,
        )
    ).parsed
