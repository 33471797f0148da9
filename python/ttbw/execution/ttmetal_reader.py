"""Reads the host programs of a compiled module: the TTMetal host functions that
`convert-ttir-to-ttkernel` emits (`ttbw.lowering.host_ir`), parsed and verified by tt-mlir and
walked through its C API (`ttbw.ttmlir.module`).

Each host function becomes a `HostFunction`: its argument / result types, its buffers (one
entry per `ttmetal.create_buffer` named by `ttbw.name`: name, shape, dtype, layout, memory,
page_size, num_pages, and `arg` / `result` where a write / read connects it to an argument /
a returned value; a returned value with no elements is allocated and read from no buffer) and, per `ttmetal.enqueue_program` in launch order, the program's
description (cores, buffers, circular buffers, kernels with their per-core runtime args, the
runtime scalar), in the form `ttbw.execution.executor` builds runtime Programs from: a buffer address is
`{"address_of": name}`, a runtime scalar's encoding `{"scalar": "m" | "n_up" | "n_down"}`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ttbw.support.diagnostics import DiagnosticError

_DTYPE = {"bf16": "bf16", "f32": "f32", "bfp_bf8": "bfp8_b"}
_MEMORY = r"#(?:ttcore\.memory_space<)?(dram|l1)>?"
_BUFFER = re.compile(r"^memref<1x1x(\d+)x(\d+)x(?:!ttcore\.tile<32x32, (\w+)>|(\w+)), "
                     r"#ttcore\.interleaved<(\d+)x(\d+)>, " + _MEMORY + r">$")
_CB = re.compile(r"^memref<1x(\d+)x!ttcore\.tile<32x32, (\w+)>, #ttcore\.cb_layout<(\d+)x(\d+), 1>, " + _MEMORY + ">$")
_CONFIG = re.compile(r"^#ttmetal\.(noc|compute)_config<@([\w.$-]+)::@([\w.$-]+), ")
_SCALAR_FIELDS = ("m", "n_up", "n_down")


class HostProgramError(ValueError):
    """A module whose host program cannot be read."""


@dataclass
class HostFunction:
    name: str
    arguments: list                 # argument types, as printed (memref<...> or a scalar type)
    result_types: list
    grid: tuple
    buffers: list                   # buffer entries
    programs: list                  # [(program name, description)], launch order
    results: list                   # [(buffer name, shape)] per returned value (None: no elements)
    scalar_args: dict = field(default_factory=dict)  # program name -> argument index


def shape_of(type_text: str) -> tuple:
    """The static shape of a printed memref / tensor type (() for a scalar type)."""
    match = re.match(r"^(?:memref|tensor)<((?:\d+x)*)", type_text)
    return tuple(int(d) for d in match.group(1).split("x")[:-1]) if match else ()


def parse(text, filename: str = "<module>"):
    """A compiled module (text) parsed and verified by tt-mlir (a `ttbw.ttmlir.module.Module`:
    close it when done)."""
    from ttbw.ttmlir.module import Module

    try:
        return Module.parse(text, filename)  # the parse verifies it
    except DiagnosticError as error:
        raise HostProgramError("\n".join(d.format() for d in error.diagnostics)) from None


def read(module, filename: str = "<module>") -> list[HostFunction]:
    """The host functions of a parsed compiled module (see `parse`), in module order."""
    return [_function(op, filename) for op in module.body()
            if op.name == "func.func" and any(o.name.startswith("ttmetal.") for o in op.ops())]


def _function(func, filename: str) -> HostFunction:
    attrs = func.attributes
    name = attrs["sym_name"]
    where = f"{filename}: host function @{name}"
    arguments = [a.type for a in func.arguments()]
    grid = tuple(attrs.get("ttbw.grid") or (8, 8))
    buffers: list = []
    by_value: dict = {}     # value key -> buffer entry (create_buffer results)
    cb_types: dict = {}     # value key -> CB memref type
    allocs: dict = {}       # memref.alloc value key -> the buffer entries read into it
    programs, scalar_args, returned = [], {}, []
    for op in func.ops():
        a = op.attributes
        if op.name == "ttmetal.create_buffer":
            result = op.results[0]
            if "ttbw.name" in a:
                entry = _buffer(result.type, a, where)
                buffers.append(entry)
                by_value[result.key] = entry
            else:
                cb_types[result.key] = result.type
        elif op.name == "ttmetal.enqueue_write_buffer":
            source, target = op.operands
            if source.argument_number is None or target.key not in by_value:
                raise HostProgramError(f"{where}: enqueue_write_buffer must write an argument into a named buffer")
            by_value[target.key]["arg"] = source.argument_number
            if "ttbw.part" in a:
                by_value[target.key]["part"] = a["ttbw.part"]
        elif op.name == "memref.alloc":
            allocs.setdefault(op.results[0].key, [])
        elif op.name == "ttmetal.enqueue_read_buffer":
            source, target = op.operands
            if source.key not in by_value:
                raise HostProgramError(f"{where}: enqueue_read_buffer must read a named buffer")
            allocs.setdefault(target.key, []).append(by_value[source.key])  # complex: real, imag
        elif op.name == "ttmetal.enqueue_program":
            pname, description, scalar_arg = _program(op, by_value, cb_types, grid, where)
            programs.append((pname, description))
            if scalar_arg is not None:
                scalar_args[pname] = scalar_arg
        elif op.name == "func.return":
            result_attrs = attrs.get("res_attrs") or []
            for position, value in enumerate(op.operands):
                given = result_attrs[position].get("ttbw.shape") if position < len(result_attrs) else None
                shape = tuple(given) if given is not None else shape_of(value.type)
                if value.key in allocs and not allocs[value.key] and 0 in shape:  # no elements: no buffer
                    returned.append((None, shape))
                    continue
                if not allocs.get(value.key):
                    raise HostProgramError(f"{where}: result {position} is not read from a device buffer")
                returned.append((allocs[value.key][0]["name"], shape))
                for entry in allocs[value.key]:
                    entry.setdefault("result", []).append(position)
    result_types = [v.type for o in func.ops() if o.name == "func.return" for v in o.operands]
    for entry in buffers:
        if len(entry.get("result", ())) == 1:
            entry["result"] = entry["result"][0]
        if "arg" not in entry and "result" not in entry:
            entry["intermediate"] = True
    return HostFunction(name, arguments, result_types, grid, buffers, programs, returned, scalar_args)


def _buffer(type_text: str, attrs: dict, where: str) -> dict:
    match = _BUFFER.match(type_text)
    if match is None:
        raise HostProgramError(f"{where}: buffer '{attrs['ttbw.name']}' has an unsupported type {type_text}")
    rows, cols, tile, scalar, stride0, stride1, memory = match.groups()
    layout = "tile" if tile else "row_major"
    return {"name": attrs["ttbw.name"], "shape": list(attrs.get("ttbw.shape") or []),
            "dtype": _DTYPE.get(tile or scalar, tile or scalar), "layout": layout, "memory": memory,
            "page_size": int(stride1) if tile else int(stride0),
            "num_pages": int(rows) * int(cols) if tile else int(rows)}


def _program(op, by_value: dict, cb_types: dict, grid, where: str):
    """(program name, description, argument index of its runtime scalar or None)."""
    a = op.attributes
    segments = a["operandSegmentSizes"]
    operands = op.operands
    args, cbs = operands[:segments[0]], operands[segments[0]:]
    buffers, scalar_arg = [], None
    for value in args:
        if value.key in by_value:
            buffers.append(by_value[value.key])
        elif value.argument_number is not None and not value.type.startswith("memref<"):
            scalar_arg = value.argument_number
        else:
            raise HostProgramError(f"{where}: enqueue_program operands must be named buffers or a scalar argument")
    circular = []
    for port, value in zip(a["cb_ports"], cbs):
        match = _CB.match(cb_types.get(value.key, ""))
        if match is None:
            raise HostProgramError(f"{where}: circular buffer {port} has an unsupported type {value.type}")
        pages, dtype, _, page, _ = match.groups()
        circular.append({"index": int(port), "format": _DTYPE[dtype], "pages": int(pages), "page_size": int(page)})
    configs, extras = a["kernelConfigs"], a.get("ttbw.kernels") or []
    if len(configs) != len(extras):
        raise HostProgramError(f"{where}: ttbw.kernels must hold one entry per kernel config")
    kernels, names, cores = [], set(), set()
    for config, extra in zip(configs, extras):
        kernel, pname = _kernel(config, extra, buffers, where)
        kernels.append(kernel)
        names.add(pname)
        cores.update(tuple(c["core"]) for c in kernel["runtime_args"])
    if len(names) != 1:
        raise HostProgramError(f"{where}: the kernels of one enqueue_program must live in one program module")
    description = {"grid": list(grid), "cores": [list(c) for c in sorted(cores)], "buffers": buffers,
                   "circular_buffers": circular, "kernels": kernels}
    if scalar_arg is not None:
        description["scalar"] = {"runtime": True, "arg": scalar_arg}
    return names.pop(), description, scalar_arg


def _kernel(config: str, extra: dict, buffers: list, where: str):
    match = _CONFIG.match(config)
    if match is None:
        raise HostProgramError(f"{where}: unsupported kernel config {config}")
    kind, pname, name = match.groups()
    if kind == "compute":
        flags = re.search(r", hifi\d, (true|false), ", config) or re.search(r", lofi, (true|false), ", config)
        processor, fp32 = "compute", bool(flags and flags.group(1) == "true")
    else:
        processor, fp32 = ("writer" if config.rstrip(">").endswith("noc1") else "reader"), False
    addresses = [buffers[int(i)]["name"] for i in re.findall(r"<buffer_address\[(\d+)\]>", config)]
    slots = extra.get("address_slots") or []
    scalar_slots = extra.get("scalar_slots") or []
    if len(slots) != len(addresses):
        raise HostProgramError(f"{where}: kernel @{name}: address_slots must match rt_args")
    flat = extra.get("cores") or []
    per_core = []
    for k, values in enumerate(extra.get("runtime_args") or []):
        values = list(values)
        for slot, buffer in zip(slots, addresses):
            values[slot] = {"address_of": buffer}
        for slot, part in zip(scalar_slots, _SCALAR_FIELDS):
            values[slot] = {"scalar": part}
        per_core.append({"core": [flat[2 * k], flat[2 * k + 1]], "args": values})
    return {"name": name, "thread": "compute" if kind == "compute" else "noc", "processor": processor,
            "compile_args": list(extra.get("compile_args") or []), "fp32_dest_acc_en": fp32,
            "runtime_arg_layout": extra.get("runtime_arg_layout"), "runtime_args": per_core}, pname
