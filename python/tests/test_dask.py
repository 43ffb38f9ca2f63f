"""alphabeta.simulate(client=...) on a LocalCluster: the single-process result, exactly."""

import pytest

import alphabeta

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                       dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_dask_gives_the_single_process_result(client):
    args = dict(n=4, d=5, trees=400, procedure="f2", seed=3)
    single = alphabeta.simulate(**args)
    for shards in [None, 1, 5]:
        on_dask = alphabeta.simulate(client=client, shards=shards, **args)
        assert on_dask.to_json() == single.to_json(), shards
    dep = dict(model="dependent", n=3, d=4, trees=90, procedure="f1", seed=2)
    assert alphabeta.simulate(client=client, **dep).to_json() == alphabeta.simulate(**dep).to_json()


def test_a_failing_shard_raises_the_same_error(client):
    with pytest.raises(ValueError, match='unknown model "bogus"'):
        alphabeta.simulate(model="bogus", n=3, d=3, trees=10, client=client, retries=0)
    with pytest.raises(ValueError, match="shards must be between 1 and"):
        alphabeta.simulate(n=3, d=3, trees=10, client=client, shards=0)
    with pytest.raises(TypeError, match="shards must be an integer"):
        alphabeta.simulate(n=3, d=3, trees=10, client=client, shards=2.0)
