"""coin_client: the hand-written layer over the generated coin_api package (clients/python).

CoinClient runs the generated operations with an Idempotency-Key made for every money call and
reused by its retries, a 30 s timeout per attempt, ``last_response``, CoinProblem for every
non-2xx answer, and pages()/paginate() over the cursor-paged lists.
"""

from .client import DEFAULT_TIMEOUT, CoinClient
from .credentials import ClientCredentialsToken, client_credentials_token
from .paginate import items_of
from .problem import CoinNetworkError, CoinProblem
from .response import CoinResponse
from .retry import RETRIED_STATUSES, RetryPolicy, retry_after_seconds

__all__ = [
    "DEFAULT_TIMEOUT",
    "RETRIED_STATUSES",
    "ClientCredentialsToken",
    "CoinClient",
    "CoinNetworkError",
    "CoinProblem",
    "CoinResponse",
    "RetryPolicy",
    "client_credentials_token",
    "items_of",
    "retry_after_seconds",
]
