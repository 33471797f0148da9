"""tt-mlir runs in-process next to the upstream MLIR Python bindings (two LLVM copies).

Decision: in-process. The tt-mlir C library is loaded RTLD_LOCAL through ctypes, so its LLVM
symbols never interpose on the upstream bindings' copy, and IR crosses only as text. Each
scenario runs in a fresh interpreter so the load order is exactly the one under test and a
crash would show as a failed exit status instead of killing pytest.
"""

import subprocess
import sys
import textwrap

import pytest

UPSTREAM = """
def upstream(tag):
    from mlir import ir, passmanager
    with ir.Context(), ir.Location.unknown():
        m = ir.Module.parse('''
          func.func @f(%a: f32) -> f32 {
            %0 = arith.addf %a, %a : f32
            %1 = arith.addf %a, %a : f32
            %2 = arith.mulf %0, %1 : f32
            return %2 : f32
          }''')
        passmanager.PassManager.parse("builtin.module(func.func(cse,canonicalize))").run(m.operation)
        assert str(m).count("arith.addf") == 1, str(m)
    print("upstream", tag, "ok")
"""

TTMLIR = """
def ttmlir(tag):
    from ttbw.ttmlir import TTMLIRError, translate_kernels, verify
    src = '''!cb = !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>
    func.func @k() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
      %c0 = arith.constant 0 : i32
      %cb = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
      "ttkernel.tile_regs_acquire"() : () -> ()
      "ttkernel.copy_tile"(%cb, %c0, %c0) : (!cb, i32, i32) -> ()
      return
    }'''
    verify(src)
    [k] = translate_kernels(src)
    assert "copy_tile(get_compile_time_arg_val(0)" in k.cpp
    try:
        verify(src.replace("(!cb, i32, i32)", "(i32, i32, i32)").replace("%cb, %c0", "%c0, %c0"))
        raise SystemExit("expected a diagnostic")
    except TTMLIRError as e:
        assert "must be TTKernel cb" in str(e)
    print("ttmlir", tag, "ok")
"""


@pytest.mark.parametrize("order", [
    ["upstream(1)", "ttmlir(2)", "upstream(3)", "ttmlir(4)"],
    ["ttmlir(1)", "upstream(2)", "ttmlir(3)"],
])
def test_upstream_bindings_and_tt_mlir_in_one_process(order):
    script = UPSTREAM + TTMLIR + "\n".join(order) + "\n"
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:-1] == [f"{call.split('(')[0]} {call.split('(')[1][:-1]} ok" for call in order]
