"""ttbw's passes on the `ttir` dialect (see registry.py for the list)."""
from .registry import PASSES, PIPELINES, Option, PassInfo, PipelineInfo  # noqa: F401
