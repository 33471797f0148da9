"""Replayed rewrites (passes/replay.py) build exactly what the passes' own builders build.

Every function is decomposed twice: in one module with all the others, where each op after the
first of its signature is a replay, and alone, where every rewrite is built. The texts must be
the same after each decomposition pass, locations included.
"""
import pytest
from mlir import ir

from ttbw.dialect import make_context
from ttbw.driver.ir_text import asm
from ttbw.passes.replay import Template
from ttbw.passes.pipeline import parse_pipeline, resolve, run_step
from ttbw.driver.source import parse_module

SEG = "operandSegmentSizes = array<i32: 1, 1, 1, {ig}, {og}>, resultSegmentSizes = array<i32: {ri}, {ro}>"


def _mul_bw(name, g, a, b, *, mask=None, memory=None, preallocated=False):
    ig = og = int(preallocated)
    flags = ", ".join("true" if m else "false" for m in mask or ())
    extra = f", are_required_outputs = array<i1: {flags}>" if mask else ""
    extra += f', memory_config = #ttir.memory_config<"{memory}", "interleaved">' if memory else ""
    ri, ro = mask if mask else (1, 1)
    args = [f"%g: {g}", f"%a: {a}", f"%b: {b}"] + ([f"%ia: {a}", f"%ob: {b}"] if preallocated else [])
    operands = ["%g", "%a", "%b"] + (["%ia", "%ob"] if preallocated else [])
    outs = [t for t, keep in ((a, ri), (b, ro)) if keep]
    results = ", ".join(f"%0#{i}" for i in range(len(outs))) if len(outs) > 1 else "%0"
    lhs = "%0:2" if len(outs) > 1 else "%0"
    return (f"func.func @{name}({', '.join(args)}) -> ({', '.join(outs)}) {{\n"
            f"  {lhs} = \"ttir.mul_bw\"({', '.join(operands)}) "
            f"{{{SEG.format(ig=ig, og=og, ri=ri, ro=ro)}{extra}}} : "
            f"({', '.join([g, a, b] + ([a, b] if preallocated else []))}) -> ({', '.join(outs)})\n"
            f"  return {results} : {', '.join(outs)}\n}}")


def _scalar(name, t, constant=None):
    value = (f"  %s = arith.constant {constant} : f32\n", "%g, %a, %s") if constant is not None \
        else ("", "%g, %a, %s")
    arg = "" if constant is not None else ", %s: f32"
    return (f"func.func @{name}(%g: {t}, %a: {t}{arg}) -> {t} {{\n{value[0]}"
            f"  %0 = \"ttir.mul_bw\"({value[1]}) {{{SEG.format(ig=0, og=0, ri=1, ro=0)}}} : "
            f"({t}, {t}, f32) -> {t}\n  return %0 : {t}\n}}")


def _aliased(name, t):
    """mul_bw(g, a, a): its rewrite reads `a` for both input and other, so it is no template
    for mul_bw(g, a, b) (which would then get g·a for both gradients)."""
    return (f"func.func @{name}(%g: {t}, %a: {t}) -> ({t}, {t}) {{\n"
            f"  %0:2 = \"ttir.mul_bw\"(%g, %a, %a) {{{SEG.format(ig=0, og=0, ri=1, ro=1)}}} : "
            f"({t}, {t}, {t}) -> ({t}, {t})\n  return %0#0, %0#1 : {t}, {t}\n}}")


def _complex_and_real(name):
    """A function of complex and real arguments and ops: ttir-expand-complex keeps its real
    ops and arguments."""
    c, r = "tensor<1x1x32x64xcomplex<f32>>", "tensor<1x1x32x64xf32>"
    seg = SEG.format(ig=0, og=0, ri=1, ro=1)
    return (f"func.func @{name}(%x: {r}, %g: {c}, %a: {c}, %y: {r}) -> ({c}, {r}, {c}, {r}) {{\n"
            f"  %0:2 = \"ttir.mul_bw\"(%x, %y, %x) {{{seg}}} : ({r}, {r}, {r}) -> ({r}, {r})\n"
            f"  %1:2 = \"ttir.mul_bw\"(%g, %a, %g) {{{seg}}} : ({c}, {c}, {c}) -> ({c}, {c})\n"
            f"  return %1#0, %0#0, %1#1, %0#1 : {c}, {r}, {c}, {r}\n}}")


