"""The ctypes bridge to the real tt-mlir: verify, diagnostics with locations, translation."""

import subprocess
import sys

import pytest

from ttbw.ttmlir import TTMLIRError, install, to_emitc, translate_file, translate_kernels, verify

CB = "!cb = !ttkernel.cb<2, !ttcore.tile<32x32, bf16>>\n"
COMPUTE = CB + """module {
  func.func @k() attributes {ttkernel.thread = #ttkernel.thread<compute>} {
    %c0 = arith.constant 0 : i32
    %cb = "ttkernel.get_compile_time_arg_val"() <{arg_index = 0 : i32}> : () -> !cb
    "ttkernel.tile_regs_acquire"() : () -> ()
    "ttkernel.copy_tile"(%cb, %c0, %c0) : (!cb, i32, i32) -> ()
    "ttkernel.tile_regs_commit"() : () -> ()
    return
  }
}
"""


def test_verify_returns_the_module_as_printed_by_tt_mlir():
    text = verify(COMPUTE, "k.mlir")
    assert "ttkernel.copy_tile" in text and "#ttkernel.thread<compute>" in text


def test_to_emitc_runs_the_real_conversion():
    text = to_emitc(COMPUTE)
    assert 'emitc.call_opaque "copy_tile"' in text
    assert "ttkernel.copy_tile" not in text


def test_translate_every_kernel():
    [k] = translate_kernels(COMPUTE)
    assert k.name == "k"
    assert "void kernel_main()" in k.cpp and "copy_tile(get_compile_time_arg_val(0)" in k.cpp


def test_parse_error_carries_location():
    with pytest.raises(TTMLIRError) as e:
        verify(COMPUTE.replace("() -> ()\n    \"ttkernel.copy_tile\"", "() -> \n    \"ttkernel.copy_tile\""), "bad.mlir")
    [d] = e.value.diagnostics
    assert (d.severity, d.loc.file, d.loc.line) == ("error", "bad.mlir", 6)
    assert str(e.value).startswith("bad.mlir:6:")


def test_verifier_error_carries_location_and_message():
    bad = COMPUTE.replace('"ttkernel.copy_tile"(%cb, %c0, %c0) : (!cb, i32, i32)',
                          '"ttkernel.copy_tile"(%c0, %c0, %c0) : (i32, i32, i32)')
    with pytest.raises(TTMLIRError) as e:
        translate_kernels(bad, "v.mlir")
    d = e.value.diagnostics[0]
    assert str(d.loc) == "v.mlir:7:5"
    assert "'ttkernel.copy_tile' op operand #0 must be TTKernel cb, but got 'i32'" in d.message
    assert e.value.format().splitlines()[0] == f"v.mlir:7:5: error: {d.message}"


def test_unregistered_op_and_no_kernels():
    with pytest.raises(TTMLIRError, match="unregistered operation 'ttkernel.no_such_op'"):
        verify('func.func @f() {\n  "ttkernel.no_such_op"() : () -> ()\n  return\n}\n')
    with pytest.raises(TTMLIRError, match="no function with a 'ttkernel.thread' attribute"):
        translate_kernels("func.func @f() {\n  return\n}\n")


def test_translate_file_names_the_file(tmp_path):
    p = tmp_path / "x.mlir"
    p.write_text(COMPUTE)
    assert translate_file(str(p))[0].name == "k"
    with pytest.raises(TTMLIRError, match=r"missing.mlir: error: cannot read input"):
        translate_file(str(tmp_path / "missing.mlir"))


def test_errors_do_not_leak_between_calls():
    with pytest.raises(TTMLIRError):
        verify("this is not mlir", "a.mlir")
    assert "copy_tile" in verify(COMPUTE)


def test_install_is_idempotent(monkeypatch):
    def no_download(*a, **k):
        raise AssertionError("an installed library must not be downloaded again")

    monkeypatch.setattr(install, "_download_wheel", no_download)
    path = install.install()
    assert path.is_file() and install.is_installed() and install.installed_library() == path


def test_install_cli_second_run_prints_path():
    out = subprocess.run([sys.executable, "-m", "ttbw.ttmlir.install"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip().endswith("libTTLangPythonCAPI.so")
    assert "downloading" not in out.stderr


def test_cli_translate_and_errors(tmp_path):
    src = tmp_path / "k.mlir"
    src.write_text(COMPUTE)
    out = tmp_path / "k.cpp"
    cmd = [sys.executable, "-m", "ttbw.tools.ttbw_translate", "--ttkernel-to-cpp"]
    ok = subprocess.run(cmd + [str(src), "-o", str(out)], capture_output=True, text=True)
    assert ok.returncode == 0 and out.read_text().startswith("// ===== kernel: k =====")
    src.write_text(COMPUTE.replace("%cb, %c0, %c0) : (!cb", "%c0, %c0, %c0) : (i32"))
    out.unlink()
    bad = subprocess.run(cmd + [str(src), "-o", str(out)], capture_output=True, text=True)
    assert bad.returncode == 1 and not out.exists()
    assert bad.stderr.startswith(f"{src}:7:5: error: 'ttkernel.copy_tile' op operand #0")
    assert "Traceback" not in bad.stderr


def test_printing_accumulates_in_c_and_equals_per_fragment_text():
    """print_to_string (the C-side sink) gives exactly what the printer streams fragment by
    fragment, for a module of some size (thousands of fragments, past the sink's first growth)."""
    from ttbw.ttmlir import capi

    body = "".join(f'    %c{i} = arith.constant {i} : i32\n' for i in range(2000))
    text = f"module {{\n  func.func @f() {{\n{body}    return\n  }}\n}}\n"
    lib = capi.library()
    registry = lib.mlirDialectRegistryCreate()
    lib.mlirRegisterAllDialects(registry)
    ctx = lib.mlirContextCreateWithRegistry(registry, False)
    lib.mlirDialectRegistryDestroy(registry)
    data = text.encode()
    module = lib.mlirModuleCreateParse(ctx, capi.MlirStringRef.of(data))
    try:
        op = lib.mlirModuleGetOperation(module)
        fragments: list[str] = []
        collect = capi.StringCallback(lambda ref, _ud: fragments.append(ref.text()))
        lib.mlirOperationPrint(op, collect, None)
        printed = capi.print_to_string(lib.mlirOperationPrint, op)
        assert len(fragments) > 2000 and len(printed) > 4096
        assert printed == "".join(fragments)
        assert "arith.constant 1999 : i32" in printed
    finally:
        lib.mlirModuleDestroy(module)
        lib.mlirContextDestroy(ctx)
