"""Building IR in tt-mlir's context through the MLIR C API (no text to parse).

    builder = Builder(Module.create("f.mlir"), location=("f.mlir", 3, 5))
    block = builder.block(["i32"])
    op = builder.create("arith.addi", [a, b], ["i32"], block=block)

Ops are created generically (name, operands, result types, attributes, regions), as MLIR's
`Operation::create` does: inherent attributes become the op's properties. Types and attributes
are written in their textual form once and cached by the context (`mlirTypeParseGet` /
`mlirAttributeParseGet`, as the upstream bindings' `Type.parse` / `Attribute.parse`), so a
kernel of hundreds of ops parses each distinct type once. Every op gets the builder's location.
A malformed type or attribute raises DiagnosticError with tt-mlir's message.
"""
from __future__ import annotations

import ctypes
from ctypes import POINTER, Structure, c_bool
from ctypes import c_ssize_t as c_intptr_t

from ttbw.support.diagnostics import Diagnostic, DiagnosticError, SourceLoc

from . import capi
from .capi import MlirAttribute, MlirBlock, MlirLocation, MlirNamedAttribute, MlirOperation, MlirRegion, \
    MlirStringRef, MlirType, MlirValue


class OperationState(Structure):
    """MLIR's `MlirOperationState` (mlir-c/IR.h). Filled through its `mlirOperationStateAdd*`
    functions only: `mlirOperationCreate` frees the arrays they allocate."""
    _fields_ = [("name", MlirStringRef), ("location", MlirLocation),
                ("nResults", c_intptr_t), ("results", POINTER(MlirType)),
                ("nOperands", c_intptr_t), ("operands", POINTER(MlirValue)),
                ("nRegions", c_intptr_t), ("regions", POINTER(MlirRegion)),
                ("nSuccessors", c_intptr_t), ("successors", POINTER(MlirBlock)),
                ("nAttributes", c_intptr_t), ("attributes", POINTER(MlirNamedAttribute)),
                ("enableResultTypeInference", c_bool)]


capi.declare({
    "mlirOperationStateGet": ([MlirStringRef, MlirLocation], OperationState),
    "mlirOperationStateAddResults": ([POINTER(OperationState), c_intptr_t, POINTER(MlirType)], None),
    "mlirOperationStateAddOperands": ([POINTER(OperationState), c_intptr_t, POINTER(MlirValue)], None),
    "mlirOperationStateAddOwnedRegions": ([POINTER(OperationState), c_intptr_t, POINTER(MlirRegion)], None),
    "mlirOperationStateAddAttributes": ([POINTER(OperationState), c_intptr_t, POINTER(MlirNamedAttribute)], None),
    "mlirOperationCreate": ([POINTER(OperationState)], MlirOperation),
    "mlirOperationCreateParse": ([capi.MlirContext, MlirStringRef, MlirStringRef], MlirOperation),
    "mlirTypeParseGet": ([capi.MlirContext, MlirStringRef], MlirType),
    "mlirAttributeParseGet": ([capi.MlirContext, MlirStringRef], MlirAttribute),
    "mlirIdentifierGet": ([capi.MlirContext, MlirStringRef], capi.MlirIdentifier),
    "mlirNamedAttributeGet": ([capi.MlirIdentifier, MlirAttribute], MlirNamedAttribute),
    "mlirRegionCreate": ([], MlirRegion),
    "mlirRegionAppendOwnedBlock": ([MlirRegion, MlirBlock], None),
    "mlirBlockCreate": ([c_intptr_t, POINTER(MlirType), POINTER(MlirLocation)], MlirBlock),
    "mlirBlockAppendOwnedOperation": ([MlirBlock, MlirOperation], None),
    "mlirModuleCreateEmpty": ([MlirLocation], capi.MlirModule),
    "mlirContextGetOrLoadDialect": ([capi.MlirContext, MlirStringRef], ctypes.c_void_p),
    "mlirContextIsRegisteredOperation": ([capi.MlirContext, MlirStringRef], c_bool),
    "mlirOperationSetAttributeByName": ([MlirOperation, MlirStringRef, MlirAttribute], None),
})

# The dialects a lowered module holds: loaded when a builder starts (a parse loads them lazily)
DIALECTS = ("builtin", "func", "arith", "scf", "memref", "emitc", "ttcore", "ttkernel", "ttmetal")


