"""Independent, scalar reference of the bfloat8_b rules (shared/reference/bfloat8_b.md).

Written element by element on purpose: it must not share code with the vectorised runtime
implementation it checks.
"""

import struct


def f32_bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def quantize_block(values: list[float]) -> list[float]:
    """Quantise one 16-element block to bfloat8_b and back to floats."""
    bits = [f32_bits(v) for v in values]
    exps = [(b >> 23) & 0xFF for b in bits]
    shared = max(exps)
    out = []
    for b, e in zip(bits, exps):
        if e == 0 or (shared == 255 and e != 255):
            out.append(0.0)
            continue
        m24 = (1 << 23) | (b & 0x7FFFFF)
        shift = shared - e
        m24 = m24 >> shift if shift < 24 else 0
        low, m = m24 & 0x1FFFF, m24 >> 17
        if low > 0x10000 or (low == 0x10000 and m % 2 == 1):
            m += 1
        m = min(m, 127)
        if m == 0:
            out.append(0.0)
            continue
        mag = m * 2.0 ** (shared - 127 - 6)
        out.append(-mag if b >> 31 else mag)
    return out


def quantize_matrix(rows: list[list[float]]) -> list[list[float]]:
    """Quantise an (H, W) matrix with H, W multiples of 32: blocks are 16-wide face rows."""
    out = [list(r) for r in rows]
    for r in range(len(rows)):
        for c0 in range(0, len(rows[0]), 16):
            out[r][c0:c0 + 16] = quantize_block(rows[r][c0:c0 + 16])
    return out
