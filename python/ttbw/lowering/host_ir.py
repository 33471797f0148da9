"""The host program as tt-mlir's TTMetal ops: a lowered function's text in tt-mlir's syntax.

    func.func @f(%arg0: memref<1x1x32x64xbf16>, ...) -> (memref<...>, ...) attributes {ttbw.grid = ...} {
      %0 = "ttmetal.create_buffer"() <{address = 0 : i64}> {ttbw.name = "grad", ttbw.shape = ...}
             : () -> memref<1x1x1x2x!ttcore.tile<32x32, bf16>, #ttcore.interleaved<4096x2048>, #dram>
      "ttmetal.enqueue_write_buffer"(%arg0, %0) : (...) -> ()
      %cb = "ttmetal.create_buffer"() ... -> memref<1x2x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<4096x2048, 1>, #l1>
      "ttmetal.enqueue_program"(%0, ..., %cb, ...) <{cb_ports = ..., kernelConfigs = [...], ...}> {ttbw.kernels = [...]}
      %alloc = memref.alloc() : memref<1x1x32x64xbf16>
      "ttmetal.enqueue_read_buffer"(%3, %alloc) ...
      "ttmetal.finish"() ...
      "ttmetal.deallocate_buffer"(%0) ...
      return %alloc, ...
    }
    module @f_program { func.func @reader() ..., @compute, @writer }   (composite: one module per program)

Built from the host program descriptions of `ttbw.lowering.describe` (schema: README.md, "Host
program description"); what TTMetal cannot express travels in ttbw's discardable attributes:
`ttbw.name` / `ttbw.shape` (a buffer's name and unpadded shape), `ttbw.part` (the half of a
complex argument / result a buffer holds), `ttbw.grid` (the core grid the work was split over)
and, per kernel config of a program, `ttbw.kernels` (compile args, the exact cores, per-core
runtime args, which slots take `rt_args`' buffer addresses and the runtime scalar's encoding).
Addresses are 0: the executor allocates every buffer when it loads the function.
`lowered_module` assembles the whole lowered module in tt-mlir's context.
"""
from __future__ import annotations

from ttbw.target import formats as fmt

_DTYPE = {"bf16": "bf16", "f32": "f32", "bfp8_b": "bfp_bf8"}
_ELEMENT_BYTES = {"bf16": 2, "f32": 4}
_PROCESSOR_NOC = {"reader": "noc0", "writer": "noc1"}
SCALAR_FIELDS = ("m", "n_up", "n_down")


def host_memref(type_text: str) -> str:
    """The host memref of a function argument / result type: `tensor<2x32xbf16, #enc>` ->
    `memref<2x32xbf16>` (rank 0: `memref<1xbf16>`, with `ttbw.shape = array<i64>` on the
    argument / result); a scalar type stays as it is."""
    if not type_text.startswith("tensor<"):
        return type_text
    if type_text.startswith("tensor<") and not type_text[len("tensor<")].isdigit():
        type_text = "tensor<1x" + type_text[len("tensor<"):]  # rank 0: TTMetal transfers need a rank
    inner, depth = type_text[len("tensor<"):-1], 0
    for i, ch in enumerate(inner):
        depth += ch == "<"
        depth -= ch == ">"
        if ch == "," and depth == 0:
            inner = inner[:i]
            break
    return f"memref<{inner.strip()}>"


def device_memref(entry: dict) -> str:
    """The TTMetal memref of a buffer entry (interleaved pages: tiles, or ROW_MAJOR rows)."""
    memory = f"#ttcore.memory_space<{entry['memory']}>"
    page, pages = int(entry["page_size"]), int(entry["num_pages"])
    if entry["layout"] == "tile":
        padded = fmt.padded_shape(tuple(entry["shape"]))
        cols = padded[-1] // fmt.TILE
        rows = pages // cols if cols and pages % cols == 0 else pages
        cols = pages // rows if rows else 1
        return (f"memref<1x1x{rows}x{cols}x!ttcore.tile<32x32, {_DTYPE[entry['dtype']]}>, "
                f"#ttcore.interleaved<{cols * page}x{page}>, {memory}>")
    element = _ELEMENT_BYTES[entry["dtype"]]
    return (f"memref<1x1x{pages}x{page // element}x{entry['dtype']}, "
            f"#ttcore.interleaved<{page}x{element}>, {memory}>")


