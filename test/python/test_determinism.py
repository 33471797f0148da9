"""The same input gives byte-identical IR, across runs and processes."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from bench_decompose import module_text  # noqa: E402


def run_opt(text: str) -> str:
    tool = Path(sys.executable).parent / "ttbw-opt"
    result = subprocess.run([str(tool), "--ttir-backward-decomposition-pipeline", "-"], input=text,
                            capture_output=True, text=True, check=True)
    return result.stdout


def test_pipeline_output_is_byte_identical():
    text = module_text(42)  # every case family of the bench: broadcasts, scalars, complex
    first, second = run_opt(text), run_opt(text)
    assert first == second
    assert "ttir.mul_bw" not in first and "complex" not in first
