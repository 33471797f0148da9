"""tools/ttmetal_tests.py on a small tree written like tt-metal's backward tests (a helper module
imported by its repository path, loguru, the `device` fixture and `device_params` indirection,
`function_level_defaults`, `ttnn.device.Arch`, a golden function, a test class): each outcome counted per file, the
failures listed, tt-metal's conftest (which opens a real device) not loaded."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = "tests/ttnn/unit_tests/operations/eltwise/backward"

FILES = {
    "conftest.py": "raise RuntimeError('tt-metal conftest loaded')\n",
    f"{TESTS}/utility_funcs.py": '''
import torch
import ttnn
from loguru import logger
from ttnn.device import Arch


def data_gen(shape, device):
    torch.manual_seed(0)
    pt = torch.randn(shape).bfloat16()
    return pt, ttnn.Tensor(pt, ttnn.bfloat16).to(ttnn.TILE_LAYOUT).to(device)
''',
    f"{TESTS}/test_backward_mul.py": '''
import pytest
import torch
import ttnn
from tests.ttnn.unit_tests.operations.eltwise.backward.utility_funcs import data_gen, Arch


@pytest.mark.parametrize("device_params", [{"l1_small_size": 8192}], indirect=True)
def test_bw_mul(device, function_level_defaults):
    assert device.arch() == Arch.WORMHOLE_B0
    a, ta = data_gen((1, 1, 32, 64), device)
    g, tg = data_gen((1, 1, 32, 64), device)
    out = ttnn.mul_bw(tg, ta, ta)
    golden = ttnn.get_golden_function(ttnn.mul_bw)(g, a, a)
    assert torch.equal(ttnn.to_torch(out[0]), golden[0])


def test_wrong(device):
    assert 1 == 2, "one is not two"


@pytest.mark.skip(reason="not here")
def test_skipped(device):
    pass


@pytest.mark.xfail(reason="known")
def test_expected_failure(device):
    assert False


class TestGroup:
    def test_in_a_class(self, device):
        assert device is not None
''',
}


def test_outcomes_counted_per_file_and_failures_listed(tmp_path):
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "ttmetal_tests.py"), str(tmp_path), "--list",
                          "--commit", "abc123"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == f"tt-metal's tests at abc123 against ttbw: {TESTS}"
    assert lines[1].split() == ["file", "passed", "failed", "skipped", "xfailed"]
    assert lines[2].split() == [f"{TESTS}/test_backward_mul.py", "2", "1", "1", "1"]
    assert lines[3].split() == ["total", "2", "1", "1", "1"]
    assert lines[4].startswith(f"FAILED {TESTS}/test_backward_mul.py::test_wrong: AssertionError: one is not two")
    assert len(lines) == 5


def test_missing_directory_refused(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "ttmetal_tests.py"), str(tmp_path / "none")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and "does not exist" in run.stderr and run.stdout == ""