def cb_memref(cb: dict) -> str:
    page, pages = int(cb["page_size"]), int(cb["pages"])
    return (f"memref<1x{pages}x!ttcore.tile<32x32, {_DTYPE[cb['format']]}>, "
            f"#ttcore.cb_layout<{pages * page}x{page}, 1>, #ttcore.memory_space<l1>>")


def _array(values, kind: str = "i64") -> str:
    return f"array<{kind}: {', '.join(str(int(v)) for v in values)}>" if values else f"array<{kind}>"


def _string(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Writer:
    """SSA names and lines of one host function."""

    def __init__(self):
        self.lines: list[str] = []
        self.values: dict = {}  # buffer name -> (ssa name, memref type)

    def op(self, text: str) -> None:
        self.lines.append("    " + text)

    def create(self, key: str, memref: str, attrs: str = "") -> str:
        ssa = f"%b{len(self.values)}"
        self.values[key] = (ssa, memref)
        discardable = f" {{{attrs}}}" if attrs else ""
        self.op(f'{ssa} = "ttmetal.create_buffer"() <{{address = 0 : i64}}>{discardable} : () -> {memref}')
        return ssa

    def deallocate(self, key: str) -> None:
        ssa, memref = self.values[key]
        self.op(f'"ttmetal.deallocate_buffer"({ssa}) : ({memref}) -> ()')


def host_function(function: dict, buffers: list, programs: list, results: list, grid) -> str:
    """The host `func.func` text, then one kernel module per program.

    `function`: {name, arguments, results} (the replaced function's types); `buffers`: every
    buffer entry (name, shape, dtype, layout, memory, page_size, num_pages + origin: arg,
    preallocated_arg, result, intermediate; part); `programs`: [(module name, kernels text
    without the outer `module`, description)] in launch order; `results`: [buffer names] per
    returned value (a complex one: its real and imag buffers; none: a value with no elements,
    allocated and returned as it is)."""
    args = [host_memref(t) for t in function["arguments"]]
    outs = [host_memref(t) for t in function["results"]]
    w = _Writer()
    launches = [{b["name"] for b in d["buffers"]} for _, _, d in programs]
    first = {b["name"]: next((k for k, used in enumerate(launches) if b["name"] in used), 0) for b in buffers}
    last = {b["name"]: max([k for k, used in enumerate(launches) if b["name"] in used] or [0]) for b in buffers}
    intermediate = {b["name"] for b in buffers if b.get("intermediate")}
    for entry in buffers:
        if entry["name"] not in intermediate:
            _create(w, entry)
    for entry in buffers:
        if "arg" in entry and entry["name"] not in intermediate:
            ssa, memref = w.values[entry["name"]]
            part = f' {{ttbw.part = {_string(entry["part"])}}}' if "part" in entry else ""
            w.op(f'"ttmetal.enqueue_write_buffer"(%arg{entry["arg"]}, {ssa}){part} : '
                 f'({args[entry["arg"]]}, {memref}) -> ()')
    for k, (pname, _, description) in enumerate(programs):
        for entry in buffers:
            if entry["name"] in intermediate and first[entry["name"]] == k:
                _create(w, entry)
        _program(w, pname, description, args)
        for entry in buffers:
            if entry["name"] in intermediate and last[entry["name"]] == k:
                w.deallocate(entry["name"])
    allocs: dict = {}
    by_name = {b["name"]: b for b in buffers}
    returned = []
    for position, names in enumerate(results):
        key = tuple(names) or position
        if key not in allocs:
            allocs[key] = ssa = f"%alloc{len(allocs)}"
            w.op(f"{ssa} = memref.alloc() : {outs[position]}")
            for name in names:  # a complex value: its (real, imag) buffers
                buffer, memref = w.values[name]
                part = f' {{ttbw.part = {_string(by_name[name]["part"])}}}' if "part" in by_name[name] else ""
                w.op(f'"ttmetal.enqueue_read_buffer"({buffer}, {ssa}){part} : ({memref}, {outs[position]}) -> ()')
        returned.append(allocs[key])
    w.op('"ttmetal.finish"() : () -> ()')
    for entry in buffers:
        if entry["name"] not in intermediate:
            w.deallocate(entry["name"])
    w.op(f"return {', '.join(returned)} : {', '.join(outs)}" if returned else "return")
    rank0 = [" {ttbw.shape = array<i64>}" if _rank0(t) else "" for t in function["arguments"]]
    signature = ", ".join(f"%arg{i}: {t}{a}" for i, (t, a) in enumerate(zip(args, rank0)))
    result_types = ", ".join(f"{t} {{ttbw.shape = array<i64>}}" if _rank0(r) else t
                             for t, r in zip(outs, function["results"]))
    result_types = result_types if len(outs) == 1 and not _rank0(function["results"][0]) else f"({result_types})"
    header = (f"  func.func @{function['name']}({signature}) -> {result_types} "
              f"attributes {{ttbw.grid = {_array(grid)}}} {{")
    parts = ["\n".join([header, *w.lines, "  }"])]
    for pname, kernels, _ in programs:
        parts.append(f"  module @{pname} {{\n{kernels.rstrip()}\n  }}")
    return "\n".join(parts)


def _rank0(type_text: str) -> bool:
    return type_text.startswith("tensor<") and not type_text[len("tensor<")].isdigit()


def _create(w: _Writer, entry: dict) -> None:
    attrs = f"ttbw.name = {_string(entry['name'])}, ttbw.shape = {_array(entry['shape'])}"
    w.create(entry["name"], device_memref(entry), attrs)


def _program(w: _Writer, pname: str, d: dict, args: list) -> None:
    """The CBs and the enqueue_program of one program."""
    operands = [w.values[b["name"]] for b in d["buffers"]]
    position = {b["name"]: i for i, b in enumerate(d["buffers"])}
    scalar = d.get("scalar") or {}
    if scalar.get("runtime"):
        operands.append((f"%arg{scalar['arg']}", args[scalar["arg"]]))
    cbs = []
    for cb in d["circular_buffers"]:
        key = f"{pname}.cb{cb['index']}"
        cbs.append(w.values.get(key) or (w.create(key, cb_memref(cb)), cb_memref(cb)))
    configs, kernels = [], []
    for kernel in d["kernels"]:
        config, extra = _kernel(pname, kernel, position)
        configs.append(config)
        kernels.append(extra)
    ssa = ", ".join(s for s, _ in operands + cbs)
    types = ", ".join(t for _, t in operands + cbs)
    ports = _array([cb["index"] for cb in d["circular_buffers"]])
    w.op(f'"ttmetal.enqueue_program"({ssa}) <{{cb_ports = {ports}, kernelConfigs = [{", ".join(configs)}], '
         f'operandSegmentSizes = {_array([len(operands), len(cbs)], "i32")}}}> '
         f'{{ttbw.kernels = [{", ".join(kernels)}]}} : ({types}) -> ()')
    for cb in d["circular_buffers"]:
        w.deallocate(f"{pname}.cb{cb['index']}")


def _kernel(pname: str, kernel: dict, position: dict) -> tuple[str, str]:
    """(the kernel config attribute, its ttbw.kernels entry)."""
    per_core = kernel["runtime_args"]
    cores = [tuple(c["core"]) for c in per_core]
    slots = [(i, a) for i, a in enumerate(per_core[0]["args"]) if not isinstance(a, int)] if per_core else []
    for c in per_core:
        if [(i, a) for i, a in enumerate(c["args"]) if not isinstance(a, int)] != slots:
            raise ValueError(f"program @{pname}: kernel @{kernel['name']} binds buffer addresses / the scalar "
                             "at different runtime arg slots on different cores")
    addresses = [(i, a["address_of"]) for i, a in slots if "address_of" in a]
    scalar = {a["scalar"]: i for i, a in slots if "scalar" in a}
    rt_args = ", ".join(f"<buffer_address[{position[name]}]>" for _, name in addresses)
    args = f"#ttmetal.kernel_args<rt_args = [{rt_args}]>" if rt_args else "#ttmetal.kernel_args< >"
    xs, ys = [x for x, _ in cores] or [0], [y for _, y in cores] or [0]
    core_range = (f"#ttmetal.core_range<{min(ys)}x{min(xs)}, "
                  f"{max(ys) - min(ys) + 1}x{max(xs) - min(xs) + 1}>")
    symbol = f"@{pname}::@{kernel['name']}"
    if kernel["processor"] == "compute":
        fp32 = "true" if kernel["fp32_dest_acc_en"] else "false"
        config = f"#ttmetal.compute_config<{symbol}, {core_range}, {args}, hifi4, {fp32}, false, false, [default]>"
    else:
        config = f"#ttmetal.noc_config<{symbol}, {core_range}, {args}, {_PROCESSOR_NOC[kernel['processor']]}>"
    fields = [f"compile_args = {_array(kernel['compile_args'])}",
              f"cores = {_array([v for c in cores for v in c])}",
              "runtime_args = [" + ", ".join(_array([a if isinstance(a, int) else 0 for a in c["args"]])
                                             for c in per_core) + "]"]
    if addresses:
        fields.append(f"address_slots = {_array([i for i, _ in addresses])}")
    if scalar:
        fields.append(f"scalar_slots = {_array([scalar[f] for f in SCALAR_FIELDS])}")
    if kernel.get("runtime_arg_layout"):
        fields.append("runtime_arg_layout = [" + ", ".join(_string(n) for n in kernel["runtime_arg_layout"]) + "]")
    return config, "{" + ", ".join(fields) + "}"


def lowered_module(module, work: list):
    """The upstream `module` in tt-mlir's context (a `ttbw.ttmlir.module.Module`): each lowered
    function of `work` ([(func op, name, kernels text or composite programs, description)])
    replaced by its host function and its programs' kernel modules, located at the function;
    the rest of the module printed as it is (generic form, locations kept)."""
    from ttbw.support.diagnostics import Diagnostic, DiagnosticError, source_loc
    from ttbw.ttmlir.module import Module

    generated, locations = {}, []
    for func, name, text, description in work:
        if isinstance(text, list):  # fuse=false: the composite's programs, one host function
            programs = [(pname, _kernel_body(kernels), d) for pname, kernels, d in text]
            buffers, results = _halves(description)
            host = host_function(description["function"], buffers, programs, results, description["grid"])
        else:
            programs = [(f"{name}_program", _kernel_body(text), description)] if text is not None else []
            host = host_function(description["function"], description["buffers"], programs,
                                 _results(description["buffers"], len(description["function"]["results"])),
                                 description["grid"])
        generated[func] = host
        locations.append(([name, *(p for p, _, _ in programs)], source_loc(func.location)))
    parts = []
    for op in module.body.operations:
        op = op.operation
        parts.append(generated[op] if op in generated else op.get_asm(
            print_generic_op_form=True, use_local_scope=True, enable_debug_info=True).rstrip())
    attributes = ", ".join(f"{a.name} = {a.attr}" for a in module.operation.attributes)
    header = f"module attributes {{{attributes}}} {{" if attributes else "module {"
    filename = source_loc(module.operation.location).file
    try:
        lowered = Module.parse(header + "\n" + "\n".join(parts) + "\n}\n", filename)
    except DiagnosticError as error:
        raise DiagnosticError([Diagnostic("error", source_loc(module.operation.location),
                                          "convert-ttir-to-ttkernel: tt-mlir refused the lowered module: "
                                          + "; ".join(d.message for d in error.diagnostics))]) from None
    for symbols, where in locations:
        lowered.relocate(symbols, where.file, where.line, where.col)
    return lowered


def _halves(composite: dict) -> tuple[list, list]:
    """(buffers, buffer names per returned value) of a composite. The plan of a complex
    function numbers the (real, imag) pairs of its decomposition: argument / result 2k + p is
    part p of the function's complex argument / result k."""
    buffers = [dict(b) for b in composite["buffers"]]
    results = [[r["buffer"]] if r["buffer"] is not None else [] for r in composite["results"]]
    complex_args = any("complex<" in t for t in composite["function"]["arguments"])
    if not complex_args:
        return buffers, results
    for entry in buffers:
        for key in ("arg", "preallocated_arg"):
            if key in entry:
                entry[key], half = divmod(entry[key], 2)
                entry["part"] = ("real", "imag")[half]
        if "result" in entry:
            entry["part"] = ("real", "imag")[entry["result"] % 2]
    return buffers, [results[k] + results[k + 1] for k in range(0, len(results), 2)]


def _results(buffers: list, count: int) -> list:
    """The buffer names of each of the `count` returned values (a complex one: real, imag; an
    empty one: none), in return order."""
    positions: dict = {}
    for entry in buffers:
        value = entry.get("result")
        for position in value if isinstance(value, list) else [] if value is None else [value]:
            positions.setdefault(position, []).append(entry["name"])
    return [positions.get(p, []) for p in range(count)]


def _kernel_body(text: str) -> str:
    """A program's kernels (a `module {...}` of TTKernel functions, generic form) as tt-mlir
    prints them, without the module (aliases inlined), to nest in the program's module."""
    from ttbw.ttmlir.module import Module

    kernels = Module.parse(text, "<kernels>")
    try:
        printed = kernels.get_asm(use_local_scope=True).strip()
    finally:
        kernels.close()
    assert printed.startswith("module {") and printed.endswith("}"), printed[:40]
    return printed[len("module {"):-1].strip("\n")
