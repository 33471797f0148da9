"""tools/ttmlir_compat.py on a small tree written like tt-mlir's TTIR tests: a positive file,
one tt-mlir's lit skips (UNSUPPORTED), a verify-diagnostics negative on an op ttbw defines and
a FileCheck negative whose message ttbw does not give."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FILES = {
    "eltwise/add.mlir": """// RUN: ttmlir-opt %s | FileCheck %s
func.func @add(%a: tensor<4x32xf32>, %b: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %0 = "ttir.add"(%a, %b) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}
""",
    "skipped.mlir": """// RUN: ttmlir-opt %s
// UNSUPPORTED: true
func.func @f(%a: tensor<4x32xf32) -> tensor<4x32xf32> {
""",
    "reduce/sum_negative.mlir": """// RUN: ttmlir-opt --split-input-file --verify-diagnostics %s
func.func @sum(%x: tensor<4x32xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'ttir.sum' op Reduce dimension 2 is out of range for input tensor of rank 2}}
  %0 = "ttir.sum"(%x) <{dim_arg = [2 : i32], keep_dim = false}> : (tensor<4x32xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
""",
    "reduce/sum_filecheck_negative.mlir": """// RUN: not ttmlir-opt %s 2>&1 | FileCheck %s
func.func @sum(%x: tensor<4x32xf32>) -> tensor<4xf32> {
  // CHECK: error: 'ttir.sum' op a message ttbw does not give
  %0 = "ttir.sum"(%x) <{dim_arg = [2 : i32], keep_dim = false}> : (tensor<4x32xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
""",
}


def test_the_table_and_the_list(tmp_path):
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "ttmlir_compat.py"), str(tmp_path), "--commit", "abc",
                          "--list"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    rows = {line[:48].strip(): line[48:].strip() for line in run.stdout.splitlines() if line[:1].isalpha()
            or line.startswith("  ")}
    assert rows["files"] == "4" and rows["positive files"] == "2" and rows["parse"] == "1"
    assert rows["positive files tt-mlir's lit runs by default"] == "1"
    assert rows["parse, round-trip and pass the decomposition"] == "1"
    assert rows["negative files"] == "2" and rows["refused (exit 1)"] == "2"
    assert rows["negative files on ops ttbw defines"] == "2"
    assert rows["CHECK lines / expected diagnostics pass"] == "1"  # of those on ttbw's ops (the last row)
    assert "tt-mlir test/ttmlir/Dialect/TTIR at abc" in run.stdout
    listed = [line.split(":")[0] for line in run.stdout.splitlines() if line.endswith(".mlir") or ".mlir:" in line]
    assert listed == ["reduce/sum_filecheck_negative.mlir", "skipped.mlir"]
    assert "skipped.mlir: positive (parse) (round-trip) (decomposition) (tt-mlir's lit skips it by default)" \
        in run.stdout
