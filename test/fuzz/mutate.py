"""Seeded mutations of MLIR text: what a careless user or a broken producer may hand a tool.

Each mutation edits the text at a random place: numbers pushed to edges (0, 2^31, 2^63 - 1,
...), element types and layouts swapped, op names exchanged, lines dropped / duplicated /
spliced from another input, characters inserted or deleted, truncation. `mutate` applies one to
three of them; the same rng state gives the same text.
"""
from __future__ import annotations

import random
import re

EDGE_NUMBERS = ["0", "1", "-1", "2", "3", "31", "32", "33", "64", "1023", "65536", "2147483647", "2147483648",
                "4294967295", "4294967296", "9223372036854775807", "9223372036854775808", "18446744073709551616",
                "100000000000000000000000000000", "-2147483648", "0x7fffffff", "1.5", "nan", "inf", "-0"]
FLOAT_LITERALS = ["0.0", "-0.0", "1.0e+38", "3.40282347e+38", "1.0e-40", "1.17549435e-38", "0x7F800000",
                  "0xFF800000", "0x7FC00000", "0x00000001", "1.0e+300", "-1.0e+300", "2.5"]
ELEMENT_TYPES = ["bf16", "f32", "f16", "f64", "i32", "i1", "index", "complex<bf16>", "complex<f32>",
                 "complex<f16>", "f8E4M3FN", "tf32", "none"]
LAYOUTS = ['#ttir.layout<"bf16", "tile">', '#ttir.layout<"f32", "row_major">', '#ttir.layout<"bfp_bf8", "tile">',
           '#ttir.layout<"bfp_bf8", "row_major">', '#ttir.layout<"bf16", "bogus">', '#ttir.layout<"x", "tile">',
           '#ttir.layout<"bf16">', "#ttir.layout", '#ttcore.tile<32x32, bf16>']
TOKENS = ["{", "}", "(", ")", "<", ">", ",", ":", "=", "%0", "%0#7", "%arg9", "^bb1:", '"ttir.mul_bw"',
          "// -----", "\n// -----\n", "return", "func.func", "module {", "}\n", "\x00", "\u00e9", "\t", "\\",
          "\"", "'", "#", "!", "@", "tensor<>", "tensor<*xf32>", "tensor<?x32xbf16>", "memref<32xf32>",
          "array<i32: 1, 1, 1, 0, 0>", "array<i1: false, false>", "// expected-error {{x}}", "loc(\"x\":1:1)",
          "#ttkernel.thread<compute>", "!ttkernel.cb<2, !ttcore.tile<32x32, bf16>>", "\u2028", "\r"]
INT = re.compile(r"(?<![\w.#%@])-?\d+(?![\w.])")
FLOAT = re.compile(r"-?\d+\.\d+(?:e[+-]?\d+)?|0x[0-9A-Fa-f]{8}")
TYPE = re.compile(r"\b(bf16|f32|f16|f64|i32|i1)\b")
LAYOUT = re.compile(r"#ttir\.layout<[^>]*>")
SHAPE = re.compile(r"tensor<([0-9x]*)x(?=[a-z#c])")
OP_NAME = re.compile(r'"(ttir|ttkernel|arith|func|emitc)\.[\w.]+"')


def _replace_match(rng, text, pattern, choices) -> str:
    matches = list(pattern.finditer(text))
    if not matches:
        return text
    m = rng.choice(matches)
    new = rng.choice(choices) if not callable(choices) else choices(m)
    return text[:m.start()] + new + text[m.end():]


def _numbers(rng, text, corpus):
    return _replace_match(rng, text, INT, EDGE_NUMBERS)


def _floats(rng, text, corpus):
    return _replace_match(rng, text, FLOAT, FLOAT_LITERALS)


def _types(rng, text, corpus):
    if rng.random() < 0.5:  # every occurrence: a consistent, well-typed change
        old = rng.choice(TYPE.findall(text) or ["bf16"])
        return re.sub(rf"\b{re.escape(old)}\b", rng.choice(ELEMENT_TYPES), text)
    return _replace_match(rng, text, TYPE, ELEMENT_TYPES)


def _layouts(rng, text, corpus):
    if LAYOUT.search(text) and rng.random() < 0.7:
        return _replace_match(rng, text, LAYOUT, LAYOUTS)
    return _replace_match(rng, text, re.compile(r"x(bf16|f32)>"), lambda m: f"x{m[1]}, {rng.choice(LAYOUTS)}>")


def _shapes(rng, text, corpus):
    def shape(m):
        rank = rng.choice([0, 1, 2, 3, 4, 5, 8])
        dims = [rng.choice(["1", "2", "31", "32", "33", "64", "0", "65536", "2147483648", "9223372036854775807"])
                for _ in range(rank)]
        return "tensor<" + "x".join(dims) + ("x" if dims else "")

    if rng.random() < 0.5:  # the same new shape everywhere the old one was
        matches = SHAPE.findall(text)
        if matches:
            old = rng.choice(matches)
            return text.replace(f"tensor<{old}x", shape(None))
    return _replace_match(rng, text, SHAPE, shape)


def _op_names(rng, text, corpus):
    names = sorted({m.group(0) for source in corpus for m in OP_NAME.finditer(source)}) or ['"ttir.add"']
    return _replace_match(rng, text, OP_NAME, names)


def _lines(rng, text, corpus):
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    kind = rng.randrange(4)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif kind == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        other = rng.choice(corpus).split("\n")
        lines.insert(i, rng.choice(other))
    return "\n".join(lines)


def _characters(rng, text, corpus):
    if not text:
        return rng.choice(TOKENS)
    i = rng.randrange(len(text) + 1)
    kind = rng.randrange(3)
    if kind == 0:
        return text[:i] + rng.choice(TOKENS) + text[i:]
    if kind == 1:
        return text[:i] + text[i + rng.randint(1, 12):]
    return text[:i] + chr(rng.choice([0x7F, 0xFFFD, rng.randrange(0x20, 0x7F)])) + text[i + 1:]


def _bad_bytes(rng, text, corpus):
    """A byte that is no UTF-8 (a surrogate here, written back as the raw byte)."""
    i = rng.randrange(len(text) + 1)
    return text[:i] + chr(0xDC80 + rng.randrange(0x80)) + text[i:]


def _truncate(rng, text, corpus):
    return text[:rng.randrange(len(text) + 1)]


MUTATIONS = [_numbers, _numbers, _floats, _types, _types, _layouts, _shapes, _shapes, _op_names, _lines, _lines,
             _characters, _characters, _bad_bytes, _truncate]


def mutate(rng: random.Random, text: str, corpus: list[str]) -> str:
    for _ in range(rng.choice([1, 1, 2, 3])):
        text = rng.choice(MUTATIONS)(rng, text, corpus)
    return text
