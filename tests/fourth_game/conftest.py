"""The throwaway game is registered while these tests run, and forgotten after."""

from __future__ import annotations

import pytest

from cosmotable import games


@pytest.fixture(autouse=True, scope="module")
def pebbles_registered():
    from pebbles import DESCRIPTOR

    games.register(DESCRIPTOR)
    yield DESCRIPTOR
    games.unregister(DESCRIPTOR.id)
