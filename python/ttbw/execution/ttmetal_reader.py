"""Reads the host functions of a compiled module: the TTMetal host functions that
`convert-linalg-to-ttkernel` emits (`ttbw.lowering.ttmetal_builder`), parsed and verified by
tt-mlir and walked through its C API, into the `HostFunction`s the lowering wrote
(`ttbw.target.host_program`).

Types and attributes are read through the C API (shapes, element types, memory spaces, arrays,
dictionaries, symbol references), never by matching their text: a buffer's memref must equal the
one its BufferSpec gives (`mlirTypeEqual`), and each kernel config of an `enqueue_program` the one
its `ttbw.kernels` entry gives (`mlirAttributeEqual`), so what tt-mlir sees and what ttbw runs
cannot disagree.
"""
from __future__ import annotations

from ttbw.lowering.addresses import address_problem
from ttbw.lowering.limits import buffers_problem
from ttbw.target.host_program import SCALAR_WORDS, AddressOf, BufferSpec, CircularBufferSpec, CoreArgs, \
    HostFunction, HostValue, KernelLaunch, Processor, ProgramLaunch, ResultRead, ScalarWord, Upload

_FORMATS = ("bf16", "f32", "bfp8_b")
_LAYOUTS = ("tile", "row_major")
_MEMORIES = ("dram", "l1")


class HostProgramError(ValueError):
    """A module whose host program cannot be read."""


def parse(text, filename: str = "<module>"):
    """A compiled module (text) parsed and verified by tt-mlir (a `ttbw.ttmlir.module.Module`:
    close it when done). DiagnosticError: located in the text."""
    from ttbw.ttmlir.module import Module

    return Module.parse(text, filename)  # the parse verifies it


def read(module, filename: str = "<module>") -> list[HostFunction]:
    """The host functions of a parsed compiled module (see `parse`), in module order."""
    from ttbw.ttmlir.builder import Builder

    types = _Types(Builder(module))
    return [_function(op, types, f"{filename}: host function @{op.attribute('sym_name')}") for op in module.body()
            if op.name == "func.func" and any(o.name.startswith("ttmetal.") for o in op.ops())]


class _Types:
    """Reads types through the C API, comparing with the ones the lowering would write."""

    def __init__(self, builder):
        from ttbw.lowering.ttmetal_builder import cb_memref, device_memref

        self.b, self.lib = builder, builder.lib
        self.device_memref, self.cb_memref = device_memref, cb_memref
        self.tiles = {fmt: builder.type(f"!ttcore.tile<32x32, {t}>")
                      for fmt, t in (("bf16", "bf16"), ("f32", "f32"), ("bfp8_b", "bfp_bf8"))}
        self.scalars = {fmt: builder.type(fmt) for fmt in ("bf16", "f32")}
        self.memories = {m: builder.attr(f"#ttcore.memory_space<{m}>") for m in _MEMORIES}

    def dims(self, type_) -> tuple[int, ...]:
        lib = self.lib
        return tuple(int(lib.mlirShapedTypeGetDimSize(type_, i)) for i in range(lib.mlirShapedTypeGetRank(type_)))

    def element(self, type_) -> tuple[str, str] | None:
        """(format, layout) of a memref's element type: a tile type, or bf16 / f32 rows."""
        element = self.lib.mlirShapedTypeGetElementType(type_)
        for table, layout in ((self.tiles, "tile"), (self.scalars, "row_major")):
            for fmt, known in table.items():
                if self.lib.mlirTypeEqual(element, known):
                    return fmt, layout
        return None

    def memory(self, type_) -> str | None:
        space = self.lib.mlirMemRefTypeGetMemorySpace(type_)
        return next((m for m, attr in self.memories.items() if space.ptr and self.lib.mlirAttributeEqual(space, attr)),
                    None)

    def buffer(self, value, name: str, shape: tuple, address, where: str) -> BufferSpec:
        type_ = self.lib.mlirValueGetType(value.handle)
        kind = self.element(type_) if self.lib.mlirTypeIsAMemRef(type_) else None
        memory = self.memory(type_) if kind is not None else None
        spec = BufferSpec(name, shape, kind[0], kind[1], memory, address) if memory is not None else None
        if spec is None or not self.lib.mlirTypeEqual(type_, self.b.type(self.device_memref(spec))):
            raise HostProgramError(f"{where}: buffer '{name}' of shape {list(shape)} has an unsupported type "
                                   f"{value.type}")
        return spec

    def circular_buffer(self, value, index: int, address, where: str) -> CircularBufferSpec:
        from ttbw.target.formats import DataFormat

        type_ = self.lib.mlirValueGetType(value.handle)
        kind = self.element(type_) if self.lib.mlirTypeIsAMemRef(type_) else None
        dims = self.dims(type_) if kind is not None else ()
        if kind is None or kind[1] != "tile" or len(dims) != 2:
            raise HostProgramError(f"{where}: circular buffer {index} has an unsupported type {value.type}")
        spec = CircularBufferSpec(index, kind[0], dims[1], DataFormat.parse(kind[0]).tile_bytes, address)
        if not self.lib.mlirTypeEqual(type_, self.b.type(self.cb_memref(spec.fmt, spec.pages, spec.page_size))):
            raise HostProgramError(f"{where}: circular buffer {index} has an unsupported type {value.type}")
        return spec


