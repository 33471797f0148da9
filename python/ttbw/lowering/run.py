"""Run one `ttir.mul_bw` op on the emulated device as a single fused program.

    outputs, stats = run_on_device(op_ir_text, [grad, a, b])

`op_ir_text` is a module (or bare func.func) holding exactly one `ttir.mul_bw`; inputs follow
the op's operands (grad, a, b; b a Python float for a scalar b) as numpy arrays or torch
tensors of the operand shapes. Outputs are float32 numpy arrays, one per op result
(input_grad, other_grad; only the requested ones). Buffers are allocated on the emulated
device per call (TILE layout, zero padded by the upload) and freed afterwards; the analysis
and the compiled kernels are cached (by IR text, and by compile-time plan), so a repeated
signature compiles nothing and other shapes with the same plan reuse the same kernels.
"""
from __future__ import annotations

from functools import lru_cache

from .mul_bw_program import Analysis, UnsupportedError, analyze, build_program, needed_inputs

DEFAULT_GRID = (8, 8)
_DEVICES: dict = {}


def device(grid=DEFAULT_GRID):
    """The emulated device used for a grid (opened once per process)."""
    from ttbw.runtime import Device

    grid = tuple(grid)
    dev = _DEVICES.get(grid)
    if dev is None:
        dev = _DEVICES[grid] = Device(grid=grid)
    return dev


@lru_cache(maxsize=256)
def analyze_ir(op_ir_text: str) -> Analysis:
    """Parse + verify (ttbw's dialect rules) + analyse; ValueError on a broken rule,
    UnsupportedError (a ValueError) on what the device path does not do."""
    from ttbw.diagnostics import DiagnosticError
    from ttbw.dialect import make_context
    from ttbw.dialect.ops import walk_ops
    from ttbw.source import parse_module, verify_module

    context = make_context()
    with context:
        try:
            module = parse_module(op_ir_text, "<mul_bw>", context)
        except DiagnosticError as error:
            raise ValueError("; ".join(d.message for d in error.diagnostics)) from None
        diagnostics = verify_module(module)
        if diagnostics:
            raise ValueError("; ".join(d.message for d in diagnostics))
        ops = [op for op in walk_ops(module.operation) if op.name == "ttir.mul_bw"]
        others = [op.name for op in walk_ops(module.operation)
                  if op.name.startswith("ttir.") and op.name != "ttir.mul_bw"]
        if len(ops) != 1 or others:
            raise UnsupportedError("device backend: expected exactly one ttir.mul_bw op "
                                   f"(found {len(ops)} mul_bw, other ttir ops: {others})")
        return analyze(ops[0])


def run_on_device(op_ir_text: str, inputs, grid=DEFAULT_GRID, fuse: bool = True):
    """Returns (outputs, RunStats) of one launch of the fused program. fuse=False: the
    composite mode instead (one program per TTIR op of the decomposition, intermediates in
    DRAM; `composite.run_composite`), returning its CompositeStats totals."""
    if not fuse:
        from .composite import run_composite

        return run_composite(op_ir_text, inputs, grid=grid)
    an = analyze_ir(op_ir_text)
    p = an.plan
    # grad, a, b (complex: each as real, imag) + preallocated results: their buffers are the
    # outputs, whose contents are overwritten, so they are not uploaded
    names = getattr(an, "input_names", ("grad", "a", "b"))
    if not len(names) <= len(inputs) <= len(names) + 2 * (len(names) // 3):
        raise ValueError(f"run_on_device: expected the op's operands ({', '.join(names)}"
                         f"[, preallocated results]), got {len(inputs)} inputs")
    values = dict(zip(names, inputs))
    dev = device(grid)
    needed = needed_inputs(an)
    buffers = {}
    try:
        for name in needed:
            layout = _layout(an, name)
            buf = buffers[name] = dev.allocate(buffer_shape(_input_shape(an, name), layout), an.formats[name],
                                               layout=layout, name=name)
            buf.write(_host(values[name]).reshape(buf.shape))
        for name, shape in an.out_shapes.items():
            layout = _layout(an, name)
            buffers[name] = dev.allocate(buffer_shape(shape, layout), an.formats[name], layout=layout,
                                         memory=an.out_memory, name=name)
        scalar = float(values["b"]) if p.mode == "scalar" else None
        stats = dev.run(build_program(an, buffers, grid, scalar))
        outputs = [buffers[name].read().reshape(shape) for name, shape in an.out_shapes.items()]
    finally:
        for buf in buffers.values():
            dev.free(buf)
    return outputs, stats


def buffer_shape(shape, layout: str) -> tuple:
    """The device buffer's shape: a rank-0 ROW_MAJOR tensor is one row of one element."""
    return (1, 1) if layout == "row_major" and len(shape) == 0 else tuple(shape)


def _layout(an, name):
    layouts = getattr(an, "layouts", None) or {}
    return layouts.get(name, "tile")


def _input_shape(an, name):  # complex buffers are named "<tensor>.real" / ".imag"
    return an.shape if an.plan.mode == "complex" else an.shapes[name.split(".")[0]]


def _host(x):
    import numpy as np

    if hasattr(x, "detach"):  # torch
        import torch

        return x.detach().to(torch.float32).cpu().numpy()
    return np.asarray(x, dtype=np.float32)
