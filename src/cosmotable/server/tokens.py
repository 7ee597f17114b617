"""Seat and host tokens: made at random, stored only as their hash, compared in constant time.

A token is the whole of a seat's (or the host's) identity: whoever holds the link holds the seat. The
server keeps only its SHA-256, and every comparison goes through `tokens_match`
(`hmac.compare_digest`), whose time does not depend on where two texts first differ.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A seat or host token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def tokens_match(token: str | None, stored_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def seat_url(table_id: str, token: str) -> str:
    return f"/#/table/{table_id}?token={token}"


def new_salt() -> str:
    """The random text an account-bound seat's token is derived from (`account_seat_token`)."""
    return secrets.token_hex(16)


def account_seat_token(secret_key: str, table_id: str, seat: int, salt: str) -> str:
    """The token of a seat bound to an account: derived from the server's secret key, so that the
    account can have its seat's link again in another browser while the database keeps only the
    token's hash and the salt (a copy of the database alone opens no seat)."""
    message = f"seat-token:{table_id}:{seat}:{salt}".encode()
    digest = hmac.new(secret_key.encode("utf-8"), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")
