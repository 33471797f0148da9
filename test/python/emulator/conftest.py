"""Fixtures of the emulator tests."""

import pytest

from ttbw.runtime import Device


@pytest.fixture
def device():
    with Device(grid=(8, 8)) as dev:
        yield dev
