"""Tensor-type reading and the broadcast helpers behind the verifier and passes."""
import pytest
from mlir import ir

from ttbw.dialect import make_context
from ttbw.dialect.tensor_types import (TypeRuleError, broadcast_shapes, describe,
                                       reduction_dims)


@pytest.fixture(scope="module")
def context():
    return make_context()


def parse(context, text):
    return ir.Type.parse(text, context)


def test_default_is_tile_with_element_data_type(context):
    t = describe(parse(context, "tensor<1x2xf32>"))
    assert (t.shape, t.data_type, t.layout, t.is_complex) == ((1, 2), "f32", "tile", False)


def test_encoding_and_complex(context):
    t = describe(parse(context, 'tensor<4xcomplex<bf16>, #ttir.layout<"bfp_bf8", "tile">>'))
    assert (t.element, t.data_type, t.is_complex) == ("bf16", "bfp_bf8", True)


@pytest.mark.parametrize("text, message", [
    ("tensor<4xi32>", "floating-point"),
    ('tensor<4xbf16, #ttir.layout<"bfp_bf8", "row_major">>', "only supported on TILE"),
    ("tensor<*xf32>", "ranked tensor"),
])
def test_rules(context, text, message):
    with pytest.raises(TypeRuleError, match=message):
        describe(parse(context, text))
    # Cached failures raise again, with the same message.
    with pytest.raises(TypeRuleError, match=message):
        describe(parse(context, text))


@pytest.mark.parametrize("a, b, out", [
    ((1, 3, 32, 1), (1, 1, 32, 64), (1, 3, 32, 64)),
    ((32,), (2, 1), (2, 32)),
    ((), (4,), (4,)),
    ((3,), (4,), None),
])
def test_broadcast_shapes(a, b, out):
    assert broadcast_shapes(a, b) == out


@pytest.mark.parametrize("operand, grad, dims", [
    ((1, 3, 32, 64), (1, 3, 32, 64), ()),
    ((1, 1, 32, 64), (1, 3, 32, 64), (1,)),
    ((64,), (1, 3, 32, 64), (0, 1, 2)),
    ((), (2, 3), (0, 1)),
    ((1, 1, 1, 1), (2, 3, 4, 5), (0, 1, 2, 3)),
])
def test_reduction_dims_follow_sum_to(operand, grad, dims):
    assert reduction_dims(operand, grad) == dims
