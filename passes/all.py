"""Registers every ttbw pass and named pipeline (names, summaries, options only)."""
from .registry import Option, PassInfo, PipelineInfo, register_pass, register_pipeline  # noqa: F401
