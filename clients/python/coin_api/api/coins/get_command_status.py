from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_command_status_coin_version import (
    GetCommandStatusCoinVersion,
)
from ...models.get_command_status_response_200_type_0 import (
    GetCommandStatusResponse200Type0,
)
from ...models.get_command_status_response_200_type_1 import (
    GetCommandStatusResponse200Type1,
)
from ...models.get_command_status_response_200_type_2 import (
    GetCommandStatusResponse200Type2,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    idempotency_key: str,
    *,
    coin_version: GetCommandStatusCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/commands/{idempotency_key}".format(
            idempotency_key=quote(str(idempotency_key), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    GetCommandStatusResponse200Type0
    | GetCommandStatusResponse200Type1
    | GetCommandStatusResponse200Type2
    | Problem
    | None
):
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> (
            GetCommandStatusResponse200Type0
            | GetCommandStatusResponse200Type1
            | GetCommandStatusResponse200Type2
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = GetCommandStatusResponse200Type0.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_1 = GetCommandStatusResponse200Type1.from_dict(data)

                return response_200_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_2 = GetCommandStatusResponse200Type2.from_dict(data)

            return response_200_type_2

        response_200 = _parse_response_200(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    GetCommandStatusResponse200Type0
    | GetCommandStatusResponse200Type1
    | GetCommandStatusResponse200Type2
    | Problem
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    idempotency_key: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetCommandStatusCoinVersion | Unset = UNSET,
) -> Response[
    GetCommandStatusResponse200Type0
    | GetCommandStatusResponse200Type1
    | GetCommandStatusResponse200Type2
    | Problem
]:
    """What became of the caller's request sent with this Idempotency-Key

     What became of the caller's request sent with this Idempotency-Key: IN_PROGRESS, DONE (with the
    answer it got) or UNKNOWN (send it again with the same key: safe)

    Args:
        idempotency_key (str):
        coin_version (GetCommandStatusCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetCommandStatusResponse200Type0 | GetCommandStatusResponse200Type1 | GetCommandStatusResponse200Type2 | Problem]
    """

    kwargs = _get_kwargs(
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    idempotency_key: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetCommandStatusCoinVersion | Unset = UNSET,
) -> (
    GetCommandStatusResponse200Type0
    | GetCommandStatusResponse200Type1
    | GetCommandStatusResponse200Type2
    | Problem
    | None
):
    """What became of the caller's request sent with this Idempotency-Key

     What became of the caller's request sent with this Idempotency-Key: IN_PROGRESS, DONE (with the
    answer it got) or UNKNOWN (send it again with the same key: safe)

    Args:
        idempotency_key (str):
        coin_version (GetCommandStatusCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetCommandStatusResponse200Type0 | GetCommandStatusResponse200Type1 | GetCommandStatusResponse200Type2 | Problem
    """

    return sync_detailed(
        idempotency_key=idempotency_key,
        client=client,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    idempotency_key: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetCommandStatusCoinVersion | Unset = UNSET,
) -> Response[
    GetCommandStatusResponse200Type0
    | GetCommandStatusResponse200Type1
    | GetCommandStatusResponse200Type2
    | Problem
]:
    """What became of the caller's request sent with this Idempotency-Key

     What became of the caller's request sent with this Idempotency-Key: IN_PROGRESS, DONE (with the
    answer it got) or UNKNOWN (send it again with the same key: safe)

    Args:
        idempotency_key (str):
        coin_version (GetCommandStatusCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetCommandStatusResponse200Type0 | GetCommandStatusResponse200Type1 | GetCommandStatusResponse200Type2 | Problem]
    """

    kwargs = _get_kwargs(
        idempotency_key=idempotency_key,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    idempotency_key: str,
    *,
    client: AuthenticatedClient,
    coin_version: GetCommandStatusCoinVersion | Unset = UNSET,
) -> (
    GetCommandStatusResponse200Type0
    | GetCommandStatusResponse200Type1
    | GetCommandStatusResponse200Type2
    | Problem
    | None
):
    """What became of the caller's request sent with this Idempotency-Key

     What became of the caller's request sent with this Idempotency-Key: IN_PROGRESS, DONE (with the
    answer it got) or UNKNOWN (send it again with the same key: safe)

    Args:
        idempotency_key (str):
        coin_version (GetCommandStatusCoinVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetCommandStatusResponse200Type0 | GetCommandStatusResponse200Type1 | GetCommandStatusResponse200Type2 | Problem
    """

    return (
        await asyncio_detailed(
            idempotency_key=idempotency_key,
            client=client,
            coin_version=coin_version,
        )
    ).parsed
