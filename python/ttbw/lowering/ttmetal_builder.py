"""A `HostFunction` (ttbw.target.host_program) as tt-mlir's TTMetal host function, created through
the C API in tt-mlir's context:

    func.func @f(%arg0: memref<1x1x32x64xbf16>, ...) -> (memref<...>, ...) attributes {ttbw.grid = ...} {
      %0 = "ttmetal.create_buffer"() <{address = 65536 : i64}> {ttbw.name = "arg0", ttbw.shape = ...}
             : () -> memref<1x1x1x2x!ttcore.tile<32x32, bf16>, #ttcore.interleaved<4096x2048>, #dram>
      "ttmetal.enqueue_write_buffer"(%arg0, %0)
      %cb = "ttmetal.create_buffer"() ... -> memref<1x2x!ttcore.tile<32x32, bf16>, #ttcore.cb_layout<4096x2048, 1>, #l1>
      "ttmetal.enqueue_program"(%0, ..., %cb, ...) <{cb_ports, kernelConfigs, ...}> {ttbw.kernels = [...]}
      %alloc = memref.alloc() ; "ttmetal.enqueue_read_buffer"(%3, %alloc)
      "ttmetal.finish"() ; "ttmetal.deallocate_buffer"(%0) ...
      return %alloc, ...
    }

What TTMetal cannot say travels in ttbw's discardable attributes: `ttbw.name` / `ttbw.shape` (a
buffer's name and logical shape), `ttbw.grid` and, per kernel config, `ttbw.kernels` (its kernel, processor and DST mode as the
config has them, for a reader with no C API to the config; compile args, the exact cores,
per-core runtime args, which slots take which buffer addresses and the runtime scalar's words,
the slots' names). Buffers an upload or a read connects to the host live for the whole function;
intermediates from before the first launch that touches them to after the last. Addresses are
0: the executor allocates every buffer when it loads the function.
"""
from __future__ import annotations

from ttbw.target.formats import TILE, padded_shape
from ttbw.target.host_program import SCALAR_WORDS, AddressOf, BufferSpec, HostFunction, KernelLaunch, ProgramLaunch, \
    ScalarWord

_TILE_TYPE = {"bf16": "bf16", "f32": "f32", "bfp8_b": "bfp_bf8"}
_ELEMENT_BYTES = {"bf16": 2, "f32": 4}
_NOC = {"reader": "noc0", "writer": "noc1"}


def device_memref(b: BufferSpec) -> str:
    """The TTMetal memref of a buffer (interleaved pages: tiles, or ROW_MAJOR rows)."""
    memory = f"#ttcore.memory_space<{b.memory}>"
    page, pages = b.page_size, b.num_pages
    if b.layout == "tile":
        cols = padded_shape(b.shape)[-1] // TILE
        rows = pages // cols if cols and pages % cols == 0 else pages
        cols = pages // rows if rows else 1
        return (f"memref<1x1x{rows}x{cols}x!ttcore.tile<32x32, {_TILE_TYPE[b.fmt]}>, "
                f"#ttcore.interleaved<{cols * page}x{page}>, {memory}>")
    element = _ELEMENT_BYTES[b.fmt]
    return f"memref<1x1x{pages}x{page // element}x{b.fmt}, #ttcore.interleaved<{page}x{element}>, {memory}>"


def cb_memref(fmt: str, pages: int, page_size: int) -> str:
    return (f"memref<1x{pages}x!ttcore.tile<32x32, {_TILE_TYPE[fmt]}>, "
            f"#ttcore.cb_layout<{pages * page_size}x{page_size}, 1>, #ttcore.memory_space<l1>>")


def array(values, kind: str = "i64") -> str:
    return f"array<{kind}: {', '.join(str(int(v)) for v in values)}>" if len(values) else f"array<{kind}>"


