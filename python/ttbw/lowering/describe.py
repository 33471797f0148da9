"""Host programs as data, built without a device: kernels IR + a description (a dict that
`host_ir` writes as the TTMetal host function).

    text, description = describe_fused(plan, grid=(8, 8))           # fusion.plan_fused_function
    programs, manifest = describe_composite(plan, name, grid)        # composite.plan_composite_function

Programs are made over symbolic buffers (`device_buffers.symbolic_buffer`, no memory allocated)
whose addresses, and a runtime scalar's encoding, are sentinels that the description turns
back into symbolic runtime args ({"address_of": name}, {"scalar": "m"}). The schema is
documented in README.md ("Host program description").
"""
from __future__ import annotations

from .device_buffers import symbolic_buffer

SCHEMA_VERSION = 1
# a runtime scalar's sentinel: 12345677 * 2^-77 encodes as (m, n_up, n_down) = (12345677, 0, 77)
_SCALAR_SENTINEL = 12345677 * 2.0 ** -77
_SCALAR_ARGS = [12345677, 0, 77]
_THREAD = {"reader": "noc", "writer": "noc", "compute": "compute"}


def _format_name(data_format) -> str:
    return {"FLOAT32": "f32", "BFLOAT16": "bf16", "BFLOAT8_B": "bfp8_b"}[data_format.name]


def program_description(program, buffers: dict, inputs, arg_names: dict, grid, runtime_scalar: bool = False) -> dict:
    """grid, cores, buffers, circular_buffers and kernels of a Program built over symbolic
    `buffers` (name -> SymbolicBuffer; `inputs`: the names it reads, the others it writes)."""
    from ttbw.execution.emulator.program import cores_of

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
        "buffers": [{"name": name, "role": "input" if name in inputs else "output", "shape": list(b.shape),
                     "dtype": _format_name(b.data_format), "layout": b.layout, "memory": b.memory,
                     "page_size": b.page_size, "num_pages": b.num_pages}
                    for name, b in buffers.items()],
        "circular_buffers": [{"index": cb.index, "format": _format_name(cb.format), "pages": cb.num_pages,
                              "page_size": cb.page_bytes} for cb in program.circular_buffers],
        "kernels": kernels,
    }


def describe_fused(plan, grid=(8, 8)):
    """The one program of a `fusion.plan_fused_function` plan, without a device: (TTKernel
    module text, description). Buffers carry their origin in the function (arg,
    preallocated_arg, result); `op` is null (the program is the function's TTIR, not one op).
    A plan without a program (every result empty): (None, a description without buffers,
    circular buffers or kernels)."""
    from . import codegen

    spec = plan.spec
    grid = tuple(int(g) for g in grid)
    if spec is None:
        return None, {"version": SCHEMA_VERSION, "op": None, "variant": "generic", "grid": list(grid), "cores": [],
                      "buffers": [], "circular_buffers": [], "kernels": []}
    infos = [*plan.inputs, *plan.outputs]
    buffers = {b.name: symbolic_buffer(b.name, i, b.shape, b.dtype, b.layout, b.memory) for i, b in enumerate(infos)}
    runtime = bool(spec.scalar) and spec.scalar[0] == "arg"
    program = codegen.build_program(spec, [buffers[b.name] for b in plan.inputs],
                                    [buffers[b.name] for b in plan.outputs], grid,
                                    _SCALAR_SENTINEL if runtime else None)
    description = {"version": SCHEMA_VERSION, "op": None, "variant": "generic",
                   **program_description(program, buffers, [b.name for b in plan.inputs],
                                         codegen.arg_names(spec.kernels), grid, runtime)}
    origin = {b.name: dict(b.origin) for b in infos}
    for entry in description["buffers"]:
        entry.update(origin[entry["name"]])
    if spec.scalar:
        description["scalar"] = ({"runtime": True, "arg": spec.scalar[1], "encoding": "f32(b) = m * 2^(n_up - n_down)"}
                                 if runtime else {"runtime": False, "value": spec.scalar[1]})
    return codegen.kernels_text(spec.kernels), description


def describe_composite(plan, name: str, grid=(8, 8)):
    """The composite (fuse=false) programs of a `composite.plan_composite` plan, without a
    device: ([(program name, TTKernel module text, description)], composite description).
    Programs are named "<name>_<k>_<op>" (k: launch order); buffers carry their real dtype /
    layout / memory and their origin in the decomposed function (arg, preallocated_arg,
    result, intermediate); an intermediate is written by one program's writer and read by
    later readers. The manifest's `op` is null (the compiler pass names the op it lowered)."""
    from .composite import step_arg_names, step_kernels_text, step_program

    grid = tuple(int(g) for g in grid)
    symbolic = {b.name: symbolic_buffer(b.name, i, b.shape, b.dtype, b.layout, b.memory)
                for i, b in enumerate(plan.buffers)}
    origin = {b.name: dict(b.origin) for b in plan.buffers}
    programs, entries = [], []
    written_by, read_by = {}, {}
    for k, step in enumerate(plan.programs):
        pname = f"{name}_{k}_{step.op}"
        inputs = [b for b, _ in step.inputs if b is not None]  # None: no elements, not read
        scalar, runtime = None, False
        if step.scalar:
            runtime = step.scalar[0] == "arg"
            scalar = _SCALAR_SENTINEL if runtime else step.scalar[1]
        program = step_program(step, symbolic, grid, scalar)
        used = {b: symbolic[b] for b in [*inputs, step.output]}
        description = {"version": SCHEMA_VERSION, "op": f"ttir.{step.op}", "variant": step.kind,
                       **program_description(program, used, inputs, step_arg_names(step), grid, runtime)}
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
    composite = {"version": SCHEMA_VERSION, "op": None, "mode": "composite", "grid": list(grid),
                 "programs": entries, "intermediates": plan.intermediates,
                 "buffers": buffers, "aliases": aliases,
                 "results": [{"buffer": b, "shape": list(s)} for b, s in plan.results]}
    return programs, composite
