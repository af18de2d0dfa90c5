"""The hand-written layer (coin_client) over the generated package, against httpx.MockTransport.

Run from clients/python: ``python -m unittest discover -s tests`` (with httpx, attrs and
python-dateutil installed; scripts/contract/generate-python-client.unit.test.ts runs it so).
"""

from __future__ import annotations

import json
import unittest
from collections.abc import Callable

import httpx

from coin_api.api.admin import reward_user
from coin_api.api.auth import login
from coin_api.api.coins import get_command_status
from coin_api.api.history import get_my_history
from coin_api.models import LoginBody, RewardUserBody
from coin_client import (
    DEFAULT_TIMEOUT,
    ClientCredentialsToken,
    CoinClient,
    CoinNetworkError,
    CoinProblem,
    RetryPolicy,
    retry_after_seconds,
)

BASE = "https://coin.test"
FAST = RetryPolicy(attempts=3, base_delay=0.0, max_delay=10.0)
AT = "2026-01-01T00:00:00.000Z"
TRANSACTION = {
    "id": 7,
    "type": "REWARD",
    "amount": 50,
    "fromUserId": None,
    "toUserId": 42,
    "fromTreasury": "REWARDS",
    "toTreasury": None,
    "reason": "Finished course 42",
    "reference": None,
    "refundOf": None,
    "createdAt": AT,
}
WALLET = {
    "id": "0b9a7f1e-5d7c-4f7e-9a51-2f1b9c3d4e5f",
    "userId": 42,
    "balance": 50,
    "activeCoins": 50,
    "totalReceived": 50,
    "totalSent": 0,
    "createdAt": AT,
    "updatedAt": AT,
    "frozen": False,
}
REWARD = {"transaction": TRANSACTION, "wallet": WALLET}


def problem(status: int, code: str, **extra: object) -> httpx.Response:
    body = {
        "type": "/problems/x",
        "title": code.title(),
        "status": status,
        "detail": f"{code} happened",
        "code": code,
        "requestId": "req-1",
    }
    return httpx.Response(status, json={**body, **extra}, headers={"content-type": "application/problem+json", **extra.pop("headers", {})})  # type: ignore[arg-type]


class Recorder:
    """A transport answering from a list (a Response, or an exception to raise), keeping each request."""

    def __init__(self, *answers: httpx.Response | Exception | Callable[[httpx.Request], httpx.Response]) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []
        self.transport = httpx.MockTransport(self.handle)

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer(request) if callable(answer) else answer


def client(recorder: Recorder, retry: RetryPolicy = FAST) -> CoinClient:
    return CoinClient(BASE, access_token="t0k", transport=recorder.transport, retry=retry)


class MoneyCalls(unittest.TestCase):
    def test_a_money_call_gets_a_key_that_every_retry_resends(self) -> None:
        rec = Recorder(problem(503, "SERVICE_UNAVAILABLE"), httpx.ConnectError("reset"), httpx.Response(201, json=REWARD))
        coin = client(rec)
        answer = coin.call(reward_user, body=RewardUserBody(user_id=42, amount=50, reason="Finished course 42"))
        keys = [r.headers.get("idempotency-key") for r in rec.requests]
        self.assertEqual(len(keys), 3)
        self.assertIsNotNone(keys[0])
        self.assertEqual(set(keys), {keys[0]})
        self.assertEqual([json.loads(r.content) for r in rec.requests], [json.loads(rec.requests[0].content)] * 3)
        self.assertEqual(answer.transaction.id, 7)
        self.assertEqual(coin.last_response.idempotency_key, keys[0])
        self.assertEqual(coin.last_response.status, 201)
        self.assertEqual(rec.requests[0].headers["authorization"], "Bearer t0k")

    def test_each_call_has_its_own_key_and_a_given_key_is_used(self) -> None:
        rec = Recorder(*(httpx.Response(201, json=REWARD) for _ in range(3)))
        coin = client(rec)
        body = RewardUserBody(user_id=42, amount=50, reason="r")
        coin.call(reward_user, body=body)
        coin.call(reward_user, body=body)
        coin.call(reward_user, body=body, idempotency_key="order-1")
        keys = [r.headers["idempotency-key"] for r in rec.requests]
        self.assertNotEqual(keys[0], keys[1])
        self.assertEqual(keys[2], "order-1")

    def test_no_answer_after_every_attempt_raises_coin_network_error_naming_the_key(self) -> None:
        rec = Recorder(*(httpx.ReadTimeout("slow") for _ in range(3)))
        with self.assertRaises(CoinNetworkError) as raised:
            client(rec).call(reward_user, body=RewardUserBody(user_id=42, amount=1, reason="r"), idempotency_key="k-1")
        self.assertEqual((raised.exception.idempotency_key, raised.exception.attempts), ("k-1", 3))
        self.assertIsInstance(raised.exception.__cause__, httpx.ReadTimeout)

    def test_request_in_progress_is_retried_with_the_key_and_other_409s_are_final(self) -> None:
        rec = Recorder(problem(409, "REQUEST_IN_PROGRESS"), httpx.Response(201, json=REWARD))
        client(rec).call(reward_user, body=RewardUserBody(user_id=42, amount=1, reason="r"))
        self.assertEqual(len(rec.requests), 2)
        rec = Recorder(problem(409, "IDEMPOTENCY_KEY_REUSED"))
        with self.assertRaises(CoinProblem) as raised:
            client(rec).call(reward_user, body=RewardUserBody(user_id=42, amount=1, reason="r"))
        self.assertEqual((raised.exception.code, len(rec.requests)), ("IDEMPOTENCY_KEY_REUSED", 1))


