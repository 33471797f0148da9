"""The fuzzers of test/fuzz: their short budget (part of the test command, under a minute) and
checks that their oracle catches what it must. The long campaign runs on demand
(test/fuzz/README.md)."""
import math
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[1] / "fuzz"
sys.path.insert(0, str(FUZZ))

from forked import Outcome, run_forked  # noqa: E402
from oracle import tool_failure  # noqa: E402


def test_short_fuzz_budget_finds_nothing():
    done = subprocess.run([sys.executable, FUZZ / "run.py"], capture_output=True, text=True, timeout=300)
    print(done.stdout, done.stderr)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 failing" in done.stdout
    assert "50 of 50 planned cases ran" in done.stdout  # the budget finishes its cases


@pytest.mark.parametrize("outcome, kind", [
    (Outcome(None, seconds=120), "timeout"),
    (Outcome(-signal.SIGABRT), "signal"),
    (Outcome(1, stderr="Traceback (most recent call last):\n  File x\nKeyError: 'a'\n"), "traceback"),
    (Outcome(1, stderr="in.mlir:1:1: error: internal error in pass 'x': boom\n"), "internal error"),
    (Outcome(2, stderr=""), "exit code"),
    (Outcome(1, stderr="ttbw-opt: error: something\n"), "unlocated error"),
    (Outcome(1, stderr="in.mlir:0:0: error: pass 'x' failed\n"), "error at line 0"),
    (Outcome(1, stderr="other.mlir:3:1: error: x\n"), "error located elsewhere"),
    (Outcome(1, stderr=""), "silent failure"),
])
def test_oracle_catches(outcome, kind):
    assert tool_failure(outcome, "in.mlir")[0] == kind


def test_oracle_accepts_located_errors_and_success():
    assert tool_failure(Outcome(1, stderr="in.mlir:2:5: error: bad\nin.mlir:2:5: note: see\n"), "in.mlir") is None
    assert tool_failure(Outcome(0, stdout="module {\n}\n"), "in.mlir") is None


def test_forked_child_reports_signals_hangs_values_and_exceptions():
    assert run_forked(lambda: os.kill(os.getpid(), signal.SIGSEGV)).status == -signal.SIGSEGV
    assert run_forked(lambda: __import__("time").sleep(30), timeout=0.5).status is None
    assert run_forked(lambda: {"x": 1}).value == {"x": 1}
    crashed = run_forked(lambda: 1 / 0)
    assert crashed.status == 70 and "ZeroDivisionError" in crashed.stderr


def test_oracle_skips_the_quoted_source_line():
    err = "in.mlir:2:5: error: bad\nfoo = \"error: inside the user's text\"\n    ^\n"
    assert tool_failure(Outcome(1, stderr=err), "in.mlir") is None


SPEC = {"complex": True, "scalar": None, "backend": "device", "values": "huge"}


def test_golden_takes_an_overflow_by_rounding_within_the_bound():
    """A bf16 complex part whose roundings carry it past the largest bf16 (found by the long run:
    1.1640625 * -1.99e38 + 0.53515625 * -1.99e38 in bf16 products is -inf, the exact -3.388e38
    rounds to the largest) is one ordered step off; a larger step, or an elementwise real
    result, is caught."""
    import torch
    import golden

    def judge(got, want, summed=True):
        got, want = torch.tensor([got], dtype=torch.float64), torch.tensor([want], dtype=torch.float64)
        return golden.judge(torch, SPEC, "elementwise", "bf16", "input_grad", got, want, want, want.abs(), summed)

    assert judge(-math.inf, -3.387973700193975e38) is None
    assert judge(-math.inf, -3.3e38) is not None  # 7 steps below the largest
    assert judge(math.inf, -3.387973700193975e38) is not None
    assert judge(-math.inf, -3.387973700193975e38, summed=False) is not None


def test_nan_inputs_left_unjudged_are_those_torch_answers_by_kernel_path():
    """The fuzz oracle does not judge NaN inputs of NAN_INPUT_BY_KERNEL's ops because torch's own
    backward of a NaN input differs between its vectorized loop and its scalar tail: an op that
    stops differing must be judged again."""
    import torch
    from backward_fuzz import NAN_INPUT_BY_KERNEL

    import ttbw.ttnn.golden  # noqa: F401  (attaches the goldens)

    for op in sorted(NAN_INPUT_BY_KERNEL):
        golden = ttbw.get_golden_function(getattr(ttbw, op))
        answers = set()
        for length in (1, 300):
            x = torch.full((length,), math.nan, dtype=torch.float64)
            (term,) = golden(torch.ones(length, dtype=torch.float64), x)
            answers |= {"nan" if math.isnan(v) else v for v in term.tolist()}
        assert len(answers) > 1, (op, answers)