class Builder:
    """Creates ops in `module`'s context, each located at `location` (file, line, col)."""

    def __init__(self, module, location: tuple[str, int, int] | None = None):
        self.module, self.lib, self.ctx = module, module.lib, module.ctx
        self._types: dict = {}
        self._attrs: dict = {}
        self._names: dict = {}
        self.location = self.loc(*location) if location else self.lib.mlirLocationUnknownGet(self.ctx)
        for dialect in DIALECTS:
            data = dialect.encode()
            self.lib.mlirContextGetOrLoadDialect(self.ctx, MlirStringRef.of(data))
        self._registered: set = set()

    # ---------------------------------------------------------------- types and attributes

    def loc(self, filename: str, line: int, col: int):
        data = filename.encode()
        return self.lib.mlirLocationFileLineColGet(self.ctx, MlirStringRef.of(data), line, col)

    def type(self, text: str):
        found = self._types.get(text)
        if found is None:
            found = self._types[text] = self._parse(self.lib.mlirTypeParseGet, text, "type")
        return found

    def attr(self, text: str):
        found = self._attrs.get(text)
        if found is None:
            found = self._attrs[text] = self._parse(self.lib.mlirAttributeParseGet, text, "attribute")
        return found

    def _parse(self, parse, text: str, what: str):
        data = text.encode()
        self.module.diagnostics.clear()
        handle = parse(self.ctx, MlirStringRef.of(data))
        if not handle.ptr:
            raise DiagnosticError(self.module._errors() or [Diagnostic(
                "error", SourceLoc(self.module.filename, 0, 0), f"tt-mlir cannot read the {what} '{text}'")])
        return handle

    def _named(self, name: str, attr):
        ident = self._names.get(name)
        if ident is None:
            data = name.encode()
            ident = self._names[name] = self.lib.mlirIdentifierGet(self.ctx, MlirStringRef.of(data))
        return self.lib.mlirNamedAttributeGet(ident, attr)

    # ---------------------------------------------------------------- ops, blocks, regions

    def create(self, name: str, operands=(), results=(), attributes=None, regions=(), block=None):
        """A new op; appended to `block` when given. `results`: type texts; `attributes`: name ->
        attribute text (or an attribute handle); `regions`: one list of blocks per region."""
        lib = self.lib
        data = name.encode()
        if name not in self._registered:  # creating an op MLIR does not know aborts the process
            if not lib.mlirContextIsRegisteredOperation(self.ctx, MlirStringRef.of(data)):
                raise DiagnosticError([Diagnostic("error", SourceLoc(self.module.filename, 0, 0),
                                                  f"tt-mlir has no operation '{name}'")])
            self._registered.add(name)
        state = lib.mlirOperationStateGet(MlirStringRef.of(data), self.location)
        ref = ctypes.byref(state)
        if results:
            lib.mlirOperationStateAddResults(ref, len(results), (MlirType * len(results))(*(self.type(t) for t in results)))
        if operands:
            lib.mlirOperationStateAddOperands(ref, len(operands), (MlirValue * len(operands))(*operands))
        if attributes:
            named = [self._named(k, self.attr(v) if isinstance(v, str) else v) for k, v in attributes.items()]
            lib.mlirOperationStateAddAttributes(ref, len(named), (MlirNamedAttribute * len(named))(*named))
        if regions:
            owned = []
            for blocks in regions:
                region = lib.mlirRegionCreate()
                for b in blocks:
                    lib.mlirRegionAppendOwnedBlock(region, b)
                owned.append(region)
            lib.mlirOperationStateAddOwnedRegions(ref, len(owned), (MlirRegion * len(owned))(*owned))
        op = lib.mlirOperationCreate(ref)
        if not op.ptr:
            raise DiagnosticError(self.module._errors() or [Diagnostic(
                "error", SourceLoc(self.module.filename, 0, 0), f"tt-mlir could not create '{name}'")])
        if block is not None:
            lib.mlirBlockAppendOwnedOperation(block, op)
        return op

    def block(self, arg_types=()):
        """A new block with arguments of the given type texts (not yet in a region)."""
        types = (MlirType * len(arg_types))(*(self.type(t) for t in arg_types))
        locs = (MlirLocation * len(arg_types))(*([self.location] * len(arg_types)))
        return self.lib.mlirBlockCreate(len(arg_types), types, locs)

    def result(self, op, index: int = 0):
        return self.lib.mlirOperationGetResult(op, index)

    def argument(self, block, index: int):
        return self.lib.mlirBlockGetArgument(block, index)

    def parse_op(self, text: str, source: str):
        """One op from its text (an op of another context moved here: IR crosses between the
        two MLIR libraries only as text). Raises DiagnosticError."""
        data, name = text.encode("utf-8", "surrogateescape"), source.encode()
        self.module.diagnostics.clear()
        op = self.lib.mlirOperationCreateParse(self.ctx, MlirStringRef.of(data), MlirStringRef.of(name))
        if not op.ptr:
            raise DiagnosticError(self.module._errors() or [Diagnostic(
                "error", SourceLoc(source, 0, 0), "tt-mlir could not read the operation")])
        return op