class Retries(unittest.TestCase):
    def test_a_write_without_a_key_is_sent_once(self) -> None:
        rec = Recorder(problem(503, "SERVICE_UNAVAILABLE"), httpx.Response(200, json={}))
        with self.assertRaises(CoinProblem) as raised:
            client(rec).call(login, body=LoginBody(email="a@b.c", password="p"))
        self.assertEqual((raised.exception.status, len(rec.requests)), (503, 1))
        self.assertIsNone(rec.requests[0].headers.get("idempotency-key"))
        rec = Recorder(httpx.ConnectError("refused"))
        with self.assertRaises(CoinNetworkError) as lost:
            client(rec).call(login, body=LoginBody(email="a@b.c", password="p"))
        self.assertEqual((lost.exception.attempts, lost.exception.idempotency_key), (1, None))

    def test_a_get_is_retried_without_a_key(self) -> None:
        page = {"transactions": [], "nextCursor": None, "hasMore": False}
        rec = Recorder(problem(429, "RATE_LIMITED", headers={"retry-after": "0"}), httpx.Response(200, json=page))
        client(rec).call(get_my_history)
        self.assertEqual([r.method for r in rec.requests], ["GET", "GET"])
        self.assertIsNone(rec.requests[1].headers.get("idempotency-key"))

    def test_a_retry_after_past_the_longest_wait_is_answered_not_waited(self) -> None:
        rec = Recorder(problem(429, "RATE_LIMITED", headers={"retry-after": "3600"}))
        with self.assertRaises(CoinProblem) as raised:
            client(rec).call(reward_user, body=RewardUserBody(user_id=42, amount=1, reason="r"))
        self.assertEqual((raised.exception.code, len(rec.requests)), ("RATE_LIMITED", 1))

    def test_retries_are_bounded_and_the_last_answer_is_raised(self) -> None:
        rec = Recorder(*(problem(503, "SERVICE_UNAVAILABLE") for _ in range(3)))
        with self.assertRaises(CoinProblem) as raised:
            client(rec).call(reward_user, body=RewardUserBody(user_id=42, amount=1, reason="r"))
        self.assertEqual((raised.exception.status, len(rec.requests)), (503, 3))
        rec = Recorder(problem(503, "SERVICE_UNAVAILABLE"))
        with self.assertRaises(CoinProblem):
            client(rec, retry=RetryPolicy(attempts=1)).call(reward_user, body=RewardUserBody(user_id=42, amount=1, reason="r"))
        self.assertEqual(len(rec.requests), 1)

    def test_retry_after_reads_seconds_and_dates(self) -> None:
        self.assertEqual(retry_after_seconds("5"), 5.0)
        self.assertEqual(retry_after_seconds("Thu, 01 Jan 1970 00:00:10 GMT", now=4.0), 6.0)
        self.assertIsNone(retry_after_seconds("soon"))
        self.assertIsNone(retry_after_seconds(None))


