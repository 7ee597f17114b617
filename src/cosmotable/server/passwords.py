"""Password hashing: Argon2id through argon2-cffi (RFC 9106's memory-hard function), never a fast hash.

A name that has no account is answered after the same work as a wrong password (`verify` against a
dummy hash), so the time of a sign-in does not tell whether a name exists.
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

#: argon2-cffi's defaults (RFC 9106's second recommended option: 64 MiB, 3 passes, 4 lanes)
HASHER = PasswordHasher()
#: the hash of a password nobody has: checked for names that have no account
_DUMMY = HASHER.hash("no account has this password; it is only here to take a hash's time")


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """Whether `password` is the one `stored` was made from; `stored` None (no such account) costs
    the same work and is always False."""
    try:
        return HASHER.verify(stored or _DUMMY, password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """The hash was made with weaker parameters than today's: rehash it at the next sign-in."""
    return HASHER.check_needs_rehash(stored)