T = "tensor<1x3x32x64xbf16>"
FUNCTIONS = [
    _aliased("aliased", T),
    _complex_and_real("complex_and_real"),
    _complex_and_real("complex_and_real_again"),
    _mul_bw("plain", T, T, T),
    _mul_bw("row_b", T, T, "tensor<1x1x32x64xbf16>"),
    _mul_bw("row_b_again", T, T, "tensor<1x1x32x64xbf16>"),
    _mul_bw("mixed", "tensor<1x3x32x64xf32>", T, 'tensor<64xbf16, #ttir.layout<"bfp_bf8", "tile">>'),
    _mul_bw("mask_a", T, T, "tensor<1x1x32x64xbf16>", mask=(1, 0)),
    _mul_bw("mask_b", T, T, "tensor<1x1x32x64xbf16>", mask=(0, 1)),
    _mul_bw("l1", T, T, T, memory="l1"),
    _mul_bw("dram", T, T, T, memory="dram"),
    _mul_bw("prealloc", T, T, "tensor<1x1x32x64xbf16>", preallocated=True),
    _mul_bw("complex", "tensor<1x1x32x64xcomplex<f32>>", "tensor<1x1x32x64xcomplex<f32>>",
            "tensor<1x1x1x64xcomplex<f32>>"),
    _mul_bw("complex_again", "tensor<1x1x32x64xcomplex<f32>>", "tensor<1x1x32x64xcomplex<f32>>",
            "tensor<1x1x1x64xcomplex<f32>>"),
    _scalar("two", T, "2.0"),
    _scalar("three", T, "3.0"),
    _scalar("two_again", T, "2.0"),
    _scalar("runtime", T),
    _scalar("runtime_again", T),
]
PASSES = ["ttir-decompose-backward", "ttir-reduce-broadcast-grads", "ttir-expand-complex"]


def _stages(text: str) -> list[str]:
    """The IR after each decomposition pass, one function per entry of each stage."""
    context = make_context()
    module = parse_module(text, "replay.mlir", context)
    stages = []
    for name in PASSES:
        for step in resolve(parse_pipeline(f"builtin.module({name})"), context):
            run_step(step, module)
        stages.append([asm(op.operation, enable_debug_info=True) for op in module.body.operations])
    return stages


@pytest.fixture(scope="module")
def together():
    replayed = []
    original = Template.replay

    def counted(self, *args):
        replayed.append(self)
        return original(self, *args)

    Template.replay = counted
    try:
        stages = _stages("\n".join(FUNCTIONS) + "\n")
    finally:
        Template.replay = original
    assert len(replayed) >= 8  # repeated signatures were replayed, not built: the test is not vacuous
    return stages


@pytest.mark.parametrize("index", range(len(FUNCTIONS)))
def test_replayed_rewrite_is_the_built_one(together, index):
    # Alone, at the same lines (locations compare too): every rewrite of it is built.
    lines_before = sum(f.count("\n") + 1 for f in FUNCTIONS[:index])
    alone = _stages("\n" * lines_before + FUNCTIONS[index] + "\n")
    for stage, (shared, single) in enumerate(zip(together, alone)):
        assert shared[index] == single[0], f"after {PASSES[stage]}"


def test_ir_text_is_get_asm():
    context = make_context()
    module = ir.Module.parse("\n".join(FUNCTIONS), context)
    for flags in ({}, {"enable_debug_info": True}, {"print_generic_op_form": True}):
        assert asm(module.operation, **flags) == module.operation.get_asm(**flags)