class Problems(unittest.TestCase):
    def test_a_problem_answer_raises_coin_problem_with_its_fields(self) -> None:
        rec = Recorder(problem(422, "INSUFFICIENT_FUNDS", commandId="c-1", headers={"x-request-id": "req-1"}))
        coin = client(rec)
        with self.assertRaises(CoinProblem) as raised:
            coin.call(reward_user, body=RewardUserBody(user_id=42, amount=1, reason="r"))
        err = raised.exception
        self.assertEqual(
            (err.status, err.code, err.title, err.detail, err.request_id, err.command_id),
            (422, "INSUFFICIENT_FUNDS", "Insufficient_Funds", "INSUFFICIENT_FUNDS happened", "req-1", "c-1"),
        )
        self.assertEqual(err.idempotency_key, rec.requests[0].headers["idempotency-key"])
        self.assertTrue(err.is_problem("INSUFFICIENT_FUNDS", "LIMIT_EXCEEDED"))
        self.assertIs(coin.last_response, err.last_response)
        self.assertEqual(str(err), "422 INSUFFICIENT_FUNDS: INSUFFICIENT_FUNDS happened")

    def test_an_answer_that_is_no_problem_becomes_one_from_its_status(self) -> None:
        rec = Recorder(httpx.Response(502, text="<html>bad gateway</html>", headers={"x-request-id": "edge-9"}))
        with self.assertRaises(CoinProblem) as raised:
            client(rec).call(get_command_status, "k-1")
        self.assertEqual((raised.exception.code, raised.exception.status, raised.exception.request_id), ("HTTP_502", 502, "edge-9"))
        self.assertEqual(rec.requests[0].url.path, "/api/commands/k-1")
        self.assertIsNone(rec.requests[0].headers.get("idempotency-key"))


class Paging(unittest.TestCase):
    def test_pages_follow_next_cursor_with_the_same_parameters_and_drop_the_offset(self) -> None:
        def page(ids: list[int], cursor: str | None) -> httpx.Response:
            transactions = [{**TRANSACTION, "id": i} for i in ids]
            return httpx.Response(200, json={"transactions": transactions, "nextCursor": cursor, "hasMore": cursor is not None})

        rec = Recorder(page([3, 2], "c1"), page([1], None))
        ids = [t.id for t in client(rec).paginate(get_my_history, limit="2")]
        self.assertEqual(ids, [3, 2, 1])
        self.assertEqual([dict(r.url.params) for r in rec.requests], [{"limit": "2"}, {"limit": "2", "cursor": "c1"}])

    def test_has_more_without_a_cursor_or_a_cursor_twice_raises(self) -> None:
        stuck = {"transactions": [], "nextCursor": None, "hasMore": True}
        with self.assertRaisesRegex(RuntimeError, "no next_cursor"):
            list(client(Recorder(httpx.Response(200, json=stuck))).pages(get_my_history))
        loop = {"transactions": [], "nextCursor": "same", "hasMore": True}
        with self.assertRaisesRegex(RuntimeError, "same cursor twice"):
            list(client(Recorder(*(httpx.Response(200, json=loop) for _ in range(3)))).pages(get_my_history))


class Defaults(unittest.TestCase):
    def test_each_attempt_is_timed_at_30_seconds_by_default(self) -> None:
        self.assertEqual(DEFAULT_TIMEOUT, 30.0)
        self.assertEqual(CoinClient(BASE).api.get_httpx_client().timeout, httpx.Timeout(30.0))
        self.assertEqual(CoinClient(BASE, timeout=None).api.get_httpx_client().timeout, httpx.Timeout(None))

    def test_client_credentials_are_asked_once_and_again_near_expiry(self) -> None:
        now = [0.0]
        tokens = iter(["first", "second"])
        rec = Recorder(
            *(lambda _r: httpx.Response(200, json={"accessToken": next(tokens), "tokenType": "Bearer", "expiresIn": 900}) for _ in range(2))
        )
        token = ClientCredentialsToken(BASE, "id", "secret", transport=rec.transport, clock=lambda: now[0])
        self.assertEqual((token(), token()), ("first", "first"))
        now[0] = 900 - 59
        self.assertEqual(token(), "second")
        self.assertEqual(json.loads(rec.requests[0].content), {"clientId": "id", "clientSecret": "secret"})
        self.assertIsNone(rec.requests[0].headers.get("authorization"))


if __name__ == "__main__":
    unittest.main()
