"""Termination signals end a tool with one line and the signal's status wherever they land
(issue 26): in an import, in Python called back from C++ (mlir's site initialisation imports
`mlir.extras.meta` from inside its extension: an exception raised there aborted the process),
in numpy's first import. Deterministic: the child sends itself the signal as the named module
starts importing (a meta-path hook), so no test depends on timing. Signals during `-o`'s write:
test_output_file.py."""
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INPUT = ROOT / "test" / "ttbw-run" / "mul_bw_fused.mlir"

CHILD = textwrap.dedent("""
    import os, sys
    module, signum, tool = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    sys.argv[0] = tool  # as the console script runs it

    class SignalOnImport:
        def find_spec(self, name, path=None, target=None):
            if name == module:
                os.kill(os.getpid(), signum)
            return None

    sys.meta_path.insert(0, SignalOnImport())
    from importlib import import_module
    sys.exit(import_module("ttbw.tools." + tool.replace("-", "_")).main(sys.argv[4:]))
""")


def run(module: str, signum: int, tool: str, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", CHILD, module, str(int(signum)), tool, *map(str, args)],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("module", ["mlir.extras.meta", "numpy._core._multiarray_umath"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_signal_in_an_import_ends_with_one_line(module, signum):
    result = run(module, signum, "ttbw-opt", INPUT, "--ttir-to-tensix-pipeline")
    assert result.returncode == -signum, result.stderr[-2000:]
    assert result.stderr == f"ttbw-opt: interrupted ({signal.Signals(signum).name})\n"
    assert result.stdout == ""


def test_signal_in_ttbw_run_start_up():
    result = run("numpy", signal.SIGINT, "ttbw-run", INPUT, "1", "1", "1")
    assert result.returncode == -signal.SIGINT and result.stderr == "ttbw-run: interrupted (SIGINT)\n"
