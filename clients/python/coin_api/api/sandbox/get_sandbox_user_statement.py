import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_sandbox_user_statement_coin_version import (
    GetSandboxUserStatementCoinVersion,
)
from ...models.get_sandbox_user_statement_format import (
    GetSandboxUserStatementFormat,
)
from ...models.get_sandbox_user_statement_response_200 import (
    GetSandboxUserStatementResponse200,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    user_id: str,
    *,
    from_: datetime.datetime,
    to: datetime.datetime,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: GetSandboxUserStatementFormat | Unset = UNSET,
    coin_version: GetSandboxUserStatementCoinVersion | Unset = UNSET,
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
        "url": "/api/sandbox/users/{user_id}/statement".format(
            user_id=quote(str(user_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetSandboxUserStatementResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = GetSandboxUserStatementResponse200.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GetSandboxUserStatementResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime,
    to: datetime.datetime,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: GetSandboxUserStatementFormat | Unset = UNSET,
    coin_version: GetSandboxUserStatementCoinVersion | Unset = UNSET,
) -> Response[GetSandboxUserStatementResponse200 | Problem]:
    """A test user's sandbox statement, for the calling test-mode client, over [from, to)

     A test user's sandbox statement, for the calling test-mode client, over [from, to): opening and
    closing balance and each line with its running balance, oldest first, in keyset pages (pass
    nextCursor as cursor; limit at most 1,000, a period at most 366 days), or the whole period as CSV
    (format=csv or Accept: text/csv), streamed. A line of a transaction this client made carries it
    whole; any other (a person’s, an operator’s, another platform’s) shows only its id, type, time and
    change (its other CSV cells empty). Its test users only (any other id, an account's or not, is 404
    USER_NOT_FOUND), from the sandbox history alone. A live client is 403 FORBIDDEN

    Args:
        user_id (str):
        from_ (datetime.datetime):
        to (datetime.datetime):
        limit (str | Unset):
        cursor (str | Unset):
        format_ (GetSandboxUserStatementFormat | Unset):
        coin_version (GetSandboxUserStatementCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetSandboxUserStatementResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
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
    user_id: str,
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime,
    to: datetime.datetime,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: GetSandboxUserStatementFormat | Unset = UNSET,
    coin_version: GetSandboxUserStatementCoinVersion | Unset = UNSET,
) -> GetSandboxUserStatementResponse200 | Problem | None:
    """A test user's sandbox statement, for the calling test-mode client, over [from, to)

     A test user's sandbox statement, for the calling test-mode client, over [from, to): opening and
    closing balance and each line with its running balance, oldest first, in keyset pages (pass
    nextCursor as cursor; limit at most 1,000, a period at most 366 days), or the whole period as CSV
    (format=csv or Accept: text/csv), streamed. A line of a transaction this client made carries it
    whole; any other (a person’s, an operator’s, another platform’s) shows only its id, type, time and
    change (its other CSV cells empty). Its test users only (any other id, an account's or not, is 404
    USER_NOT_FOUND), from the sandbox history alone. A live client is 403 FORBIDDEN

    Args:
        user_id (str):
        from_ (datetime.datetime):
        to (datetime.datetime):
        limit (str | Unset):
        cursor (str | Unset):
        format_ (GetSandboxUserStatementFormat | Unset):
        coin_version (GetSandboxUserStatementCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetSandboxUserStatementResponse200 | Problem
    """

    return sync_detailed(
        user_id=user_id,
        client=client,
        from_=from_,
        to=to,
        limit=limit,
        cursor=cursor,
        format_=format_,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime,
    to: datetime.datetime,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: GetSandboxUserStatementFormat | Unset = UNSET,
    coin_version: GetSandboxUserStatementCoinVersion | Unset = UNSET,
) -> Response[GetSandboxUserStatementResponse200 | Problem]:
    """A test user's sandbox statement, for the calling test-mode client, over [from, to)

     A test user's sandbox statement, for the calling test-mode client, over [from, to): opening and
    closing balance and each line with its running balance, oldest first, in keyset pages (pass
    nextCursor as cursor; limit at most 1,000, a period at most 366 days), or the whole period as CSV
    (format=csv or Accept: text/csv), streamed. A line of a transaction this client made carries it
    whole; any other (a person’s, an operator’s, another platform’s) shows only its id, type, time and
    change (its other CSV cells empty). Its test users only (any other id, an account's or not, is 404
    USER_NOT_FOUND), from the sandbox history alone. A live client is 403 FORBIDDEN

    Args:
        user_id (str):
        from_ (datetime.datetime):
        to (datetime.datetime):
        limit (str | Unset):
        cursor (str | Unset):
        format_ (GetSandboxUserStatementFormat | Unset):
        coin_version (GetSandboxUserStatementCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetSandboxUserStatementResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
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
    user_id: str,
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime,
    to: datetime.datetime,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    format_: GetSandboxUserStatementFormat | Unset = UNSET,
    coin_version: GetSandboxUserStatementCoinVersion | Unset = UNSET,
) -> GetSandboxUserStatementResponse200 | Problem | None:
    """A test user's sandbox statement, for the calling test-mode client, over [from, to)

     A test user's sandbox statement, for the calling test-mode client, over [from, to): opening and
    closing balance and each line with its running balance, oldest first, in keyset pages (pass
    nextCursor as cursor; limit at most 1,000, a period at most 366 days), or the whole period as CSV
    (format=csv or Accept: text/csv), streamed. A line of a transaction this client made carries it
    whole; any other (a person’s, an operator’s, another platform’s) shows only its id, type, time and
    change (its other CSV cells empty). Its test users only (any other id, an account's or not, is 404
    USER_NOT_FOUND), from the sandbox history alone. A live client is 403 FORBIDDEN

    Args:
        user_id (str):
        from_ (datetime.datetime):
        to (datetime.datetime):
        limit (str | Unset):
        cursor (str | Unset):
        format_ (GetSandboxUserStatementFormat | Unset):
        coin_version (GetSandboxUserStatementCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetSandboxUserStatementResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            from_=from_,
            to=to,
            limit=limit,
            cursor=cursor,
            format_=format_,
            coin_version=coin_version,
        )
    ).parsed
