"""``sweep``: Monte Carlo runs over a grid of models, N, D and procedures, as one tidy table."""

from __future__ import annotations

import itertools
from typing import Any, Iterable, Optional, Union

from . import _check

IntOrInts = Union[None, int, Iterable[int]]
StrOrStrs = Union[str, Iterable[str]]


def _ints(name: str, v: IntOrInts) -> list:
    if v is None:
        return [None]
    if isinstance(v, int) and not isinstance(v, bool):
        return [v]
    if isinstance(v, (str, bytes)) or not hasattr(v, "__iter__"):
        raise TypeError(f"{name} must be an integer or a list of integers, not {type(v).__name__} {v!r}")
    out = list(v)
    for x in out:
        _check.integer(name, x, 0, _check.U32)
    return out


def _strs(name: str, v: StrOrStrs) -> list:
    if isinstance(v, str):
        return [v]
    out = list(v)
    for x in out:
        _check.string(name, x)
    return out


def sweep(
    n: IntOrInts = None,
    d: IntOrInts = None,
    procedures: StrOrStrs = "f2",
    models: StrOrStrs = "uniform",
    trees: int = 1000,
    seed: int = 1,
    threads: Optional[int] = None,
    progress: Optional[bool] = None,
    **model_options: Any,
):
    """Runs :func:`alphabeta.simulate` for every combination of ``models``,
    ``n``, ``d`` and ``procedures`` (each one value or a list) and returns
    one tidy :class:`pandas.DataFrame`: the rows of every run's
    :meth:`SimulationResult.to_pandas` (one per measure and level) with the
    columns ``model`` (the model's name), ``n``, ``d``, ``procedure``,
    ``seed``, ``trees``, ``measure``, ``level``, ``mean``, ``sd``,
    ``ci95_low``, ``ci95_high``, ``sd_over_mean``.

    ``trees``, ``seed``, ``threads`` and the model options are those of
    :func:`alphabeta.simulate`, the same for every run. ``progress``: a
    progress bar over the runs (tqdm's, the notebook widget in Jupyter);
    default: shown when tqdm is installed.

    >>> df = alphabeta.sweep(n=[2, 3], d=[2, 4], procedures=["f2", "minimax"], trees=100)
    >>> df.query("measure == 'bottom_positions'").pivot_table("mean", ["n", "d"], "procedure")
    """
    import pandas as pd

    from . import simulate

    grid = list(itertools.product(_strs("models", models), _ints("n", n), _ints("d", d),
                                  _strs("procedures", procedures)))
    bar = None
    if progress is None or progress:
        try:
            from tqdm.auto import tqdm
        except ImportError:
            if progress:
                raise ImportError("progress=True needs tqdm (pip install tqdm)") from None
        else:
            bar = tqdm(total=len(grid), desc="sweep", unit="run")
    frames = []
    try:
        for model, n_, d_, procedure in grid:
            if bar is not None:
                bar.set_postfix_str(f"{model} n={n_} d={d_} {procedure}")
            r = simulate(model, n_, d_, trees=trees, procedure=procedure, seed=seed, threads=threads,
                         **model_options)
            df = r.to_pandas()
            df["model"] = model
            df.insert(1, "n", pd.array([n_] * len(df), dtype="Int64"))
            df.insert(2, "d", pd.array([d_] * len(df), dtype="Int64"))
            frames.append(df)
            if bar is not None:
                bar.update()
    finally:
        if bar is not None:
            bar.close()
    return pd.concat(frames, ignore_index=True)
