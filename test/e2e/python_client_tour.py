"""A platform's back end in Python, with the Python client (clients/python), against a running stack.

Run by test/e2e/python-client.test.ts with the client importable and the official Standard
Webhooks library installed; it reads the stack and its fixtures from the environment:

    COIN_URL, COIN_CLIENT_ID, COIN_CLIENT_SECRET   the gateway; a platform client (SYSTEM) with the REWARDS treasury
    COIN_USER_ID, COIN_USER_EMAIL, COIN_USER_PASSWORD  a user with an open wallet

It signs the platform client in (client credentials), receives its webhook deliveries on a local
endpoint, rewards the user three times (and replays one reward with its key), meets a refusal as a
CoinProblem, signs the user in and purchases, reads the user's history page by page, and verifies
the deliveries of the rewards with standardwebhooks. It prints what it saw as one JSON object.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeVar

from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from coin_api.api.admin import reward_user
from coin_api.api.auth import login
from coin_api.api.coins import purchase
from coin_api.api.history import get_my_history
from coin_api.api.webhooks import create_webhook_endpoint
from coin_api.models import CreateWebhookEndpointBody, LoginBody, PurchaseBody, RewardUserBody
from coin_client import ClientCredentialsToken, CoinClient, CoinProblem

T = TypeVar("T")
base_url = os.environ["COIN_URL"]
user_id = int(os.environ["COIN_USER_ID"])


def until(what: str, check: Callable[[], T | None], seconds: float = 60.0) -> T:
    """The first truthy answer of ``check``, asked again until ``seconds`` have passed (a condition, not a sleep)."""
    deadline = time.monotonic() + seconds
    while True:
        answer = check()
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {seconds} s")
        time.sleep(0.2)


class Receiver(BaseHTTPRequestHandler):
    """The platform's webhook endpoint: keeps each delivery's raw body and headers, answers 200."""

    received: list[dict[str, Any]] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers.get("content-length", "0"))).decode("utf-8")
        Receiver.received.append({"body": body, "headers": {k.lower(): v for k, v in self.headers.items()}})
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args: object) -> None:
        pass


def main() -> dict[str, Any]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    # The platform client: a SYSTEM token from its id and secret, fetched once and kept.
    token = ClientCredentialsToken(base_url, os.environ["COIN_CLIENT_ID"], os.environ["COIN_CLIENT_SECRET"])
    platform = CoinClient(base_url, access_token=token)
    endpoint = platform.call(
        create_webhook_endpoint,
        body=CreateWebhookEndpointBody(url=f"http://127.0.0.1:{server.server_port}/coin", event_types=["coin.transaction.recorded"]),
    )

    rewards = []
    for amount in (10, 20, 30):
        answer = platform.call(reward_user, body=RewardUserBody(user_id=user_id, amount=amount, reason=f"python reward {amount}"))
        meta = platform.last_response
        rewards.append({"id": answer.transaction.id, "status": meta.status, "key": meta.idempotency_key, "requestId": meta.request_id})
    # The last reward again with its key: the first answer, replayed; nothing moves twice.
    replay = platform.call(
        reward_user, body=RewardUserBody(user_id=user_id, amount=30, reason="python reward 30"), idempotency_key=rewards[-1]["key"]
    )
    replayed = {"id": replay.transaction.id, "replayed": platform.last_response.idempotent_replayed}

    # A refusal arrives as a CoinProblem: a reward to a user that does not exist.
    try:
        platform.call(reward_user, body=RewardUserBody(user_id=2**52, amount=1, reason="nobody"))
        refusal: dict[str, Any] = {"raised": False}
    except CoinProblem as problem:
        refusal = {
            "raised": True,
            "status": problem.status,
            "code": problem.code,
            "title": problem.title,
            "detail": problem.detail,
            "requestId": problem.request_id,
            "key": problem.idempotency_key,
        }

    # The user signs in and buys a course.
    session = CoinClient(base_url).call(login, body=LoginBody(email=os.environ["COIN_USER_EMAIL"], password=os.environ["COIN_USER_PASSWORD"]))
    user = CoinClient(base_url, access_token=session.access_token)
    bought = user.call(purchase, body=PurchaseBody(treasury="COURSE_FEES", amount=15, reason="python course"))
    bought_meta = user.last_response

    # The history is read from the events: wait until it holds the purchase, then page through it.
    until("the purchase in the history", lambda: any(t.id == bought.transaction.id for t in user.call(get_my_history).transactions))
    pages = [[t.id for t in page.transactions] for page in user.pages(get_my_history, limit="2")]
    walked = [{"id": t.id, "type": t.type_, "amount": t.amount} for t in user.paginate(get_my_history, limit="2")]

    # Each reward's coin.transaction.recorded delivery, verified with the official library and the secret as returned.
    def delivery_of(transaction_id: int) -> dict[str, Any] | None:
        return next((d for d in Receiver.received if json.loads(d["body"]).get("transaction", {}).get("id") == transaction_id), None)

    verified = []
    for reward in rewards:
        delivery = until(f"the delivery of transaction {reward['id']}", lambda r=reward: delivery_of(r["id"]))
        event = Webhook(endpoint.secret).verify(delivery["body"], delivery["headers"])
        verified.append({"id": event["transaction"]["id"], "type": event["type"]})
    tampered = delivery_of(rewards[0]["id"])
    try:
        Webhook(endpoint.secret).verify(tampered["body"].replace('"coin.transaction.recorded"', '"coin.transaction.recordeD"'), tampered["headers"])
        tampered_refused = False
    except WebhookVerificationError:
        tampered_refused = True
    server.shutdown()

    return {
        "rewards": rewards,
        "replay": replayed,
        "refusal": refusal,
        "purchase": {"id": bought.transaction.id, "status": bought_meta.status, "key": bought_meta.idempotency_key},
        "pages": pages,
        "history": walked,
        "webhooks": {"verified": verified, "tamperedRefused": tampered_refused},
    }


if __name__ == "__main__":
    print(json.dumps(main()))
