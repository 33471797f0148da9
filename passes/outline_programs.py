"""ttbw-outline-programs: each function's generics grouped into programs, each program outlined
as a `func.func private @<name> attributes {ttbw.program}` the function calls in launch order
(`ttbw.lowering.programs`).

With `fuse=true` (after upstream fusion) the whole function is one program `@<f>_program` when the
codegen takes it (tried on a copy), a reduction several results read cloned per reader and each
returned value given a generic of its own; when it does not, the function is lowered as several
programs `@<f>_<k>_<op>`, the fewer of: groups of results (each result's generics, clones as
above, groups merged while the codegen takes them) or per reduction and its epilogue, else per
generic (no clones, a value read by several programs written once); with a warning at the
function's first op naming why and how many; a generic the codegen refuses alone because fusion
wrote an elementwise computation transposed is split into it and a transposing copy first
(`ttbw.lowering.transposed_writes`). With `fuse=false` (ttnn's composite path) each TTIR
op's generics are one program, intermediates living in DRAM. A generic the codegen cannot take
even alone is an error at it.
"""
from __future__ import annotations

from mlir import ir

from ttbw.lowering import codegen
from ttbw.lowering.errors import UnsupportedError
from ttbw.lowering.fusion import layout_copies_read_through, one_generic_per_result, one_reduction_per_reader
from ttbw.lowering.transposed_writes import split_transposed_write
from ttbw.lowering.programs import chain_groups, described, erase_dead, is_reduction, live_generics, op_name, outline, \
    result_closures
from ttbw.support.diagnostics import Diagnostic, DiagnosticError, report, source_loc
from ttbw.support.statistics import count

from .program_functions import host_functions


def run(module, options) -> None:
    fuse = options.get("fuse", True)
    errors = []
    with module.context:
        for func in host_functions(module):
            try:
                _outline_function(func, fuse)
            except _Refused as refused:
                errors.append(Diagnostic("error", source_loc(refused.op.location),
                                         f"{described(refused.op)} op: unsupported: {refused.why}"))
    if errors:
        raise DiagnosticError(errors)


class _Refused(Exception):
    def __init__(self, op, why: str):
        self.op, self.why = op, why


def _outline_function(func, fuse: bool) -> None:
    layout_copies_read_through(func)  # the tensor.cast canonicalize left of a layout-only copy
    erase_dead(func)  # what computed the results ttbw-zero-empty-tensors replaced
    if not live_generics(func):  # arguments returned as they are get copies; else nothing to launch
        one_generic_per_result(func, share_returned=True)
        if not live_generics(func):
            return
    name = func.attributes["sym_name"].value
    why = None
    if fuse:
        try:
            _accepts(func, _whole)
        except UnsupportedError as error:
            why = str(error)
        else:
            _fused(func)
            outline(func, tuple(live_generics(func)), f"{name}_program")
            count("num-programs")
            return
        partition = _by_results(func)
        if partition is not None and len(partition) < _chain_count(func):
            _fused(func)
            closures = result_closures(func)
            groups = [tuple(g for r in group for g in closures[r]) for group in partition]
            for k, group in enumerate(groups):
                outline(func, group, f"{name}_{k}_{_suffix(group)}")
            count("num-programs", len(groups))
            _warn(name, groups, why)
            return
    one_generic_per_result(func, share_returned=True)
    generics = live_generics(func)
    groups = _chain_groups(func, generics, fuse)
    for group in groups:
        if len(group) == 1:
            try:
                _accepts(func, _only(generics, group))
            except UnsupportedError as error:
                if fuse and split_transposed_write(group[0]):  # fused into a transpose: split, again
                    _outline_function(func, fuse)
                    return
                raise _Refused(group[0], str(error)) from None
    for k, group in enumerate(groups):
        outline(func, group, f"{name}_{k}_{_suffix(group)}")
    count("num-programs", len(groups))
    if why is not None:
        _warn(name, groups, why)


