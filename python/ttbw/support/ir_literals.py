"""Numbers as MLIR reads them back exactly."""
from __future__ import annotations

import math
import struct


def f32_literal(value: float) -> str:
    """The MLIR literal of an f32 value: decimal (exact: the double's repr, with the '.' MLIR's
    float literals need: repr(3e38) is '3e+38', which MLIR reads as the integer 3 and a
    stray 'e+38'), the bits for infinities and NaN."""
    if not math.isfinite(value):
        return "0x%08X" % struct.unpack("<I", struct.pack("<f", value))[0]
    mantissa, e, exponent = repr(float(value)).partition("e")
    return (mantissa if "." in mantissa else mantissa + ".0") + e + exponent
