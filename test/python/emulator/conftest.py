"""Fixtures of the emulator tests."""

import pytest

from ttbw.execution.emulator import EmulatedDevice


@pytest.fixture
def device():
    with EmulatedDevice(grid=(8, 8)) as dev:
        yield dev
