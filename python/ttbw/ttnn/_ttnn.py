"""ttnn's native module (`ttnn._ttnn`) as far as ttnn's tests reach into it: `reports`."""
from . import reports  # noqa: F401
