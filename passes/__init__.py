"""ttbw's passes on the `ttir` dialect (see registry.py and all.py for the list).

Importing the package registers every pass and pipeline (`PASSES`, `PIPELINES`: names,
summaries, options; a pass's module loads when it runs). `add_to_pass_manager` puts ttbw's
passes into an MLIR PassManager of your own (pass_manager.py).
"""
from . import all as _registrations  # noqa: F401  (fills PASSES and PIPELINES)
from .pass_manager import add_to_pass_manager  # noqa: F401
from .registry import PASSES, PIPELINES, Option, PassInfo, PipelineInfo  # noqa: F401
