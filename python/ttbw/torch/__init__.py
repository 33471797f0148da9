"""The torch front end: `torch.compile(model, backend="ttbw")` compiles a model's forward and
backward aten graphs with ttbw (backend.py), importing aten ops as TTIR (importer.py), cut into
ttbw regions and torch fallbacks (partition.py), run step by step (graph.py), reported
(report.py: TTBW_REPORT=1 or `report()`)."""
from .backend import ttbw_backend
from .report import report, write_stages

__all__ = ["ttbw_backend", "report", "write_stages"]
