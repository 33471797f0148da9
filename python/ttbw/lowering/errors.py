"""The lowering's one error type: valid IR the device lowering does not handle."""


class UnsupportedError(ValueError):
    """The IR is valid but this lowering does not handle it (the message says what)."""
