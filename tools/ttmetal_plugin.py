"""pytest plugin for tt-metal's own ttnn tests run against ttbw (tools/ttmetal_tests.py): `ttnn`
is ttbw, and the fixtures tt-metal's conftests give the tests are given here, on the emulated
device (tt-metal's conftests are not loaded: they open real devices)."""
from __future__ import annotations

import importlib
import os
import sys

import pytest

import ttbw

# before the tests import them: `import ttnn`, `from ttnn.device import Arch`
sys.modules.setdefault("ttnn", ttbw)
sys.modules.setdefault("ttnn.device", importlib.import_module("ttbw.ttnn.device"))
# tt-metal's helpers tell the architecture from the environment (`is_wormhole_b0()`)
os.environ.setdefault("ARCH_NAME", "wormhole_b0")


@pytest.fixture(scope="session")
def _ttbw_device():
    device = ttbw.open_device(device_id=0)
    yield device
    ttbw.close_device(device)


@pytest.fixture
def device_params(request):
    """tt-metal's indirect parametrization of the device (l1_small_size, ...): nothing to size here."""
    return getattr(request, "param", {})


@pytest.fixture
def device(_ttbw_device, device_params):
    return _ttbw_device


@pytest.fixture
def function_level_defaults():
    """tt-metal's per-test defaults (its seeds are set by the tests themselves)."""
    yield
