"""A sum over a contraction's batch dims folded into the contraction (`ttbw-prepare-fusion`).

PyTorch's sum_to of a batched product's gradient (a weight shared by the batch: dW = sum_b
dY_b^T X_b; a broadcast matmul operand) is a contraction into an f32 accumulator followed by a
sum over some of its parallel dims. Upstream fuses only elementwise producers, so the two would
be two programs and the product's batch would go through DRAM. Here the sum's reduced dims
become reduction dims of the contraction (its output map composed with the sum's): one generic,
the batch summed in the same K loop, one rounding after it. Only a plain f32 sum (`acc + x` into
a zero fill) of a contraction read by nothing else is folded.
"""
from __future__ import annotations

from .codegen.contraction import is_contraction
from .codegen.linalg_reading import zero_filled


def _plain_sum(op) -> bool:
    """A reduction generic of one input yielding out + in (no conversion)."""
    from mlir import ir

    if op.name != "linalg.generic" or len(op.operands) != 2 \
            or not any("reduction" in str(t) for t in op.attributes["iterator_types"]):
        return False
    block = op.regions[0].blocks[0]
    ops = [o.operation for o in block.operations]
    if len(ops) != 2 or ops[0].name != "arith.addf":
        return False
    return set(ops[0].operands) == set(block.arguments) and ops[1].operands[0] == ops[0].results[0] \
        and ir.AffineMapAttr(op.attributes["indexing_maps"][0]).value == \
        ir.AffineMap.get_identity(len(op.attributes["iterator_types"]))


def sums_into_contractions(func_op) -> int:
    """Folds each plain sum of a contraction's result into it; returns how many."""
    from mlir import ir
    from ttbw.mlir_dialects import linalg

    from ttbw.dialect.ops import walk_ops

    folded = 0
    for op in list(walk_ops(func_op, "linalg.generic")):
        if not _plain_sum(op) or not zero_filled(op.operands[1]):
            continue
        source = op.operands[0]
        if isinstance(source, ir.BlockArgument) or not is_contraction(source.owner):
            continue
        contraction = source.owner
        if len(list(source.uses)) != 1 or not zero_filled(contraction.operands[2]):
            continue
        c_maps = [ir.AffineMapAttr(m).value for m in contraction.attributes["indexing_maps"]]
        s_out = ir.AffineMapAttr(op.attributes["indexing_maps"][1]).value
        c_out = c_maps[2]
        reduced = {c_out.results[j] for j, t in enumerate(op.attributes["iterator_types"]) if "reduction" in str(t)}
        iterators = [ir.Attribute.parse("#linalg.iterator_type<reduction>")
                     if "reduction" in str(t) or ir.AffineDimExpr.get(d) in reduced
                     else ir.Attribute.parse("#linalg.iterator_type<parallel>")
                     for d, t in enumerate(contraction.attributes["iterator_types"])]
        out_exprs = [e if isinstance(e, ir.AffineConstantExpr) else c_out.results[ir.AffineDimExpr(e).position]
                     for e in s_out.results]
        out_map = ir.AffineMap.get(c_out.n_dims, 0, out_exprs)
        inputs = list(contraction.operands[:2])
        init = op.operands[1]
        body = [o.operation for o in contraction.regions[0].blocks[0].operations]
        with ir.InsertionPoint(op), op.location:
            new = linalg.GenericOp([init.type], inputs, [init],
                                   ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in (*c_maps[:2], out_map)]),
                                   ir.ArrayAttr.get(iterators))
            if "ttbw.op" in contraction.attributes:
                new.attributes["ttbw.op"] = contraction.attributes["ttbw.op"]
            block = new.regions[0].blocks.append(*[v.type.element_type for v in (*inputs, init)])
            with ir.InsertionPoint(block):
                mapping = dict(zip(contraction.regions[0].blocks[0].arguments, block.arguments))
                for inner in body[:-1]:
                    clone = inner.clone()
                    for i, v in enumerate(clone.operands):
                        if v in mapping:
                            clone.operands[i] = mapping[v]
                    for old, fresh in zip(inner.results, clone.results):
                        mapping[old] = fresh
                linalg.YieldOp([mapping[body[-1].operands[0]]])
        op.results[0].replace_all_uses_with(new.result)
        op.erase()
        contraction.erase()
        folded += 1
    return folded
