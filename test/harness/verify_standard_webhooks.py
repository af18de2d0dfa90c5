"""Verifies captured webhook deliveries with the official Standard Webhooks library (PyPI
standardwebhooks), as an integrator's Python receiver does: Webhook(secret).verify(body, headers)
with the secret exactly as given.

Reads a JSON list of {"name", "body", "headers", "secret"} on stdin and prints a JSON list of
{"name", "verified", "error"?}, one per delivery, in order. A refusal is a result, not a crash:
the caller (test/harness/standard-webhooks-python.ts) asserts on every delivery.
"""

import json
import sys

from standardwebhooks import Webhook


def verify(delivery):
    try:
        Webhook(delivery["secret"]).verify(delivery["body"], delivery["headers"])
        return {"name": delivery["name"], "verified": True}
    except Exception as err:  # a malformed secret raises before any signature is compared
        return {"name": delivery["name"], "verified": False, "error": f"{type(err).__name__}: {err}"}


print(json.dumps([verify(delivery) for delivery in json.load(sys.stdin)]))
