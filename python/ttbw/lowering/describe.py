"""The host program of one `ttir.mul_bw` as data: kernels IR + a JSON-able description.

    text, description, program = describe(analysis, grid=(8, 8), scalar=None)

Built without a device: the program is made over symbolic buffers (no memory allocated)
whose addresses, and a runtime scalar's encoding, are sentinels that the description turns
back into symbolic runtime args ({"address_of": name}, {"scalar": "m"}). The schema is
documented in README.md ("Host program description").
"""
from __future__ import annotations

from dataclasses import dataclass

from .kernel_ir import MAX_GROUPS
from .mul_bw_program import kernel_ir, needed_inputs

SCHEMA_VERSION = 1
_ADDRESS_BASE = 0x7EA00000  # sentinel addresses: _ADDRESS_BASE + buffer position
# a runtime scalar's sentinel: 12345677 * 2^-77 encodes as (m, n_up, n_down) = (12345677, 0, 77)
_SCALAR_SENTINEL = 12345677 * 2.0 ** -77
_SCALAR_ARGS = [12345677, 0, 77]
_THREAD = {"reader": "noc", "writer": "noc", "compute": "compute"}


@dataclass
class SymbolicBuffer:
    """Stands in for a `ttbw.runtime.Buffer` when building a Program without a device."""
    name: str
    address: int
    shape: tuple
    data_format: object  # DataFormat
    layout: str
    memory: str
    page_size: int
    num_pages: int
    live: bool = True

    @property
    def accessor_config(self) -> int:
        return 2 if self.memory == "dram" else 0

    @property
    def tiles(self) -> tuple[int, int, int]:
        """(batch, Ht, Wt) of a TILE buffer (as `ttbw.runtime.Buffer.tiles`)."""
        from ttbw.runtime import formats as fmt

        padded = fmt.padded_shape(self.shape)
        batch = 1
        for d in padded[:-2]:
            batch *= int(d)
        return batch, padded[-2] // fmt.TILE, padded[-1] // fmt.TILE


