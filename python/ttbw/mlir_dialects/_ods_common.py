"""What the generated op classes import as `._ods_common`: upstream's helpers."""
from mlir.dialects._ods_common import *  # noqa: F401,F403
from mlir.dialects._ods_common import _cext  # noqa: F401
