from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_error_code_page_code import (
    GetErrorCodePageCode,
)
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    code: GetErrorCodePageCode,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/problems/{code}".format(
            code=quote(str(code), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    code: GetErrorCodePageCode,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | str]:
    """What an error code means and what to do about it

     What an error code means and what to do about it (the page a problem type URI points to)

    Args:
        code (GetErrorCodePageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        code=code,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    code: GetErrorCodePageCode,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | str | None:
    """What an error code means and what to do about it

     What an error code means and what to do about it (the page a problem type URI points to)

    Args:
        code (GetErrorCodePageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        code=code,
        client=client,
    ).parsed


async def asyncio_detailed(
    code: GetErrorCodePageCode,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | str]:
    """What an error code means and what to do about it

     What an error code means and what to do about it (the page a problem type URI points to)

    Args:
        code (GetErrorCodePageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs(
        code=code,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    code: GetErrorCodePageCode,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | str | None:
    """What an error code means and what to do about it

     What an error code means and what to do about it (the page a problem type URI points to)

    Args:
        code (GetErrorCodePageCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            code=code,
            client=client,
        )
    ).parsed