def symbolic_buffer(name: str, index: int, shape, dtype: str, layout: str, memory: str) -> SymbolicBuffer:
    import numpy as np

    from ttbw.runtime import formats as fmt
    from ttbw.runtime.formats import DataFormat

    shape = tuple(int(s) for s in shape)
    data_format = DataFormat.parse(dtype)
    if layout == "tile":
        padded = fmt.padded_shape(shape)
        page_size = data_format.tile_bytes
        num_pages = int(np.prod(padded[:-2], dtype=np.int64)) * (padded[-2] // 32) * (padded[-1] // 32)
    else:
        page_size = shape[-1] * data_format.element_bytes
        num_pages = int(np.prod(shape[:-1], dtype=np.int64)) if len(shape) > 1 else 1
    return SymbolicBuffer(name, _ADDRESS_BASE + index, shape, data_format, layout, memory, page_size,
                          num_pages)


def _format_name(data_format) -> str:
    return {"FLOAT32": "f32", "BFLOAT16": "bf16", "BFLOAT8_B": "bfp8_b"}[data_format.name]


def variant(an) -> str:
    mode = an.plan.mode
    if getattr(an.plan, "parts", 1) == 2:  # complex with broadcast: the real plans on (real, imag) pairs
        return "complex_two_sided" if mode == "two_sided" else "complex_broadcast"
    if mode in ("two_sided", "complex"):
        return mode
    return "row_major" if an.plan.rm and not getattr(an.plan, "rm_tiles", False) else "fused"


def kernels_text(an) -> str:
    """The TTKernel module text (reader, compute, writer) of an analysed op."""
    p = an.plan
    kind = variant(an)
    if kind in ("two_sided", "complex_two_sided"):
        from .mul_bw_two_sided import kernel_ir2

        return kernel_ir2(p)
    if kind == "complex":
        from .mul_bw_complex import kernel_ir_c

        return kernel_ir_c(p)
    if kind == "row_major":
        from .mul_bw_row_major import kernel_ir_rm

        return kernel_ir_rm(p)
    return kernel_ir(p)


def buffer_names(an) -> tuple[list[str], list[str]]:
    """(inputs the program reads, results it writes), in buffer order."""
    return needed_inputs(an), list(an.out_shapes)  # complex: "input_grad.real", ...


def _shape(an, name: str):
    if an.plan.mode == "complex":
        return an.shape
    base = name.split(".")[0]  # complex buffers are named "<tensor>.real" / ".imag"
    return an.shapes[base] if base in an.shapes else an.out_shapes[name]


def _layout(an, name: str) -> str:
    return (getattr(an, "layouts", None) or {}).get(name, "tile")


def _mapping_names() -> list[str]:
    return [f"{group}{i}_{field}" for group in ("kept", "summed") for i in range(MAX_GROUPS)
            for field in ("div", "mod", "stride")]


def _arg_names(an) -> dict[str, list[str]]:
    """Names of each kernel's runtime args (the layout the kernels read them in)."""
    kind = variant(an)
    if kind in ("complex_broadcast", "complex_two_sided"):  # the real layouts, imag addresses appended
        addr = lambda n: n.startswith("addr_")  # noqa: E731
        return {k: [f"{n}.real" if addr(n) else n for n in v] + [f"{n}.imag" for n in v if addr(n)]
                for k, v in _arg_names_real(an).items()}
    return _arg_names_real(an)


def _arg_names_real(an) -> dict[str, list[str]]:
    kind = variant(an).replace("complex_broadcast", "fused").replace("complex_two_sided", "two_sided")
    if kind == "fused":
        y, x = an.y_name, an.x_name or "scalar"
        out = {"a": "input_grad", "b": "other_grad", "scalar": "none"}
        tail = ["first_unit", "num_units", "inner", *_mapping_names()]
        reader = ["addr_grad", f"addr_{y}", f"addr_{x}", *tail]
        writer = [f"addr_{out[y]}", f"addr_{out[x]}", *tail]
        if an.plan.rm_tiles:  # ROW_MAJOR tensors with broadcast: their row geometry
            from .kernel_ir import RM_ARGS

            rm = lambda names: [f"{a}_{n}" for n in names for a in RM_ARGS]  # noqa: E731
            p = an.plan
            if any(p.is_rm(r) for r, need in (("g", True), ("y", p.read_y), ("x", p.read_x)) if need):
                reader += ["core_x", "core_y", *rm(["grad", y, x])]
            writer += rm([out[y], out[x]])
        return {"reader": reader,
                "compute": ["num_units", "inner", "scalar_m", "scalar_up", "scalar_down"],
                "writer": writer}
    if kind == "two_sided":
        maps = [f"{m}{i}_{field}" for m in ("Fg", "Fa", "Fb", "Ag", "Aa", "Bg", "Bb")
                for i in range(MAX_GROUPS) for field in ("div", "mod", "stride")]
        tail = ["first_unit", "num_units", "a_tiles", "b_tiles", *maps]
        reader = ["addr_grad", "addr_a", "addr_b", *tail]
        writer = ["addr_input_grad", "addr_other_grad", "reserved", *tail]
        if an.plan.layouts:  # ROW_MAJOR tensors: their row geometry
            from .kernel_ir import RM_ARGS

            rm = lambda names: [f"{a}_{n}" for n in names for a in RM_ARGS]  # noqa: E731
            if an.plan.rm_inputs:
                reader += ["core_x", "core_y", *rm(["grad", "a", "b"])]
            writer += rm(["input_grad", "other_grad"])
        return {"reader": reader, "compute": ["num_units", "a_tiles", "b_tiles"], "writer": writer}
    if kind == "complex":
        parts = ("real", "imag")
        return {"reader": [f"addr_{n}.{p}" for n in ("grad", "a", "b") for p in parts] + ["first_unit", "num_units"],
                "compute": ["num_units"],
                "writer": [f"addr_{n}.{p}" for n in ("input_grad", "other_grad") for p in parts]
                + ["first_unit", "num_units"]}
    ins, outs = ("grad", "y", "x"), ("out_y", "out_x")
    rows = ["first_block", "num_blocks", "H", "Ht", "Wt"]
    return {"reader": [f"addr_{r}" for r in ins] + rows + [f"page_bytes_{r}" for r in ins]
            + [f"row_stride_{r}" for r in ins],
            "compute": ["num_blocks", "Wt", "scalar_m", "scalar_up", "scalar_down"],
            "writer": [f"addr_{r}" for r in outs] + rows + [f"page_bytes_{r}" for r in outs]
            + [f"row_stride_{r}" for r in outs]}


def describe(an, grid=(8, 8), scalar: float | None = None, runtime_scalar: bool = False,
             origins: dict | None = None):
    """Returns (TTKernel module text, description dict, Program over symbolic buffers).

    `scalar`: a constant scalar b (its encoding goes into the compute args); with
    `runtime_scalar` the scalar is a function argument and its three args are symbolic.
    `origins`: buffer name -> dict merged into that buffer's entry (e.g. {"arg": 0})."""
    from .mul_bw_program import build_program
    from .op_analysis import buffer_shape

    grid = tuple(int(g) for g in grid)
    ins, outs = buffer_names(an)
    buffers = {}
    for i, name in enumerate(ins + outs):
        memory = an.out_memory if name in outs else "dram"
        layout = _layout(an, name)
        buffers[name] = symbolic_buffer(name, i, buffer_shape(_shape(an, name), layout), an.formats[name], layout,
                                        memory)
    if an.plan.mode == "scalar" and runtime_scalar:
        scalar = _SCALAR_SENTINEL
    program = build_program(an, buffers, grid, scalar)
    description = {"version": SCHEMA_VERSION, "op": "ttir.mul_bw", "variant": variant(an),
                   **program_description(program, buffers, ins, _arg_names(an), grid, origins,
                                         runtime_scalar)}
    if an.plan.mode == "scalar":
        description["scalar"] = ({"runtime": True, "encoding": "f32(b) = m * 2^(n_up - n_down)"}
                                 if runtime_scalar else {"runtime": False, "value": scalar})
    return kernels_text(an), description, program


def program_description(program, buffers: dict, inputs, arg_names: dict, grid, origins: dict | None = None,
                        runtime_scalar: bool = False) -> dict:
    """grid, cores, buffers, circular_buffers and kernels of a Program built over symbolic
    `buffers` (name -> SymbolicBuffer; `inputs`: the names it reads, the others it writes)."""
    from ttbw.runtime.program import cores_of

    by_address = {b.address: name for name, b in buffers.items()}

    def symbolic(kernel, args):
        args = [int(v) for v in args]
        out: list = [{"address_of": by_address[v]} if v in by_address else v for v in args]
        if runtime_scalar and kernel == "compute":
            for i in range(len(args) - 2):
                if args[i:i + 3] == _SCALAR_ARGS:
                    out[i:i + 3] = [{"scalar": "m"}, {"scalar": "n_up"}, {"scalar": "n_down"}]
        return out

    kernels = []
    for k in program.kernels:
        cores = cores_of(k.cores)
        per_core = [{"core": list(c), "args": symbolic(k.name, k.args_for(c))} for c in cores]
        layout = arg_names.get(k.name)
        if layout is not None and per_core and len(layout) != len(per_core[0]["args"]):
            layout = None  # never document a wrong layout
        kernels.append({
            "name": k.name, "thread": _THREAD[str(getattr(k.processor, "value", k.processor))],
            "processor": str(getattr(k.processor, "value", k.processor)),
            "compile_args": [int(v) for v in k.compile_args],
            "fp32_dest_acc_en": bool(k.fp32_dest_acc_en),
            "runtime_arg_layout": layout,
            "runtime_args": per_core,
        })
    used = sorted({c for k in program.kernels for c in cores_of(k.cores)})
    return {
        "grid": list(grid),
        "cores": [list(c) for c in used],
        "buffers": [dict({"name": name, "role": "input" if name in inputs else "output",
                          "shape": list(b.shape), "dtype": _format_name(b.data_format), "layout": b.layout, "memory": b.memory,
                          "page_size": b.page_size, "num_pages": b.num_pages},
                         **((origins or {}).get(name.split(".")[0], {})),
                         **({"part": name.split(".")[1]} if "." in name else {}))
                    for name, b in buffers.items()],
        "circular_buffers": [{"index": cb.index, "format": _format_name(cb.format), "pages": cb.num_pages,
                              "page_size": cb.page_bytes} for cb in program.circular_buffers],
        "kernels": kernels,
    }


def describe_fused(plan, grid=(8, 8)):
    """The one program of a `fusion.plan_fused_function` plan, without a device: (TTKernel
    module text, description). Buffers carry their origin in the function (arg,
    preallocated_arg, result); `op` is null (the program is the function's TTIR, not one op)."""
    from . import codegen

    spec = plan.spec
    grid = tuple(int(g) for g in grid)
    infos = [*plan.inputs, *plan.outputs]
    buffers = {b.name: symbolic_buffer(b.name, i, b.shape, b.dtype, b.layout, b.memory) for i, b in enumerate(infos)}
    runtime = bool(spec.scalar) and spec.scalar[0] == "arg"
    program = codegen.build_program(spec, [buffers[b.name] for b in plan.inputs],
                                    [buffers[b.name] for b in plan.outputs], grid,
                                    _SCALAR_SENTINEL if runtime else None)
    description = {"version": SCHEMA_VERSION, "op": None, "variant": "generic",
                   **program_description(program, buffers, [b.name for b in plan.inputs],
                                         codegen.arg_names(spec.kernels), grid, None, runtime)}
    origin = {b.name: dict(b.origin) for b in infos}
    for entry in description["buffers"]:
        entry.update(origin[entry["name"]])
    if spec.scalar:
        description["scalar"] = ({"runtime": True, "arg": spec.scalar[1], "encoding": "f32(b) = m * 2^(n_up - n_down)"}
                                 if runtime else {"runtime": False, "value": spec.scalar[1]})
    return codegen.kernels_text(spec.kernels), description


def describe_composite(plan, name: str, grid=(8, 8), op: str | None = "ttir.mul_bw"):
    """The composite (fuse=false) programs of a `composite.plan_composite` plan, without a
    device: ([(program name, TTKernel module text, description)], composite description).
    Programs are named "<name>_<k>_<op>" (k: launch order); buffers carry their real dtype /
    layout / memory and their origin in the decomposed function (arg, preallocated_arg,
    result, intermediate); an intermediate is written by one program's writer and read by
    later readers. `op`: the op the function computes (None: a function of TTIR ops that is
    no mul_bw's decomposition)."""
    from .composite import step_arg_names, step_kernels_text, step_program

    grid = tuple(int(g) for g in grid)
    symbolic = {b.name: symbolic_buffer(b.name, i, b.shape, b.dtype, b.layout, b.memory)
                for i, b in enumerate(plan.buffers)}
    origin = {b.name: dict(b.origin) for b in plan.buffers}
    programs, entries = [], []
    written_by, read_by = {}, {}
    for k, step in enumerate(plan.programs):
        pname = f"{name}_{k}_{step.op}"
        inputs = [b for b, _ in step.inputs]
        scalar, runtime = None, False
        if step.scalar:
            runtime = step.scalar[0] == "arg"
            scalar = _SCALAR_SENTINEL if runtime else step.scalar[1]
        program = step_program(step, symbolic, grid, scalar)
        used = {b: symbolic[b] for b in [*inputs, step.output]}
        description = {"version": SCHEMA_VERSION, "op": f"ttir.{step.op}", "variant": step.kind,
                       **program_description(program, used, inputs, step_arg_names(step), grid, None, runtime)}
        for entry in description["buffers"]:
            entry.update(origin[entry["name"]])
        if step.scalar:
            description["scalar"] = ({"runtime": True, "arg": step.scalar[1],
                                      "encoding": "f32(b) = m * 2^(n_up - n_down)"}
                                     if runtime else {"runtime": False, "value": scalar})
        programs.append((pname, step_kernels_text(step, plan), description))
        entries.append({"name": pname, "op": f"ttir.{step.op}", "variant": step.kind,
                        "inputs": inputs, "outputs": [step.output]})
        written_by[step.output] = pname
        for b in inputs:
            read_by.setdefault(b, []).append(pname)
    buffers = [{"name": b.name, "shape": list(b.shape), "dtype": b.dtype, "layout": b.layout, "memory": b.memory,
                "page_size": symbolic[b.name].page_size, "num_pages": symbolic[b.name].num_pages,
                **origin[b.name], "written_by": written_by.get(b.name), "read_by": read_by.get(b.name, [])}
               for b in plan.buffers]
    aliases = [{"buffer": s.output, "shape": list(s.out_shape)} for s in plan.steps if s.kind == "alias"]
    composite = {"version": SCHEMA_VERSION, "op": op, "mode": "composite", "grid": list(grid),
                 "programs": entries, "intermediates": plan.intermediates,
                 "buffers": buffers, "aliases": aliases,
                 "results": [{"buffer": b, "shape": list(s)} for b, s in plan.results]}
    return programs, composite
