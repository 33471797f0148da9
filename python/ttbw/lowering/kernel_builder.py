"""A recorded kernel function (`kernel_ir.KernelFn`) created in tt-mlir's context through the C
API (`ttbw.ttmlir.builder`): `func.func @reader() attributes {ttkernel.thread = ...}` whose body
starts with the i32 constants it uses (by value), then its ops in order."""
from __future__ import annotations

from .kernel_ir import KernelBlock, KernelFn


def build_kernel(builder, kernel: KernelFn, block) -> None:
    """Appends the kernel function to `block` (a module body)."""
    entry = builder.block()
    values: dict = {}
    for value, name in sorted(kernel.consts.items()):
        op = builder.create("arith.constant", (), ("i32",), {"value": f"{value} : i32"}, block=entry)
        values[name] = builder.result(op)
    _ops(builder, kernel.entry, entry, values)
    builder.create("func.return", block=entry)
    builder.create("func.func", attributes={"sym_name": f'"{kernel.name}"', "function_type": "() -> ()",
                                            "ttkernel.thread": f"#ttkernel.thread<{kernel.thread}>"},
                   regions=[[entry]], block=block)


def _ops(builder, recorded: KernelBlock, block, values: dict) -> None:
    for op in recorded.ops:
        regions = []
        for inner in op.blocks:
            if inner is None:  # an scf.if's empty else region
                regions.append([])
                continue
            nested = builder.block([t for _, t in inner.arguments])
            for i, (name, _) in enumerate(inner.arguments):
                values[name] = builder.argument(nested, i)
            _ops(builder, inner, nested, values)
            regions.append([nested])
        created = builder.create(op.name, [values[v] for v in op.operands], op.result_types,
                                 dict(op.attributes), regions, block=block)
        for i, name in enumerate(op.results):
            values[name] = builder.result(created, i)
