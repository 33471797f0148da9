"""The codegen's expression of one tile's compute: select.py builds it from a generic's body,
dst_plan.py and sections.py plan it, kernels.py emits it.

Nodes are frozen dataclasses: equal subtrees compare and hash equal, so a subexpression read
twice (the same SSA value reached by two paths) is found by value."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True, slots=True)
class Input:
    """The tile of the program's input `index` at this step."""
    index: int


@dataclass(frozen=True, slots=True)
class Scalar:
    """The program's scalar (a runtime arg of the compute kernel)."""


@dataclass(frozen=True, slots=True)
class Literal:
    """An f32 constant filled into a tile."""
    value: float


@dataclass(frozen=True, slots=True)
class Accumulator:
    """A reduction's finished f32 partial sum, read by its epilogue."""


@dataclass(frozen=True, slots=True)
class Reduced:
    """The finished f32 sum `index` of the program's read-back sums (program.ReadBack),
    broadcast over the tile."""
    index: int


@dataclass(frozen=True, slots=True)
class Spilled:
    """A value an earlier section computed and packed to the f32 spill CB: its page counted
    from the CB's front (sections.py numbers them)."""
    page: int


@dataclass(frozen=True, slots=True)
class Rounded:
    """`value` rounded to bf16 inside the tree: packed to a bf16 hop CB by a section of its own
    and unpacked again by its readers."""
    value: "Expr"


@dataclass(frozen=True, slots=True)
class TileOp:
    """A tile op on its operands' tiles: `name` a key of select.UNARY or select.BINARY, or
    "where" (condition, then, else)."""
    name: str
    args: tuple


Expr = Union[Input, Scalar, Literal, Accumulator, Reduced, Spilled, Rounded, TileOp]
LEAVES = (Input, Scalar, Literal, Accumulator, Reduced, Spilled)  # read into DST as they are


def op(name: str, *args: Expr) -> TileOp:
    return TileOp(name, args)


def children(e: Expr) -> tuple:
    """The operand subtrees of a node (none for a leaf)."""
    if isinstance(e, TileOp):
        return e.args
    if isinstance(e, Rounded):
        return (e.value,)
    return ()


def with_children(e: Expr, args: tuple) -> Expr:
    """Node e with its operand subtrees replaced by `args` (a leaf unchanged)."""
    if isinstance(e, TileOp):
        return TileOp(e.name, tuple(args))
    if isinstance(e, Rounded):
        return Rounded(args[0])
    return e


def reads_inputs(e: Expr) -> bool:
    return isinstance(e, Input) or any(reads_inputs(c) for c in children(e))
