from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.step_up_body import StepUpBody
from ...models.step_up_coin_version import StepUpCoinVersion
from ...models.step_up_response_200 import StepUpResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: StepUpBody,
    coin_version: StepUpCoinVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(coin_version, Unset):
        headers["Coin-Version"] = str(coin_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/auth/mfa/step-up",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StepUpResponse200 | None:
    if response.status_code == 200:
        response_200 = StepUpResponse200.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | StepUpResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: StepUpBody,
    coin_version: StepUpCoinVersion | Unset = UNSET,
) -> Response[Problem | StepUpResponse200]:
    """Step-up: a fresh second factor for an access token that may approve, delete, change roles and create
    keys or clients

     Those operations answer 403 STEP_UP_REQUIRED when the caller gave the second factor more than
    STEP_UP_MAX_AGE_S ago; send a current code here and retry with the access token answered.

    Args:
        coin_version (StepUpCoinVersion | Unset):
        body (StepUpBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StepUpResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        coin_version=coin_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: StepUpBody,
    coin_version: StepUpCoinVersion | Unset = UNSET,
) -> Problem | StepUpResponse200 | None:
    """Step-up: a fresh second factor for an access token that may approve, delete, change roles and create
    keys or clients

     Those operations answer 403 STEP_UP_REQUIRED when the caller gave the second factor more than
    STEP_UP_MAX_AGE_S ago; send a current code here and retry with the access token answered.

    Args:
        coin_version (StepUpCoinVersion | Unset):
        body (StepUpBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StepUpResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
        coin_version=coin_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: StepUpBody,
    coin_version: StepUpCoinVersion | Unset = UNSET,
) -> Response[Problem | StepUpResponse200]:
    """Step-up: a fresh second factor for an access token that may approve, delete, change roles and create
    keys or clients

     Those operations answer 403 STEP_UP_REQUIRED when the caller gave the second factor more than
    STEP_UP_MAX_AGE_S ago; send a current code here and retry with the access token answered.

    Args:
        coin_version (StepUpCoinVersion | Unset):
        body (StepUpBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StepUpResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        coin_version=coin_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: StepUpBody,
    coin_version: StepUpCoinVersion | Unset = UNSET,
) -> Problem | StepUpResponse200 | None:
    """Step-up: a fresh second factor for an access token that may approve, delete, change roles and create
    keys or clients

     Those operations answer 403 STEP_UP_REQUIRED when the caller gave the second factor more than
    STEP_UP_MAX_AGE_S ago; send a current code here and retry with the access token answered.

    Args:
        coin_version (StepUpCoinVersion | Unset):
        body (StepUpBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StepUpResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            coin_version=coin_version,
        )
    ).parsed
