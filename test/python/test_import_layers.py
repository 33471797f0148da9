"""The package's layers import downward only, with no import cycle (test/import_layers.py)."""
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import import_layers  # noqa: E402


def test_the_package_imports_downward_without_cycles():
    run = subprocess.run([sys.executable, str(Path(import_layers.__file__))], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "lowering -> support, target, dialect, mlir_dialects, ttmlir" in run.stdout


def test_the_checker_finds_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert import_layers.cycles(graph) == [["a", "b", "c"]]
    assert import_layers.cycles({"a": {"b"}, "b": set()}) == []


def test_the_checker_resolves_relative_and_function_level_imports(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("def f():\n    from ..target import formats\n    import ttbw.driver.compiler\n")
    known = {"ttbw.lowering.m": path, "ttbw.target.formats": path, "ttbw.driver.compiler": path}
    assert import_layers.imports("ttbw.lowering.m", path, known) == {"ttbw.target.formats", "ttbw.driver.compiler"}
