"""tools/ttmlir_op_names.py: tt-mlir's TTIR op names read from its TTIROps.td by llvm-tblgen,
and the checked-in list (dialect/TTMLIROpNames.inc) the dialect library compiles in."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "ttmlir_op_names.py"
INC = ROOT / "dialect" / "TTMLIROpNames.inc"

# A stand-in for tt-mlir's include tree: a `ttir` dialect with two ops through a base class,
# and an op of another dialect, which is left out.
TD = """
include "mlir/IR/OpBase.td"
def TTIR_Dialect : Dialect { let name = "ttir"; }
def Other_Dialect : Dialect { let name = "other"; }
class TTIR_Op<string mnemonic> : Op<TTIR_Dialect, mnemonic>;
def TTIR_ZetaOp : TTIR_Op<"zeta">;
def TTIR_AlphaOp : TTIR_Op<"alpha_beta">;
def Other_GammaOp : Op<Other_Dialect, "gamma">;
"""


def test_names_from_the_td(tmp_path):
    td = tmp_path / "tt-mlir" / "include" / "ttmlir" / "Dialect" / "TTIR" / "IR" / "TTIROps.td"
    td.parent.mkdir(parents=True)
    td.write_text(TD)
    out = tmp_path / "names.inc"
    run = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path / "tt-mlir"), "--commit", "abc123",
                          "-o", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert out.read_text().splitlines()[2:] == [
        'TTMLIR_OPS_COMMIT("abc123")', 'TTMLIR_OP("alpha_beta")', 'TTMLIR_OP("zeta")']


def test_no_td_is_one_message(tmp_path):
    run = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path), "--commit", "abc123"],
                         capture_output=True, text=True)
    assert run.returncode == 1
    assert "TTIROps.td not found" in run.stderr and "Traceback" not in run.stderr


def test_checked_in_list_is_sorted_and_names_its_commit():
    text = INC.read_text()
    (commit,) = re.findall(r'TTMLIR_OPS_COMMIT\("([0-9a-f]{40})"\)', text)
    assert commit in text.splitlines()[0]
    names = re.findall(r'TTMLIR_OP\("(\w+)"\)', text)
    assert names == sorted(set(names))  # the library's binary search needs it
    assert f"({len(names)})" in text.splitlines()[1]
    assert {"add", "concat", "empty", "gelu_bw"} <= set(names)
