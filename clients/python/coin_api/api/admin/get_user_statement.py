import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_user_statement_coin_version import (
    GetUserStatementCoinVersion,
)
from ...models.get_user_statement_format import (
    GetUserStatementFormat,
)
from ...models.get_user_statement_response_200 import GetUserStatementResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    from_: datetime.datetime,
    to: datetime.datetime,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: GetUserStatementFormat | Unset = UNSET,
    coin_version: GetUserStatementCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to = to.isoformat()
    params["to"] = json_to

    params["limit"] = limit

    params["cursor"] = cursor

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/users/{id}/statement".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetUserStatementResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = GetUserStatementResponse200.from_dict(response.json())

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
) -> Response[GetUserStatementResponse200 | Problem]:
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
    from_: datetime.datetime,
    to: datetime.datetime,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: GetUserStatementFormat | Unset = UNSET,
    coin_version: GetUserStatementCoinVersion | Unset = UNSET,
) -> Response[GetUserStatementResponse200 | Problem]:
    """A statement of a user's wallet over [from, to)

     A statement of a user's wallet over [from, to): opening and closing balance and each line with its
    running balance, oldest first, in keyset pages (pass nextCursor as cursor), or the whole period as
    CSV (format=csv or Accept: text/csv), streamed

    Args:
        id (str):
        from_ (datetime.datetime):
        to (datetime.datetime):
        limit (str | Unset):
        cursor (str | Unset):
        format_ (GetUserStatementFormat | Unset):
        coin_version (GetUserStatementCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetUserStatementResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
        limit=limit,
        cursor=cursor,
        format_=format_,
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
    from_: datetime.datetime,
    to: datetime.datetime,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: GetUserStatementFormat | Unset = UNSET,
    coin_version: GetUserStatementCoinVersion | Unset = UNSET,
) -> GetUserStatementResponse200 | Problem | None:
    """A statement of a user's wallet over [from, to)

     A statement of a user's wallet over [from, to): opening and closing balance and each line with its
    running balance, oldest first, in keyset pages (pass nextCursor as cursor), or the whole period as
    CSV (format=csv or Accept: text/csv), streamed

    Args:
        id (str):
        from_ (datetime.datetime):
        to (datetime.datetime):
        limit (str | Unset):
        cursor (str | Unset):
        format_ (GetUserStatementFormat | Unset):
        coin_version (GetUserStatementCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetUserStatementResponse200 | Problem
    """

    return sync_detailed(
        id=id,
        client=client,
        from_=from_,
        to=to,
        limit=limit,
        cursor=cursor,
        format_=format_,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime,
    to: datetime.datetime,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: GetUserStatementFormat | Unset = UNSET,
    coin_version: GetUserStatementCoinVersion | Unset = UNSET,
) -> Response[GetUserStatementResponse200 | Problem]:
    """A statement of a user's wallet over [from, to)

     A statement of a user's wallet over [from, to): opening and closing balance and each line with its
    running balance, oldest first, in keyset pages (pass nextCursor as cursor), or the whole period as
    CSV (format=csv or Accept: text/csv), streamed

    Args:
        id (str):
        from_ (datetime.datetime):
        to (datetime.datetime):
        limit (str | Unset):
        cursor (str | Unset):
        format_ (GetUserStatementFormat | Unset):
        coin_version (GetUserStatementCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetUserStatementResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
        limit=limit,
        cursor=cursor,
        format_=format_,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime,
    to: datetime.datetime,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: GetUserStatementFormat | Unset = UNSET,
    coin_version: GetUserStatementCoinVersion | Unset = UNSET,
) -> GetUserStatementResponse200 | Problem | None:
    """A statement of a user's wallet over [from, to)

     A statement of a user's wallet over [from, to): opening and closing balance and each line with its
    running balance, oldest first, in keyset pages (pass nextCursor as cursor), or the whole period as
    CSV (format=csv or Accept: text/csv), streamed

    Args:
        id (str):
        from_ (datetime.datetime):
        to (datetime.datetime):
        limit (str | Unset):
        cursor (str | Unset):
        format_ (GetUserStatementFormat | Unset):
        coin_version (GetUserStatementCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetUserStatementResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            from_=from_,
            to=to,
            limit=limit,
            cursor=cursor,
            format_=format_,
            coin_version=coin_version,
        )
    ).parsed
