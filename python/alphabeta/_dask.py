"""Monte Carlo on a Dask cluster: shards mapped over the workers, merged.

Every shard is an ordinary Dask task (``client.map``), so the cluster's
scheduler places, retries (``retries=``) and reports them; nothing here
schedules by itself. The merge checks that every shard of the run came back
once, and gives the single-process result exactly.
"""

from __future__ import annotations

import uuid
from typing import Any, Dict, Optional

from . import SimulationResult, _check, _core


def _shard(args: Dict[str, Any], index: int, count: int) -> str:
    """One Dask task: shard ``index`` of ``count``; returns its JSON."""
    return _core.run_shard(args, index, count)


def simulate_on(client: Any, args: Dict[str, Any], shards: Optional[int], retries: int) -> SimulationResult:
    if shards is None:
        threads = sum(client.nthreads().values()) or 1
        shards = 4 * threads
    shards = _check.integer("shards", shards, 1, _check.U64)
    retries = _check.integer("retries", retries, 0, 1000)
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
