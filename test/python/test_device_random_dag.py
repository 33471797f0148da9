"""Seeded random TTIR DAGs that are no backward op (bench/random_dag.py), compiled by
`ttbw.compile` (fused and composite) and run by the executor. The oracle is torch in float64
on the same inputs, every op's result rounded to its declared type as TTIR says, with an error
bound carried through the DAG. TTBW_DAG_SEEDS=N runs seeds 0 .. N-1, TTBW_DAG_SEEDS=6,7 those seeds."""
import os
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

from ttbw.driver.compiler import run_on_device

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from random_dag import Dag, Node  # noqa: E402

_SEEDS = os.environ.get("TTBW_DAG_SEEDS", "16")
SEEDS = [int(s) for s in _SEEDS.split(",")] if "," in _SEEDS else range(int(_SEEDS))


def mismatch(got, node: Node) -> str | None:
    """Why `got` (a device result) is not the reference within its bound, or None."""
    got = torch.from_numpy(np.asarray(got, np.float64)).reshape(node.shape)
    if not torch.isfinite(got).all():
        return "non-finite values"
    excess = (got - node.value).abs() - node.bound - 1e-30
    if (excess > 0).any():
        k = int(excess.argmax())
        return (f"element {k}: {got.flatten()[k].item()} vs {node.value.flatten()[k].item()} "
                f"(bound {node.bound.flatten()[k].item():.3g})")
    return None


def run(seed: int, fuse: bool, read_back: bool = False):
    dag = Dag(seed)
    results = dag.build_read_back() if read_back else dag.build()
    text = dag.text(results)
    inputs = [a.value.float().numpy() for a in dag.args]
    outputs, stats = run_on_device(text, inputs, fuse=fuse)
    return text, results, outputs, stats


@pytest.mark.parametrize("fuse", [True, False], ids=["fused", "composite"])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_dag_matches_torch(seed, fuse):
    text, results, outputs, _ = run(seed, fuse)
    assert len(outputs) == len(results)
    for k, (got, node) in enumerate(zip(outputs, results)):
        assert tuple(np.shape(got)) == node.shape, text
        why = mismatch(got, node)
        assert why is None, f"result {k}: {why}\n{text}"


@pytest.mark.parametrize("seed", SEEDS)
def test_random_read_back_dag_is_one_program_as_torch(seed):
    """A sum read back over the dims it reduces, amid random elementwise ops, broadcasts, dtypes
    and layouts: one program, within the oracle's bound."""
    text, results, outputs, stats = run(seed, True, read_back=True)
    assert stats.programs_launched == 1, text
    why = mismatch(outputs[0], results[0])
    assert why is None, f"{why}\n{text}"


def test_the_oracle_catches_a_small_error():
    """A 3% error in one result fails the check the sweep makes."""
    text, results, outputs, _ = run(1, True)
    wrong = np.asarray(outputs[0], np.float64) * 1.03
    assert mismatch(outputs[0], results[0]) is None
    assert mismatch(wrong, results[0]) is not None, text


@pytest.mark.parametrize("seed", [6, 7])
def test_a_sum_and_its_epilogue_are_one_program(seed):
    """Seed 6: sums over a size-1 dim around a product (elementwise before fusion); seed 7: a
    sum then a product with a tensor of the sum's shape (the reduction's epilogue)."""
    _, _, _, stats = run(seed, True)
    assert stats.programs_launched == 1
