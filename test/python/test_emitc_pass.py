"""convert-ttkernel-to-emitc is all or nothing: when tt-mlir refuses one program's kernels, no
program of the module is converted."""
from pathlib import Path

import pytest

from ttbw.diagnostics import DiagnosticError
from ttbw.dialect import make_context
from ttbw.passes.registry import PASSES
from ttbw.source import parse_module

import ttbw.passes.all  # noqa: F401  registers the passes

INPUT = Path(__file__).resolve().parents[1] / "Conversion/TTKernelToEmitC/emitc_negative.mlir"


def test_a_refused_program_leaves_every_program_unconverted():
    context = make_context()
    context.allow_unregistered_dialects = True
    module = parse_module(INPUT.read_text(), str(INPUT), context)
    with pytest.raises(DiagnosticError, match="tt-mlir refused the kernels"):
        PASSES["convert-ttkernel-to-emitc"].run(module, {})
    text = str(module)
    assert '"ttkernel.tile_regs_acquire"' in text and "emitc." not in text
