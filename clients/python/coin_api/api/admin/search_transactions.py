import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.search_transactions_coin_version import (
    SearchTransactionsCoinVersion,
)
from ...models.search_transactions_metadata import SearchTransactionsMetadata
from ...models.search_transactions_response_200 import SearchTransactionsResponse200
from ...models.search_transactions_treasury import (
    SearchTransactionsTreasury,
)
from ...models.search_transactions_type import (
    SearchTransactionsType,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    user_id: str | Unset = UNSET,
    treasury: SearchTransactionsTreasury | Unset = UNSET,
    type_: SearchTransactionsType | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    reference: str | Unset = UNSET,
    amount: str | Unset = UNSET,
    amount_min: str | Unset = UNSET,
    amount_max: str | Unset = UNSET,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    metadata: SearchTransactionsMetadata | Unset = UNSET,
    client_id: str | Unset = UNSET,
    email: str | Unset = UNSET,
    coin_version: SearchTransactionsCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    params: dict[str, Any] = {}

    params["userId"] = user_id

    json_treasury: str | Unset = UNSET
    if not isinstance(treasury, Unset):
        json_treasury = treasury

    params["treasury"] = json_treasury

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_

    params["type"] = json_type_

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params["reference"] = reference

    params["amount"] = amount

    params["amountMin"] = amount_min

    params["amountMax"] = amount_max

    params["limit"] = limit

    params["cursor"] = cursor

    json_metadata: dict[str, Any] | Unset = UNSET
    if not isinstance(metadata, Unset):
        json_metadata = metadata.to_dict()
    if not isinstance(json_metadata, Unset):
        params.update(json_metadata)

    params["clientId"] = client_id

    params["email"] = email

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/transactions",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SearchTransactionsResponse200 | None:
    if response.status_code == 200:
        response_200 = SearchTransactionsResponse200.from_dict(response.json())

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
) -> Response[Problem | SearchTransactionsResponse200]:
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
    treasury: SearchTransactionsTreasury | Unset = UNSET,
    type_: SearchTransactionsType | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    reference: str | Unset = UNSET,
    amount: str | Unset = UNSET,
    amount_min: str | Unset = UNSET,
    amount_max: str | Unset = UNSET,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    metadata: SearchTransactionsMetadata | Unset = UNSET,
    client_id: str | Unset = UNSET,
    email: str | Unset = UNSET,
    coin_version: SearchTransactionsCoinVersion | Unset = UNSET,
) -> Response[Problem | SearchTransactionsResponse200]:
    """Search transactions, newest first, keyset pages

     Search transactions (filters userId, treasury or email, type, from inclusive, to exclusive,
    reference, metadata[key]=value, clientId, amount or amountMin/amountMax), newest first, keyset
    pages: ADMIN+ all of them, a platform client those its own requests made (a test-mode client: those
    it made in the sandbox, never a live one)

    Args:
        user_id (str | Unset):
        treasury (SearchTransactionsTreasury | Unset):
        type_ (SearchTransactionsType | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        reference (str | Unset):
        amount (str | Unset):
        amount_min (str | Unset):
        amount_max (str | Unset):
        limit (str | Unset):
        cursor (str | Unset):
        metadata (SearchTransactionsMetadata | Unset):
        client_id (str | Unset):
        email (str | Unset):
        coin_version (SearchTransactionsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SearchTransactionsResponse200]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        treasury=treasury,
        type_=type_,
        from_=from_,
        to=to,
        reference=reference,
        amount=amount,
        amount_min=amount_min,
        amount_max=amount_max,
        limit=limit,
        cursor=cursor,
        metadata=metadata,
        client_id=client_id,
        email=email,
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
    treasury: SearchTransactionsTreasury | Unset = UNSET,
    type_: SearchTransactionsType | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    reference: str | Unset = UNSET,
    amount: str | Unset = UNSET,
    amount_min: str | Unset = UNSET,
    amount_max: str | Unset = UNSET,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    metadata: SearchTransactionsMetadata | Unset = UNSET,
    client_id: str | Unset = UNSET,
    email: str | Unset = UNSET,
    coin_version: SearchTransactionsCoinVersion | Unset = UNSET,
) -> Problem | SearchTransactionsResponse200 | None:
    """Search transactions, newest first, keyset pages

     Search transactions (filters userId, treasury or email, type, from inclusive, to exclusive,
    reference, metadata[key]=value, clientId, amount or amountMin/amountMax), newest first, keyset
    pages: ADMIN+ all of them, a platform client those its own requests made (a test-mode client: those
    it made in the sandbox, never a live one)

    Args:
        user_id (str | Unset):
        treasury (SearchTransactionsTreasury | Unset):
        type_ (SearchTransactionsType | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        reference (str | Unset):
        amount (str | Unset):
        amount_min (str | Unset):
        amount_max (str | Unset):
        limit (str | Unset):
        cursor (str | Unset):
        metadata (SearchTransactionsMetadata | Unset):
        client_id (str | Unset):
        email (str | Unset):
        coin_version (SearchTransactionsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SearchTransactionsResponse200
    """

    return sync_detailed(
        client=client,
        user_id=user_id,
        treasury=treasury,
        type_=type_,
        from_=from_,
        to=to,
        reference=reference,
        amount=amount,
        amount_min=amount_min,
        amount_max=amount_max,
        limit=limit,
        cursor=cursor,
        metadata=metadata,
        client_id=client_id,
        email=email,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    user_id: str | Unset = UNSET,
    treasury: SearchTransactionsTreasury | Unset = UNSET,
    type_: SearchTransactionsType | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    reference: str | Unset = UNSET,
    amount: str | Unset = UNSET,
    amount_min: str | Unset = UNSET,
    amount_max: str | Unset = UNSET,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    metadata: SearchTransactionsMetadata | Unset = UNSET,
    client_id: str | Unset = UNSET,
    email: str | Unset = UNSET,
    coin_version: SearchTransactionsCoinVersion | Unset = UNSET,
) -> Response[Problem | SearchTransactionsResponse200]:
    """Search transactions, newest first, keyset pages

     Search transactions (filters userId, treasury or email, type, from inclusive, to exclusive,
    reference, metadata[key]=value, clientId, amount or amountMin/amountMax), newest first, keyset
    pages: ADMIN+ all of them, a platform client those its own requests made (a test-mode client: those
    it made in the sandbox, never a live one)

    Args:
        user_id (str | Unset):
        treasury (SearchTransactionsTreasury | Unset):
        type_ (SearchTransactionsType | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        reference (str | Unset):
        amount (str | Unset):
        amount_min (str | Unset):
        amount_max (str | Unset):
        limit (str | Unset):
        cursor (str | Unset):
        metadata (SearchTransactionsMetadata | Unset):
        client_id (str | Unset):
        email (str | Unset):
        coin_version (SearchTransactionsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SearchTransactionsResponse200]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        treasury=treasury,
        type_=type_,
        from_=from_,
        to=to,
        reference=reference,
        amount=amount,
        amount_min=amount_min,
        amount_max=amount_max,
        limit=limit,
        cursor=cursor,
        metadata=metadata,
        client_id=client_id,
        email=email,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    user_id: str | Unset = UNSET,
    treasury: SearchTransactionsTreasury | Unset = UNSET,
    type_: SearchTransactionsType | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    reference: str | Unset = UNSET,
    amount: str | Unset = UNSET,
    amount_min: str | Unset = UNSET,
    amount_max: str | Unset = UNSET,
    limit: str | Unset = UNSET,
    cursor: str | Unset = UNSET,
    metadata: SearchTransactionsMetadata | Unset = UNSET,
    client_id: str | Unset = UNSET,
    email: str | Unset = UNSET,
    coin_version: SearchTransactionsCoinVersion | Unset = UNSET,
) -> Problem | SearchTransactionsResponse200 | None:
    """Search transactions, newest first, keyset pages

     Search transactions (filters userId, treasury or email, type, from inclusive, to exclusive,
    reference, metadata[key]=value, clientId, amount or amountMin/amountMax), newest first, keyset
    pages: ADMIN+ all of them, a platform client those its own requests made (a test-mode client: those
    it made in the sandbox, never a live one)

    Args:
        user_id (str | Unset):
        treasury (SearchTransactionsTreasury | Unset):
        type_ (SearchTransactionsType | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        reference (str | Unset):
        amount (str | Unset):
        amount_min (str | Unset):
        amount_max (str | Unset):
        limit (str | Unset):
        cursor (str | Unset):
        metadata (SearchTransactionsMetadata | Unset):
        client_id (str | Unset):
        email (str | Unset):
        coin_version (SearchTransactionsCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SearchTransactionsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            user_id=user_id,
            treasury=treasury,
            type_=type_,
            from_=from_,
            to=to,
            reference=reference,
            amount=amount,
            amount_min=amount_min,
            amount_max=amount_max,
            limit=limit,
            cursor=cursor,
            metadata=metadata,
            client_id=client_id,
            email=email,
            coin_version=coin_version,
        )
    ).parsed