def _function(func, types: _Types, where: str) -> HostFunction:
    attrs = func.attributes
    arg_attrs, res_attrs = attrs.get("arg_attrs") or [], attrs.get("res_attrs") or []
    arguments = tuple(_host_value(a, arg_attrs[i] if i < len(arg_attrs) else {}, types)
                      for i, a in enumerate(func.arguments()))
    grid = tuple(attrs.get("ttbw.grid") or (8, 8))
    buffers, uploads, launches, results = [], [], [], []
    by_value: dict = {}   # value key -> BufferSpec
    cbs: dict = {}        # value key -> the CB value
    allocs: dict = {}     # memref.alloc value key -> the buffer read into it (None: none)
    for op in func.ops():
        a = op.attributes
        if op.name == "ttmetal.create_buffer":
            result = op.results[0]
            if "ttbw.name" in a:
                spec = types.buffer(result, a["ttbw.name"], tuple(a.get("ttbw.shape") or ()), a.get("address"), where)
                buffers.append(spec)
                by_value[result.key] = spec
            else:
                cbs[result.key] = (result, a.get("address"))
        elif op.name == "ttmetal.enqueue_write_buffer":
            source, target = op.operands
            if source.argument_number is None or target.key not in by_value:
                raise HostProgramError(f"{where}: enqueue_write_buffer must write an argument into a named buffer")
            uploads.append(Upload(by_value[target.key].name, source.argument_number))
        elif op.name == "memref.alloc":
            allocs.setdefault(op.results[0].key, None)
        elif op.name == "ttmetal.enqueue_read_buffer":
            source, target = op.operands
            if source.key not in by_value:
                raise HostProgramError(f"{where}: enqueue_read_buffer must read a named buffer")
            allocs[target.key] = by_value[source.key].name
        elif op.name == "ttmetal.enqueue_program":
            launches.append(_launch(op, by_value, cbs, types, where))
        elif op.name == "func.return":
            for position, value in enumerate(op.operands):
                host = _host_value(value, res_attrs[position] if position < len(res_attrs) else {}, types)
                if value.key not in allocs or (allocs[value.key] is None and 0 not in host.shape):
                    raise HostProgramError(f"{where}: result {position} is not read from a device buffer")
                results.append(ResultRead(allocs[value.key], host))
    host = HostFunction(attrs["sym_name"], arguments, grid, tuple(buffers), tuple(uploads), tuple(launches),
                        tuple(results))
    # Addresses of buffers larger than the device mean nothing: the executor names that first.
    fits = buffers_problem(host.buffers, grid[0] * grid[1]) is None
    problem = address_problem(host) if fits else None
    if problem is not None:
        raise HostProgramError(f"{where}: {problem}")
    return host


def _host_value(value, attrs: dict, types: _Types) -> HostValue:
    lib = types.lib
    type_ = lib.mlirValueGetType(value.handle)
    if not lib.mlirTypeIsAMemRef(type_):
        return HostValue(value.type, None)
    given = attrs.get("ttbw.shape") if isinstance(attrs, dict) else None
    return HostValue(value.type, tuple(given) if given is not None else types.dims(type_))


