from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_cashouts_approval import (
    ListCashoutsApproval,
)
from ...models.list_cashouts_coin_version import (
    ListCashoutsCoinVersion,
)
from ...models.list_cashouts_response_200 import ListCashoutsResponse200
from ...models.list_cashouts_status import (
    ListCashoutsStatus,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListCashoutsStatus | Unset = UNSET,
    provider_client_id: str | Unset = UNSET,
    approval: ListCashoutsApproval | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListCashoutsCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["providerClientId"] = provider_client_id

    json_approval: str | Unset = UNSET
    if not isinstance(approval, Unset):
        json_approval = approval

    params["approval"] = json_approval

    params["limit"] = limit

    params["offset"] = offset

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/cashouts",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListCashoutsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListCashoutsResponse200.from_dict(response.json())

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
) -> Response[ListCashoutsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListCashoutsStatus | Unset = UNSET,
    provider_client_id: str | Unset = UNSET,
    approval: ListCashoutsApproval | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListCashoutsCoinVersion | Unset = UNSET,
) -> Response[ListCashoutsResponse200 | Problem]:
    """The cash-out queue, newest first

     The cash-out queue, newest first: every cash-out, or those of one state (REQUESTED is the queue) or
    one provider

    Args:
        status (ListCashoutsStatus | Unset):
        provider_client_id (str | Unset):
        approval (ListCashoutsApproval | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListCashoutsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListCashoutsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        provider_client_id=provider_client_id,
        approval=approval,
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
    status: ListCashoutsStatus | Unset = UNSET,
    provider_client_id: str | Unset = UNSET,
    approval: ListCashoutsApproval | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListCashoutsCoinVersion | Unset = UNSET,
) -> ListCashoutsResponse200 | Problem | None:
    """The cash-out queue, newest first

     The cash-out queue, newest first: every cash-out, or those of one state (REQUESTED is the queue) or
    one provider

    Args:
        status (ListCashoutsStatus | Unset):
        provider_client_id (str | Unset):
        approval (ListCashoutsApproval | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListCashoutsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListCashoutsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        provider_client_id=provider_client_id,
        approval=approval,
        limit=limit,
        offset=offset,
        cursor=cursor,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListCashoutsStatus | Unset = UNSET,
    provider_client_id: str | Unset = UNSET,
    approval: ListCashoutsApproval | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListCashoutsCoinVersion | Unset = UNSET,
) -> Response[ListCashoutsResponse200 | Problem]:
    """The cash-out queue, newest first

     The cash-out queue, newest first: every cash-out, or those of one state (REQUESTED is the queue) or
    one provider

    Args:
        status (ListCashoutsStatus | Unset):
        provider_client_id (str | Unset):
        approval (ListCashoutsApproval | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListCashoutsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListCashoutsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        provider_client_id=provider_client_id,
        approval=approval,
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
    status: ListCashoutsStatus | Unset = UNSET,
    provider_client_id: str | Unset = UNSET,
    approval: ListCashoutsApproval | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListCashoutsCoinVersion | Unset = UNSET,
) -> ListCashoutsResponse200 | Problem | None:
    """The cash-out queue, newest first

     The cash-out queue, newest first: every cash-out, or those of one state (REQUESTED is the queue) or
    one provider

    Args:
        status (ListCashoutsStatus | Unset):
        provider_client_id (str | Unset):
        approval (ListCashoutsApproval | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListCashoutsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListCashoutsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            provider_client_id=provider_client_id,
            approval=approval,
            limit=limit,
            offset=offset,
            cursor=cursor,
            coin_version=coin_version,
        )
    ).parsed
