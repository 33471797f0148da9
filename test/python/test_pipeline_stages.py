"""--ttir-to-tensix-pipeline is its stages: each run alone from ttbw-opt's point of view (on the
previous stage's printed output) gives the pipeline's module byte for byte, over the backward
ops the lit tests lower (fused and composite)."""
from pathlib import Path

import pytest

from ttbw.driver.compiler import run_pipeline
from ttbw.driver.source import split_source

ROOT = Path(__file__).resolve().parents[2]
FILES = ("broadcast", "complex", "scalar", "row_major", "empty", "bfp8", "masks", "cross_reductions", "epilogue")


def _stages(fuse: str) -> list[str]:
    return ["ttir-backward-decomposition-pipeline", "convert-ttir-to-linalg{target=device}",
            f"ttbw-fuse-programs{{fuse={fuse}}}", "convert-linalg-to-ttkernel{grid=4x2}"]


def _cases():
    for name in FILES:
        path = ROOT / "test/Pipelines/TTIRToTensix" / f"{name}.mlir"
        chunks = [chunk for _, chunk in split_source(path.read_text(), True) if "_bw" in chunk]
        for k, chunk in enumerate(chunks[:2]):
            for fuse in ("true", "false"):
                yield pytest.param(chunk, fuse, id=f"{name}:{k}:fuse={fuse}")


@pytest.mark.parametrize("chunk, fuse", list(_cases()))
def test_stage_by_stage_equals_the_pipeline(chunk, fuse):
    whole = run_pipeline(chunk, f"builtin.module(ttir-to-tensix-pipeline{{grid=4x2 fuse={fuse}}})")[-1][1]
    text = chunk
    for stage in _stages(fuse):
        text = run_pipeline(text, f"builtin.module({stage})")[-1][1]
    assert text == whole