def _launch(op, by_value: dict, cbs: dict, types: _Types, where: str) -> ProgramLaunch:
    a = op.attributes
    segments = a["operandSegmentSizes"]
    operands = op.operands
    names, scalar_arg = [], None
    for value in operands[:segments[0]]:
        if value.key in by_value:
            names.append(by_value[value.key].name)
        elif value.argument_number is not None and not types.lib.mlirTypeIsAMemRef(types.lib.mlirValueGetType(value.handle)):
            scalar_arg = value.argument_number
        else:
            raise HostProgramError(f"{where}: enqueue_program operands must be named buffers or a scalar argument")
    ports = a["cb_ports"]
    if len(ports) != len(operands) - segments[0]:
        raise HostProgramError(f"{where}: enqueue_program must have one cb_port per circular buffer")
    circular = []
    for port, value in zip(ports, operands[segments[0]:]):
        if value.key not in cbs:
            raise HostProgramError(f"{where}: circular buffer {port} is not a created buffer")
        cb_value, cb_address = cbs[value.key]
        circular.append(types.circular_buffer(cb_value, int(port), cb_address, where))
    extras = a.get("ttbw.kernels") or []
    configs = op.raw_attribute("kernelConfigs")
    if configs is None or types.lib.mlirArrayAttrGetNumElements(configs) != len(extras):
        raise HostProgramError(f"{where}: ttbw.kernels must hold one entry per kernel config")
    kernels, programs = [], set()
    for i, extra in enumerate(extras):
        program, kernel = _kernel(extra, names, where)
        config = types.lib.mlirArrayAttrGetElement(configs, i)
        if not _config_matches(config, program, kernel, names, types):
            raise HostProgramError(f"{where}: kernel config {i} of an enqueue_program disagrees with its ttbw.kernels "
                                   f"entry (@{program}::@{kernel.name})")
        kernels.append(kernel)
        programs.add(program)
    if len(programs) != 1:
        raise HostProgramError(f"{where}: the kernels of one enqueue_program must live in one program module")
    return ProgramLaunch(programs.pop(), tuple(names), tuple(circular), tuple(kernels), scalar_arg)


def _kernel(extra: dict, buffers: list, where: str) -> tuple[str, KernelLaunch]:
    symbol = extra.get("kernel")
    if not (isinstance(symbol, tuple) and len(symbol) == 2):
        raise HostProgramError(f"{where}: a ttbw.kernels entry must name its kernel (@program::@kernel)")
    program, name = symbol
    try:
        processor = Processor(extra.get("processor"))
    except ValueError:
        raise HostProgramError(f"{where}: kernel @{name}: unknown processor {extra.get('processor')!r}") from None
    slots = list(extra.get("address_slots") or [])
    scalar_slots = list(extra.get("scalar_slots") or [])
    flat = list(extra.get("cores") or [])
    rows = list(extra.get("runtime_args") or [])
    if len(flat) != 2 * len(rows):
        raise HostProgramError(f"{where}: kernel @{name}: one core per runtime_args entry")
    addresses = list(extra.get("address_buffers") or [])
    if len(addresses) != len(slots) or any(not 0 <= i < len(buffers) for i in addresses):
        raise HostProgramError(f"{where}: kernel @{name}: address_slots must match the kernel's rt_args")
    per_core = []
    for k, values in enumerate(rows):
        values = list(values)
        for what, indices in (("address_slots", slots), ("scalar_slots", scalar_slots)):
            bad = [i for i in indices if not 0 <= i < len(values)]
            if bad:
                raise HostProgramError(f"{where}: kernel @{name}: {what} {bad[0]} is not a slot of its "
                                       f"{len(values)} runtime args")
        for slot, buffer in zip(slots, addresses):
            values[slot] = AddressOf(buffers[buffer])
        for slot, word in zip(scalar_slots, SCALAR_WORDS):
            values[slot] = ScalarWord(word)
        per_core.append(CoreArgs((flat[2 * k], flat[2 * k + 1]), tuple(values)))
    return program, KernelLaunch(name, processor, tuple(extra.get("compile_args") or ()), tuple(per_core),
                                 bool(extra.get("fp32_dest_acc_en", False)),
                                 tuple(extra.get("runtime_arg_layout") or ()))


def _config_matches(config, program: str, kernel: KernelLaunch, buffers: list, types: _Types) -> bool:
    from ttbw.lowering.ttmetal_builder import kernel_config

    expected = kernel_config(program, kernel, {name: i for i, name in enumerate(buffers)})
    return bool(types.lib.mlirAttributeEqual(config, types.b.attr(expected)))
