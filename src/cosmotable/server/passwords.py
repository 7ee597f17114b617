"""Password hashing: Argon2id through argon2-cffi (RFC 9106's memory-hard function), never a fast hash.

A name that has no account is answered after the same work as a wrong password (`verify` against a
dummy hash), so the time of a sign-in does not tell whether a name exists.
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

#: argon2-cffi's defaults (RFC 9106's second recommended option: 64 MiB, 3 passes, 4 lanes)
HASHER = PasswordHasher()
#: The hash of a password nobody knows (32 random bytes, thrown away), made once with HASHER's
#: parameters and written here: checked for names that have no account, so that they cost the same
#: work as a wrong password. Hashing it at import cost every server start (and each bot worker)
#: 0.27 s of CPU. Its parameters must stay HASHER's (tests/server/test_accounts.py checks).
DUMMY_HASH = (
    "$argon2id$v=19$m=65536,t=3,p=4$RjFkEz/An1NVGq0xrukGSQ$GMMYRMb4MbXMNcsyxVK4bycK46xSsWr/JUTAtYNLqzE"
)


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """Whether `password` is the one `stored` was made from; `stored` None (no such account) costs
    the same work and is always False."""
    try:
        return HASHER.verify(stored or DUMMY_HASH, password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """The hash was made with weaker parameters than today's: rehash it at the next sign-in."""
    return HASHER.check_needs_rehash(stored)
