"""Recognizes a function of decomposed TTIR as the decomposition of one `ttir.mul_bw`.

The fused lowering needs the op's semantics (which operand is grad, what is summed, what is
returned), and a decomposed function states them only as a DAG of multiply / sum / reshape /
typecast / full ops. A function is recognized as the mul_bw M when decomposing M
(ttir-mul-bw-decomposition-pipeline) gives the same DAG: the same ops, attributes and types,
fed by the same arguments and reaching the same returned values, in any op order. So the fused
program computes exactly what the function says.

Candidates keep the decomposition's argument order: (grad, a, b[, input_grad, other_grad]),
complex tensors as (real, imag) pairs; every mask that fits the results is tried. Where the
results live comes from the `ttir.memory_config` result attribute the decomposition keeps.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from mlir import ir

from ttbw.passes.ir_build import MEMORY_CONFIG, relocate

_MASKS = {2: [(True, True)], 1: [(True, False), (False, True)]}


@dataclass
class Recognized:
    """The mul_bw function a decomposed function is the decomposition of."""
    module: ir.Module        # holds `function`: func.func @name with one ttir.mul_bw
    complex_parts: bool      # the decomposed function's arguments / results are (re, im) pairs

    @property
    def function(self):
        return self.module.body.operations[0].operation


def recognize(func) -> Recognized | None:
    """The mul_bw function whose decomposition `func` is, or None; ValueError for a malformed
    `ttir.memory_config` result attribute (`result_memory`)."""
    from ttbw.compilation import DECOMPOSITION, run_pipeline

    want = dag(func)
    if want is None:
        return None
    with func.context, ir.Location.unknown():
        candidates = list(_candidates(func))
    for text, complex_parts in candidates:
        try:
            decomposed = run_pipeline(text, DECOMPOSITION, "<recognize>")[-1][1]
        except ValueError:  # not a valid mul_bw
            continue
        module = ir.Module.parse(decomposed, func.context)
        if dag(module.body.operations[0].operation) == want:
            recognized = ir.Module.parse(text, func.context)
            # diagnostics at the mul_bw point where the decomposition's ops came from
            anchor = next((op.location for op in func.regions[0].blocks[0].operations
                           if op.operation.name.startswith("ttir.")), func.location)
            relocate(recognized.operation, anchor)
            return Recognized(recognized, complex_parts)
    return None


def dag(func):
    """The returned values of `func` as expression trees (op name, attributes, result types,
    operand trees; arguments by position): equal for the same dataflow in any op order."""
    blocks = func.regions[0].blocks
    if len(blocks) != 1:
        return None
    entry = blocks[0]
    trees = {arg: ("arg", i, str(arg.type)) for i, arg in enumerate(entry.arguments)}
    for op in entry.operations:
        op = op.operation
        if op.name == "func.return":
            return tuple(trees[v] for v in op.operands)
        if op.regions and any(r.blocks for r in op.regions):
            return None
        attributes = tuple(sorted((name, str(op.attributes[name])) for name in op.attributes))
        node = (op.name, attributes, tuple(trees[v] for v in op.operands),
                tuple(str(r.type) for r in op.results))
        for i, result in enumerate(op.results):
            trees[result] = (node, i)
    return None


def _candidates(func):
    """(mul_bw function text, complex parts) for each reading of func's signature."""
    entry = func.regions[0].blocks[0]
    args = [a.type for a in entry.arguments]
    results = list(ir.FunctionType(func.attributes["function_type"].value).results)
    memory = result_memory(func)
    memory = None if memory == "dram" else f'#ttir.memory_config<"{memory}", "interleaved">'
    for complex_parts in (False, True):
        if complex_parts:
            if len(args) % 2 or len(results) % 2 or any(
                    args[i] != args[i + 1] for i in range(0, len(args), 2)):
                continue
            args_c = [_complex(t) for t in args[::2]]
            results_c = [_complex(t) for t in results[::2]]
            if None in args_c or None in results_c:
                continue
        else:
            args_c, results_c = args, results
        scalar = len(args_c) >= 3 and not isinstance(args_c[2], ir.ShapedType)
        for mask in ([(True, False)] if scalar else _MASKS.get(len(results_c), [])):
            for given in _preallocated(mask, len(args_c) - 3):
                yield _mul_bw_text(func, args_c, results_c, mask, given, memory), complex_parts
        if not complex_parts and len(args_c) in (2, 3) and len(results_c) == 1:  # constant scalar b
            value = _full_value(entry)
            if value is not None:  # (grad, a[, input_grad])
                yield _mul_bw_text(func, args_c, results_c, (True, False), (len(args_c) == 3, False), memory,
                                   value), complex_parts


