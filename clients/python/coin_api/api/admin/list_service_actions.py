import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_service_actions_coin_version import (
    ListServiceActionsCoinVersion,
)
from ...models.list_service_actions_response_200 import ListServiceActionsResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    actor: str | Unset = UNSET,
    target: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListServiceActionsCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    params["actor"] = actor

    params["target"] = target

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/audit-log/service-actions",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ListServiceActionsResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = ListServiceActionsResponse200.from_dict(response.json())

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
) -> Response[ListServiceActionsResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    actor: str | Unset = UNSET,
    target: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListServiceActionsCoinVersion | Unset = UNSET,
) -> Response[ListServiceActionsResponse200 | Problem]:
    """The services' own actions in the admin audit log

     The services' own actions in the admin audit log (since 3.0.0): a webhook endpoint disabled after
    persistent failure (actor: the webhooks service) or re-enabled (actor: who asked), a balance monitor
    created or deleted (actor: the ADMIN+), newest first, keyset pages (filters actor, target, from, to)

    Args:
        actor (str | Unset):
        target (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        limit (str | Unset):
        cursor (str | Unset):
        coin_version (ListServiceActionsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListServiceActionsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        actor=actor,
        target=target,
        from_=from_,
        to=to,
        limit=limit,
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
    actor: str | Unset = UNSET,
    target: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListServiceActionsCoinVersion | Unset = UNSET,
) -> ListServiceActionsResponse200 | Problem | None:
    """The services' own actions in the admin audit log

     The services' own actions in the admin audit log (since 3.0.0): a webhook endpoint disabled after
    persistent failure (actor: the webhooks service) or re-enabled (actor: who asked), a balance monitor
    created or deleted (actor: the ADMIN+), newest first, keyset pages (filters actor, target, from, to)

    Args:
        actor (str | Unset):
        target (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        limit (str | Unset):
        cursor (str | Unset):
        coin_version (ListServiceActionsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListServiceActionsResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        actor=actor,
        target=target,
        from_=from_,
        to=to,
        limit=limit,
        cursor=cursor,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    actor: str | Unset = UNSET,
    target: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListServiceActionsCoinVersion | Unset = UNSET,
) -> Response[ListServiceActionsResponse200 | Problem]:
    """The services' own actions in the admin audit log

     The services' own actions in the admin audit log (since 3.0.0): a webhook endpoint disabled after
    persistent failure (actor: the webhooks service) or re-enabled (actor: who asked), a balance monitor
    created or deleted (actor: the ADMIN+), newest first, keyset pages (filters actor, target, from, to)

    Args:
        actor (str | Unset):
        target (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        limit (str | Unset):
        cursor (str | Unset):
        coin_version (ListServiceActionsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListServiceActionsResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        actor=actor,
        target=target,
        from_=from_,
        to=to,
        limit=limit,
        cursor=cursor,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    actor: str | Unset = UNSET,
    target: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    coin_version: ListServiceActionsCoinVersion | Unset = UNSET,
) -> ListServiceActionsResponse200 | Problem | None:
    """The services' own actions in the admin audit log

     The services' own actions in the admin audit log (since 3.0.0): a webhook endpoint disabled after
    persistent failure (actor: the webhooks service) or re-enabled (actor: who asked), a balance monitor
    created or deleted (actor: the ADMIN+), newest first, keyset pages (filters actor, target, from, to)

    Args:
        actor (str | Unset):
        target (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        limit (str | Unset):
        cursor (str | Unset):
        coin_version (ListServiceActionsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListServiceActionsResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            actor=actor,
            target=target,
            from_=from_,
            to=to,
            limit=limit,
            cursor=cursor,
            coin_version=coin_version,
        )
    ).parsed