def _warn(name: str, groups, why: str) -> None:
    count("num-split-functions")
    first = min((source_loc(g.location) for group in groups for g in group), key=lambda loc: (loc.line, loc.col))
    report(Diagnostic("warning", first, f"function @{name} is not one fused program ({why}): lowered as "
                                        f"{len(groups)} programs"))


def _chain_groups(func, generics: list, fuse: bool) -> list:
    """`chain_groups` of `generics` (func's live generics), each chain tried on a copy of func."""
    return chain_groups(generics, not fuse, lambda group: _accepts(func, _only(generics, group)))


def _only(generics: list, group):
    """The candidate outlining `group` (of `generics`, func's live generics) in a copy of func."""
    index = {op: i for i, op in enumerate(generics)}
    return lambda scratch: outline(scratch, tuple(live_generics(scratch)[index[op]] for op in group),
                                   "ttbw_candidate")


def _chain_count(func) -> int:
    """How many programs the chain fallback would make of func (worked out on a copy)."""
    scratch = func.clone(ir.InsertionPoint(func))
    try:
        one_generic_per_result(scratch, share_returned=True)
        return len(_chain_groups(scratch, live_generics(scratch), True))
    finally:
        scratch.erase()


def _by_results(func):
    """Groups of the returned values (indices into `result_closures`, return order) each one
    program the codegen takes, merged greedily while it takes them (a reduction several results
    read cloned into each: `_fused`); None when some result's generics alone are refused."""
    def check(partition) -> bool:
        scratch = func.clone(ir.InsertionPoint(func))
        programs = []
        try:
            _fused(scratch)
            closures = result_closures(scratch)
            for k, group in enumerate(partition):
                programs.append(outline(scratch, tuple(g for r in group for g in closures[r]), f"ttbw_candidate{k}"))
            for program in programs:
                codegen.check_program(codegen.read_function(program))
            return True
        except UnsupportedError:
            return False
        finally:
            for program in programs:
                program.erase()
            scratch.erase()

    scratch = func.clone(ir.InsertionPoint(func))
    try:
        _fused(scratch)
        results = [k for k, closure in enumerate(result_closures(scratch)) if closure]
    finally:
        scratch.erase()
    partition = [[k] for k in results]
    if len(partition) < 2 or not check(partition):
        return None
    i = 0
    while i < len(partition):
        j = i + 1
        while j < len(partition):
            merged = partition[:i] + [partition[i] + partition[j]] + partition[i + 1:j] + partition[j + 1:]
            if check(merged):
                partition = merged
            else:
                j += 1
        i += 1
    return partition


def _fused(func) -> None:
    """What makes a function one program: each result's chain its own generics."""
    one_reduction_per_reader(func)
    one_generic_per_result(func)


def _whole(scratch):
    _fused(scratch)
    return outline(scratch, tuple(live_generics(scratch)), "ttbw_candidate")


def _accepts(func, candidate) -> None:
    """Raises UnsupportedError when the codegen cannot make the program `candidate(scratch)`
    outlines of a copy of `func` one program."""
    scratch = func.clone(ir.InsertionPoint(func))
    program = None
    try:
        program = candidate(scratch)
        codegen.check_program(codegen.read_function(program))
    finally:
        if program is not None:
            program.erase()
        scratch.erase()


def _suffix(group) -> str:
    """The program's name after its launch index: the TTIR op of its first generic (`multiply`,
    `sum`, ...); for a generic fusion made (its TTIR ops are several), `sum` (a reduction) or
    `elementwise`; `copy` for an identity generic."""
    name = op_name(group[0])
    if name is not None:
        return name
    if _is_copy(group[0]):
        return "copy"
    return "sum" if is_reduction(group[0]) else "elementwise"


def _is_copy(op) -> bool:
    block = op.regions[0].blocks[0]
    ops = list(block.operations)
    return len(ops) == 1 and len(op.operands) == 2 and ops[0].operation.operands[0] == block.arguments[0]
