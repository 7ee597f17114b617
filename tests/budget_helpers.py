"""Hypothesis budgets of the suite's property tests, scaled by the profile loaded (tests/conftest.py).

A property test states how many examples it runs in an everyday run, `examples(2)`; under the
`thorough` profile it runs ten times as many. Profiles are chosen with HYPOTHESIS_PROFILE or
`pytest --hypothesis-profile=NAME` (Hypothesis's own option, read before the test modules load).
"""

from __future__ import annotations

from hypothesis import settings

#: Examples a test runs per example of its everyday budget: `max_examples` of the profile / 100.
PROFILES = {
    "default": {},
    "ci": {"derandomize": True, "database": None, "print_blob": True},
    "thorough": {"max_examples": 1000, "deadline": None},
    "thorough-ci": {
        "max_examples": 1000,
        "deadline": None,
        "derandomize": True,
        "database": None,
        "print_blob": True,
    },
}
EVERYDAY = 100  # Hypothesis's own max_examples, the `default` and `ci` profiles' budget


def register_profiles(load: str | None = None) -> None:
    """Register the suite's profiles (idempotent) and load `load` if given."""
    for name, values in PROFILES.items():
        if name != "default":
            settings.register_profile(name, **values)
    if load:
        if load not in PROFILES:
            raise ValueError(
                f"unknown Hypothesis profile {load!r}; the suite's profiles are {', '.join(PROFILES)}"
            )
        settings.load_profile(load)


def examples(everyday: int) -> int:
    """The examples a property test runs under the loaded profile, `everyday` in the default one."""
    return max(1, everyday * settings.default.max_examples // EVERYDAY)