def string(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Host:
    """The ops of one host function, appended to its entry block."""

    def __init__(self, builder, host: HostFunction, block):
        self.b, self.host, self.block = builder, host, block
        self.values: dict = {}   # buffer name -> (value, memref type)

    def op(self, name, operands=(), results=(), attributes=None):
        return self.b.create(name, operands, results, attributes, block=self.block)

    def create(self, key: str, memref: str, address: int | None, attributes: dict) -> None:
        if address is None:
            raise ValueError(f"buffer '{key}' has no address (lowering.addresses places every buffer)")
        op = self.op("ttmetal.create_buffer", (), (memref,), {"address": f"{address} : i64", **attributes})
        self.values[key] = (self.b.result(op), memref)

    def create_buffer(self, b: BufferSpec) -> None:
        self.create(b.name, device_memref(b), b.address,
                    {"ttbw.name": string(b.name), "ttbw.shape": array(b.shape)})

    def deallocate(self, key: str) -> None:
        value, _ = self.values.pop(key)
        self.op("ttmetal.deallocate_buffer", (value,))

    def launch(self, p: ProgramLaunch) -> None:
        operands = [self.values[name][0] for name in p.buffers]
        if p.scalar_arg is not None:
            operands.append(self.b.argument(self.block, p.scalar_arg))
        cbs = []
        for cb in p.circular_buffers:
            key = f"{p.name}.cb{cb.index}"
            self.create(key, cb_memref(cb.fmt, cb.pages, cb.page_size), cb.address, {})
            cbs.append(self.values[key][0])
        position = {name: i for i, name in enumerate(p.buffers)}
        self.op("ttmetal.enqueue_program", (*operands, *cbs), (), {
            "cb_ports": array([cb.index for cb in p.circular_buffers]),
            "kernelConfigs": "[" + ", ".join(kernel_config(p.name, k, position) for k in p.kernels) + "]",
            "operandSegmentSizes": array([len(operands), len(cbs)], "i32"),
            "ttbw.kernels": "[" + ", ".join(kernel_entry(p.name, k, position) for k in p.kernels) + "]"})
        for cb in p.circular_buffers:
            self.deallocate(f"{p.name}.cb{cb.index}")


def build_host_function(builder, host: HostFunction, block) -> None:
    """Appends the host function of `host` to `block` (the module body)."""
    arg_types = [a.type for a in host.arguments]
    result_types = [r.value.type for r in host.results]
    entry = builder.block(arg_types)
    h = _Host(builder, host, entry)
    intermediate = set(host.intermediates)
    used = [{name for name in p.buffers} for p in host.launches]
    first = {b.name: next((k for k, u in enumerate(used) if b.name in u), 0) for b in host.buffers}
    last = {b.name: max([k for k, u in enumerate(used) if b.name in u] or [0]) for b in host.buffers}
    for b in host.buffers:
        if b.name not in intermediate:
            h.create_buffer(b)
    for upload in host.uploads:
        h.op("ttmetal.enqueue_write_buffer", (builder.argument(entry, upload.arg), h.values[upload.buffer][0]))
    for k, launch in enumerate(host.launches):
        for b in host.buffers:
            if b.name in intermediate and first[b.name] == k:
                h.create_buffer(b)
        h.launch(launch)
        for b in host.buffers:
            if b.name in intermediate and last[b.name] == k:
                h.deallocate(b.name)
    returned, allocs = [], {}
    for position, read in enumerate(host.results):
        # a buffer returned at several positions is read once per host type (a value and its reshape:
        # the same pages, each position its own shape)
        key = (read.buffer, result_types[position]) if read.buffer is not None else position
        if key not in allocs:
            alloc = h.op("memref.alloc", (), (result_types[position],), {"operandSegmentSizes": array([0, 0], "i32")})
            allocs[key] = builder.result(alloc)
            if read.buffer is not None:
                h.op("ttmetal.enqueue_read_buffer", (h.values[read.buffer][0], allocs[key]))
        returned.append(allocs[key])
    h.op("ttmetal.finish")
    for b in host.buffers:
        if b.name not in intermediate:
            h.deallocate(b.name)
    h.op("func.return", returned)
    rank0 = "{ttbw.shape = array<i64>}"  # a rank-0 tensor travels as memref<1xT>
    attributes = {"sym_name": string(host.name),
                  "function_type": f"({', '.join(arg_types)}) -> ({', '.join(result_types)})",
                  "ttbw.grid": array(host.grid)}
    values = {"arg_attrs": host.arguments, "res_attrs": [r.value for r in host.results]}
    for key, given in values.items():
        if any(v.shape == () for v in given):
            attributes[key] = "[" + ", ".join(rank0 if v.shape == () else "{}" for v in given) + "]"
    builder.create("func.func", (), (), attributes, [[entry]], block=block)


def _slots(program: str, kernel: KernelLaunch) -> list:
    """(slot, AddressOf | ScalarWord) of the kernel's symbolic runtime args, the same on every core."""
    per_core = kernel.runtime_args
    slots = [(i, a) for i, a in enumerate(per_core[0].args) if not isinstance(a, int)] if per_core else []
    for c in per_core:
        if [(i, a) for i, a in enumerate(c.args) if not isinstance(a, int)] != slots:
            raise ValueError(f"program @{program}: kernel @{kernel.name} binds buffer addresses / the scalar "
                             "at different runtime arg slots on different cores")
    return slots


def kernel_config(program: str, kernel: KernelLaunch, position: dict) -> str:
    """The TTMetal kernel config of `kernel` (`position`: buffer name -> its enqueue_program operand)."""
    addresses = [a.buffer for _, a in _slots(program, kernel) if isinstance(a, AddressOf)]
    rt_args = ", ".join(f"<buffer_address[{position[name]}]>" for name in addresses)
    args = f"#ttmetal.kernel_args<rt_args = [{rt_args}]>" if rt_args else "#ttmetal.kernel_args< >"
    cores = kernel.cores
    xs, ys = [x for x, _ in cores] or [0], [y for _, y in cores] or [0]
    core_range = (f"#ttmetal.core_range<{min(ys)}x{min(xs)}, "
                  f"{max(ys) - min(ys) + 1}x{max(xs) - min(xs) + 1}>")
    symbol = f"@{program}::@{kernel.name}"
    if kernel.processor.value == "compute":
        fp32 = "true" if kernel.fp32_dest_acc_en else "false"
        return f"#ttmetal.compute_config<{symbol}, {core_range}, {args}, hifi4, {fp32}, false, false, [default]>"
    return f"#ttmetal.noc_config<{symbol}, {core_range}, {args}, {_NOC[kernel.processor.value]}>"


def kernel_entry(program: str, kernel: KernelLaunch, position: dict) -> str:
    """The `ttbw.kernels` entry of `kernel`: what its TTMetal config cannot say (read back by
    the executor, which checks the config against it)."""
    slots = _slots(program, kernel)
    addresses = [(i, a.buffer) for i, a in slots if isinstance(a, AddressOf)]
    scalar = {a.word: i for i, a in slots if isinstance(a, ScalarWord)}
    fields = [f"kernel = @{program}::@{kernel.name}", f"processor = {string(kernel.processor.value)}",
              f"fp32_dest_acc_en = {'true' if kernel.fp32_dest_acc_en else 'false'}",
              f"compile_args = {array(kernel.compile_args)}",
              f"cores = {array([v for c in kernel.cores for v in c])}",
              "runtime_args = [" + ", ".join(array([a if isinstance(a, int) else 0 for a in c.args])
                                             for c in kernel.runtime_args) + "]"]
    if addresses:
        fields.append(f"address_slots = {array([i for i, _ in addresses])}")
        fields.append(f"address_buffers = {array([position[name] for _, name in addresses])}")
    if scalar:
        fields.append(f"scalar_slots = {array([scalar[w] for w in SCALAR_WORDS])}")
    if kernel.arg_names:
        fields.append("runtime_arg_layout = [" + ", ".join(string(n) for n in kernel.arg_names) + "]")
    return "{" + ", ".join(fields) + "}"
