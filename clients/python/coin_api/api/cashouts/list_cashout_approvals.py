from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_cashout_approvals_coin_version import (
    ListCashoutApprovalsCoinVersion,
)
from ...models.list_cashout_approvals_response_200 import (
    ListCashoutApprovalsResponse200,
)
from ...models.list_cashout_approvals_status import (
    ListCashoutApprovalsStatus,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListCashoutApprovalsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListCashoutApprovalsCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["limit"] = limit

    params["offset"] = offset

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/cashout-approvals",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListCashoutApprovalsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListCashoutApprovalsResponse200.from_dict(response.json())

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
) -> Response[ListCashoutApprovalsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListCashoutApprovalsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListCashoutApprovalsCoinVersion | Unset = UNSET,
) -> Response[ListCashoutApprovalsResponse200 | Problem]:
    """Cash-outs' requests for their second person, newest first, optionally of one status

     Cash-outs' requests for their second person, newest first, optionally of one status: those waiting
    for an ADMIN+ (PENDING) and what became of the others (APPROVED, REJECTED, EXPIRED with their cash-
    out's hold)

    Args:
        status (ListCashoutApprovalsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListCashoutApprovalsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListCashoutApprovalsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
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
    status: ListCashoutApprovalsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListCashoutApprovalsCoinVersion | Unset = UNSET,
) -> ListCashoutApprovalsResponse200 | Problem | None:
    """Cash-outs' requests for their second person, newest first, optionally of one status

     Cash-outs' requests for their second person, newest first, optionally of one status: those waiting
    for an ADMIN+ (PENDING) and what became of the others (APPROVED, REJECTED, EXPIRED with their cash-
    out's hold)

    Args:
        status (ListCashoutApprovalsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListCashoutApprovalsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListCashoutApprovalsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        limit=limit,
        offset=offset,
        cursor=cursor,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListCashoutApprovalsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListCashoutApprovalsCoinVersion | Unset = UNSET,
) -> Response[ListCashoutApprovalsResponse200 | Problem]:
    """Cash-outs' requests for their second person, newest first, optionally of one status

     Cash-outs' requests for their second person, newest first, optionally of one status: those waiting
    for an ADMIN+ (PENDING) and what became of the others (APPROVED, REJECTED, EXPIRED with their cash-
    out's hold)

    Args:
        status (ListCashoutApprovalsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListCashoutApprovalsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListCashoutApprovalsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
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
    status: ListCashoutApprovalsStatus | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListCashoutApprovalsCoinVersion | Unset = UNSET,
) -> ListCashoutApprovalsResponse200 | Problem | None:
    """Cash-outs' requests for their second person, newest first, optionally of one status

     Cash-outs' requests for their second person, newest first, optionally of one status: those waiting
    for an ADMIN+ (PENDING) and what became of the others (APPROVED, REJECTED, EXPIRED with their cash-
    out's hold)

    Args:
        status (ListCashoutApprovalsStatus | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListCashoutApprovalsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListCashoutApprovalsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            limit=limit,
            offset=offset,
            cursor=cursor,
            coin_version=coin_version,
        )
    ).parsed
