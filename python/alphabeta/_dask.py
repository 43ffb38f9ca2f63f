"""Monte Carlo on a Dask cluster: shards mapped over the workers, merged.

Every shard is an ordinary Dask task (``client.map``), so the cluster's
scheduler places, retries (``retries=``) and reports them; nothing here
schedules by itself. The merge checks that every shard of the run came back
once, and gives the single-process result exactly.
"""

from __future__ import annotations

import uuid
from typing import Any, Dict, Optional

from . import SimulationResult, _core


def _shard(args: Dict[str, Any], index: int, count: int) -> str:
    """One Dask task: shard ``index`` of ``count``; returns its JSON."""
    return _core.run_shard(index=index, count=count, **args)


def simulate_on(client: Any, args: Dict[str, Any], shards: Optional[int], retries: int) -> SimulationResult:
    if shards is None:
        threads = sum(client.nthreads().values()) or 1
        shards = 4 * threads
    if isinstance(shards, bool) or not isinstance(shards, int) or shards < 1:
        raise ValueError(f"shards must be a positive integer, not {shards!r}")
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise ValueError(f"retries must be a non-negative integer, not {retries!r}")
    shards = min(shards, args["trees"])
    # One thread per shard unless asked: a Dask worker runs one task per thread.
    task_args = dict(args)
    if task_args.get("threads") is None:
        task_args["threads"] = 1
    indices = list(range(1, shards + 1))
    run = uuid.uuid4().hex[:12]
    futures = client.map(
        _shard,
        [task_args] * shards,
        indices,
        [shards] * shards,
        retries=retries,
        pure=False,
        key=[f"alphabeta-shard-{run}-{i}-of-{shards}" for i in indices],
    )
    results = client.gather(futures)
    return SimulationResult(*_core.merge(results))
