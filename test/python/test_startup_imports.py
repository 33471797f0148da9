"""ttbw-opt's start-up stays lean: what a decomposition run must not import or load.

Each of these cost every ttbw-opt process a few milliseconds (bench/bench_decompose.py's
fixed cost per file) and is needed only elsewhere: `dataclasses` (with inspect's imports), shutil
(argparse's help width), tt-mlir's module class and ctypes declarations (lowered IR only),
`verify_diagnostics` (--verify-diagnostics only), and dialects nothing in the run uses (a new
context loads LOADED_DIALECTS, the parser the rest on demand). One subprocess runs the real
driver on a mul_bw, then reports what it imported and which dialects its context holds.
"""
import json
import subprocess
import sys
import textwrap

MUL_BW = """func.func @f(%g: tensor<1x1x32x32xbf16>, %a: tensor<1x1x32x32xbf16>, %b: tensor<1x1x32x32xbf16>)
    -> (tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>) {
  %0:2 = ttir.mul_bw %g, %a, %b : tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>
      -> input_grad tensor<1x1x32x32xbf16> other_grad tensor<1x1x32x32xbf16>
  return %0#0, %0#1 : tensor<1x1x32x32xbf16>, tensor<1x1x32x32xbf16>
}
"""

PROBE = textwrap.dedent("""
    import contextlib, io, json, sys
    from ttbw.tools import ttbw_opt
    with contextlib.redirect_stdout(io.StringIO()) as out:
        code = ttbw_opt.main([sys.argv[1], "--ttir-backward-decomposition-pipeline"])
    from ttbw.dialect import make_context
    context = make_context()
    loaded = {name: context.is_registered_operation(op) for name, op in
              (("ttir", "ttir.multiply"), ("linalg", "linalg.generic"), ("llvm", "llvm.return"),
               ("gpu", "gpu.launch"), ("spirv", "spirv.Return"))}
    print(json.dumps({"code": code, "output": out.getvalue(), "modules": sorted(sys.modules),
                      "registered": loaded}))
""")


def test_a_decomposition_run_imports_and_loads_only_what_it_needs(tmp_path):
    source = tmp_path / "mul_bw.mlir"
    source.write_text(MUL_BW)
    result = subprocess.run([sys.executable, "-c", PROBE, str(source)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["code"] == 0 and '"ttir.multiply"' in report["output"]
    modules = set(report["modules"])
    for name in ("dataclasses", "shutil", "ttbw.ttmlir.module", "ttbw.ttmlir.capi", "ttbw.driver.verify_diagnostics",
                 "mlir.dialects.linalg"):
        assert name not in modules, f"ttbw-opt's decomposition run imported {name}"
    # is_registered_operation holds for ops of loaded dialects only
    assert report["registered"] == {"ttir": True, "linalg": True, "llvm": False, "gpu": False, "spirv": False}