def _preallocated(mask, count):
    """Which results (input_grad, other_grad) `count` trailing arguments can preallocate."""
    options = [(True, False), (False, True), (True, True)] if count else [(False, False)]
    return [g for g in options if sum(g) == count and all(m or not x for m, x in zip(mask, g))]


def _complex(t):
    if not isinstance(t, ir.RankedTensorType) or isinstance(t.element_type, ir.ComplexType):
        return None
    return ir.RankedTensorType.get(t.shape, ir.ComplexType.get(t.element_type), t.encoding)


def result_memory(func) -> str:
    """Where func's results live, dram | l1, from their `ttir.memory_config` result attributes
    (the decomposition sets the op's memory_config on each result it returns); ValueError when
    one is malformed or the results disagree (one program's results live in one memory)."""
    from ttbw.dialect.ops import OpRuleError, parse_memory_config

    count = len(ir.FunctionType(func.attributes["function_type"].value).results)
    found = set()
    for i in range(count):
        entry = ir.DictAttr(func.attributes["res_attrs"][i]) if "res_attrs" in func.attributes else None
        try:
            found.add(parse_memory_config(str(entry[MEMORY_CONFIG]))[0]
                      if entry is not None and MEMORY_CONFIG in entry else "dram")
        except OpRuleError as error:
            raise ValueError(f"result {i}: {MEMORY_CONFIG}: {error}") from None
    if len(found) > 1:
        raise ValueError(f"the results' {MEMORY_CONFIG} attributes disagree ({', '.join(sorted(found))}); "
                         "one program's results live in one memory")
    return found.pop() if found else "dram"


def _full_value(entry) -> str | None:
    fills = [op.operation for op in entry.operations if op.operation.name == "ttir.full"]
    if len(fills) != 1:
        return None
    return str(fills[0].attributes["fill_value"])


def _mul_bw_text(func, args, results, mask, given, memory, scalar=None) -> str:
    """`given`: which results are preallocated (trailing arguments)."""
    name = json.dumps(func.attributes["sym_name"].value)
    params = [f"%a{i}: {t}" for i, t in enumerate(args)]
    operands = [f"%a{i}" for i in range(len(args))]
    body = ""
    types = [str(t) for t in args]
    if scalar is not None:  # the constant scalar b the decomposition turned into ttir.full
        body = f"  %s = arith.constant {scalar}\n"
        operands.insert(2, "%s")
        types.insert(2, "f32")
    segments = f"1, 1, 1, {int(given[0])}, {int(given[1])}"
    attributes = [f"operandSegmentSizes = array<i32: {segments}>",
                  f"resultSegmentSizes = array<i32: {int(mask[0])}, {int(mask[1])}>"]
    if scalar is None and len(args) >= 3 and isinstance(args[2], ir.ShapedType) and mask != (True, True):
        attributes.append(f"are_required_outputs = array<i1: {str(mask[0]).lower()}, {str(mask[1]).lower()}>")
    if memory is not None:
        attributes.append(f"memory_config = {memory}")
    result_types = ", ".join(str(t) for t in results)
    values = ", ".join(f"%r#{i}" for i in range(len(results))) if len(results) > 1 else "%r"
    count = f":{len(results)}" if len(results) > 1 else ""
    return (f"func.func @{name}({', '.join(params)}) -> ({result_types}) {{\n{body}"
            f"  %r{count} = \"ttir.mul_bw\"({', '.join(operands)}) {{{', '.join(attributes)}}} : "
            f"({', '.join(types)}) -> ({result_types})\n"
            f"  return {values} : {result_types}\n}}\n")
