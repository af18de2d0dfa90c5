from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_assigned_cashouts_approval import (
    ListAssignedCashoutsApproval,
)
from ...models.list_assigned_cashouts_coin_version import (
    ListAssignedCashoutsCoinVersion,
)
from ...models.list_assigned_cashouts_response_200 import (
    ListAssignedCashoutsResponse200,
)
from ...models.list_assigned_cashouts_status import (
    ListAssignedCashoutsStatus,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListAssignedCashoutsStatus | Unset = UNSET,
    provider_client_id: str | Unset = UNSET,
    approval: ListAssignedCashoutsApproval | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListAssignedCashoutsCoinVersion | Unset = UNSET,
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
        "url": "/api/cashouts/assigned",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListAssignedCashoutsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListAssignedCashoutsResponse200.from_dict(response.json())

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
) -> Response[ListAssignedCashoutsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListAssignedCashoutsStatus | Unset = UNSET,
    provider_client_id: str | Unset = UNSET,
    approval: ListAssignedCashoutsApproval | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListAssignedCashoutsCoinVersion | Unset = UNSET,
) -> Response[ListAssignedCashoutsResponse200 | Problem]:
    """The calling payout provider's queue, newest first

     The calling payout provider's queue, newest first: the REQUESTED cash-outs it may claim (naming it
    or no provider) and those it claimed (status=CLAIMED: what it has to pay or fail by its callback;
    status=CLAIM_OVERDUE: those past their window, still its to settle); one waiting for its second
    person, or whose payer's wallet is frozen, is not listed as claimable

    Args:
        status (ListAssignedCashoutsStatus | Unset):
        provider_client_id (str | Unset):
        approval (ListAssignedCashoutsApproval | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListAssignedCashoutsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListAssignedCashoutsResponse200 | Problem]
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
    status: ListAssignedCashoutsStatus | Unset = UNSET,
    provider_client_id: str | Unset = UNSET,
    approval: ListAssignedCashoutsApproval | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListAssignedCashoutsCoinVersion | Unset = UNSET,
) -> ListAssignedCashoutsResponse200 | Problem | None:
    """The calling payout provider's queue, newest first

     The calling payout provider's queue, newest first: the REQUESTED cash-outs it may claim (naming it
    or no provider) and those it claimed (status=CLAIMED: what it has to pay or fail by its callback;
    status=CLAIM_OVERDUE: those past their window, still its to settle); one waiting for its second
    person, or whose payer's wallet is frozen, is not listed as claimable

    Args:
        status (ListAssignedCashoutsStatus | Unset):
        provider_client_id (str | Unset):
        approval (ListAssignedCashoutsApproval | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListAssignedCashoutsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListAssignedCashoutsResponse200 | Problem
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
    status: ListAssignedCashoutsStatus | Unset = UNSET,
    provider_client_id: str | Unset = UNSET,
    approval: ListAssignedCashoutsApproval | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListAssignedCashoutsCoinVersion | Unset = UNSET,
) -> Response[ListAssignedCashoutsResponse200 | Problem]:
    """The calling payout provider's queue, newest first

     The calling payout provider's queue, newest first: the REQUESTED cash-outs it may claim (naming it
    or no provider) and those it claimed (status=CLAIMED: what it has to pay or fail by its callback;
    status=CLAIM_OVERDUE: those past their window, still its to settle); one waiting for its second
    person, or whose payer's wallet is frozen, is not listed as claimable

    Args:
        status (ListAssignedCashoutsStatus | Unset):
        provider_client_id (str | Unset):
        approval (ListAssignedCashoutsApproval | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListAssignedCashoutsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListAssignedCashoutsResponse200 | Problem]
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
    status: ListAssignedCashoutsStatus | Unset = UNSET,
    provider_client_id: str | Unset = UNSET,
    approval: ListAssignedCashoutsApproval | Unset = UNSET,
    limit: str | Unset = UNSET,
    offset: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListAssignedCashoutsCoinVersion | Unset = UNSET,
) -> ListAssignedCashoutsResponse200 | Problem | None:
    """The calling payout provider's queue, newest first

     The calling payout provider's queue, newest first: the REQUESTED cash-outs it may claim (naming it
    or no provider) and those it claimed (status=CLAIMED: what it has to pay or fail by its callback;
    status=CLAIM_OVERDUE: those past their window, still its to settle); one waiting for its second
    person, or whose payer's wallet is frozen, is not listed as claimable

    Args:
        status (ListAssignedCashoutsStatus | Unset):
        provider_client_id (str | Unset):
        approval (ListAssignedCashoutsApproval | Unset):
        limit (str | Unset):
        offset (str | Unset):
        cursor (str | Unset):
        coin_version (ListAssignedCashoutsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListAssignedCashoutsResponse200 | Problem
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
