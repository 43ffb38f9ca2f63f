"""alphabeta.simulate: the command line's numbers, shards, pandas, Ctrl-C."""

import time

import pytest

import alphabeta


def test_fullers_point_is_covered():
    # Fuller Table 5.1, N = 2: E[NBP_{2,2}] = 11/3 lies in the 95 % interval.
    r = alphabeta.simulate(n=2, d=2, trees=2000, seed=1)
    lo, hi = r.ci95
    assert lo <= 11 / 3 <= hi
    assert r.trees == 2000 and r.complete
    assert r.mean == r.leaves.mean


def test_identical_to_the_command_line(cli):
    args = dict(n=3, d=4, trees=300, procedure="f3", seed=7)
    r = alphabeta.simulate(**args)
    line = ["simulate", "--n", "3", "--d", "4", "--trees", "300", "--procedure", "f3", "--seed", "7",
            "--quiet"]
    assert r.to_json() + "\n" == cli(*line, "--format", "json")
    assert r.to_csv() == cli(*line, "--format", "csv")
    assert str(r) == cli(*line)
    b = alphabeta.simulate(model="branching", q=[0.9, 0.8], mean_branching=[2, 2.5], trees=100,
                           ordering="constructed", seed=3)
    line_b = ["simulate", "--model", "branching", "--q", "0.9,0.8", "--mean-branching",
              "2,2.5", "--trees", "100", "--ordering", "constructed", "--seed", "3", "--quiet",
              "--format", "json"]
    assert b.to_json() + "\n" == cli(*line_b)


def test_thread_count_and_shards_do_not_change_a_bit():
    args = dict(n=4, d=4, trees=250, seed=11)
    one = alphabeta.simulate(threads=1, **args)
    assert alphabeta.simulate(threads=2, **args).to_json() == one.to_json()
    for m in [1, 3, 8]:
        shards = [alphabeta.run_shard(k, m, **args) for k in range(m, 0, -1)]
        assert alphabeta.merge_shards(shards).to_json() == one.to_json()


def test_merge_refuses_foreign_and_missing_shards():
    a = [alphabeta.run_shard(k, 2, n=3, d=3, trees=20, seed=1) for k in (1, 2)]
    b = alphabeta.run_shard(2, 2, n=3, d=3, trees=20, seed=2)
    with pytest.raises(ValueError, match="cannot merge.*seed 2"):
        alphabeta.merge_shards([a[0], b])
    with pytest.raises(ValueError, match="missing: 2/2"):
        alphabeta.merge_shards([a[0]])
    with pytest.raises(ValueError, match="given twice"):
        alphabeta.merge_shards([a[0], a[0], a[1]])
    with pytest.raises(ValueError, match="not JSON"):
        alphabeta.merge_shards(["{"])


def test_to_pandas_is_tidy():
    r = alphabeta.simulate(n=3, d=3, trees=100, seed=5)
    df = r.to_pandas()
    assert list(df.columns) == ["model", "procedure", "seed", "trees", "measure", "level", "mean", "sd",
                                "ci95_low", "ci95_high", "sd_over_mean"]
    nbp = df[df.measure == "bottom_positions"].iloc[0]
    assert nbp["mean"] == r.mean and (nbp.ci95_low, nbp.ci95_high) == r.ci95
    levels = df[df.measure == "examined_on_level"]
    assert list(levels.level) == [0, 1, 2, 3]
    assert levels["mean"].iloc[0] == 1.0


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(n=0, d=3), "branching factor must be at least 1"),
        (dict(n=10, d=40), "deepest allowed for this branching is 19"),
        (dict(model="bogus", n=3, d=3), 'unknown model "bogus"'),
        (dict(n=3, d=3, procedure="zz"), "unknown procedure"),
        (dict(n=3, d=3, trees=0), "trees must be between 1 and"),
        (dict(n=3, d=3, ordering="best-first"), "needs its probability p"),
        (dict(n=3, d=3, r=4), "does not take r"),
        (dict(n=3, d=3, threads=0), "threads must be between 1"),
    ],
)
def test_bad_values_get_the_command_lines_messages(kwargs, message):
    with pytest.raises(ValueError, match=message):
        alphabeta.simulate(**kwargs)


def test_ctrl_c_interrupts_a_long_run(ctrl_c):
    began = time.monotonic()
    ctrl_c(0.5)
    with pytest.raises(KeyboardInterrupt):
        alphabeta.simulate(n=10, d=8, trees=10**9, seed=1)
    assert time.monotonic() - began < 10
    # The module still works afterwards.
    assert alphabeta.simulate(n=2, d=2, trees=10).trees == 10


def test_samples_are_the_trees_the_summary_sums():
    r = alphabeta.simulate(n=3, d=4, trees=300, seed=7, samples=True)
    s = r.samples
    assert s["tree"] == list(range(300))
    assert sum(s["bottom_positions"]) / 300 == pytest.approx(r.mean, rel=1e-12)
    assert sum(s["positions_examined"]) / 300 == pytest.approx(r.nodes.mean, rel=1e-12)
    assert sum(s["move_generations"]) / 300 == pytest.approx(r.move_generations.mean, rel=1e-12)
    assert sum(s["value"]) / 300 == pytest.approx(r.root_value_mean, rel=1e-12)
    # Tree i depends on (seed, i) alone: the first trees of a longer run are these.
    longer = alphabeta.simulate(n=3, d=4, trees=400, seed=7, samples=True, threads=1).samples
    assert longer["bottom_positions"][:300] == s["bottom_positions"]
    assert alphabeta.simulate(n=3, d=4, trees=10).samples is None
    with pytest.raises(TypeError, match="samples must be True or False"):
        alphabeta.simulate(n=3, d=4, trees=10, samples="yes")


def test_sweep_is_one_tidy_frame_with_n_and_d_columns():
    df = alphabeta.sweep(n=[2, 3], d=[2, 3], procedures=["f2", "minimax"], trees=50, seed=3, progress=False)
    assert list(df.columns[:4]) == ["model", "n", "d", "procedure"]
    nbp = df[df.measure == "bottom_positions"]
    assert len(nbp) == 8 and set(nbp.model) == {"uniform"}
    one = alphabeta.simulate(n=3, d=2, trees=50, seed=3, procedure="f2")
    row = nbp[(nbp.n == 3) & (nbp.d == 2) & (nbp.procedure == "f2")].iloc[0]
    assert row["mean"] == one.mean
    # Minimax examines every leaf: N^D.
    mm = nbp[nbp.procedure == "minimax"]
    assert list(mm["mean"]) == [float(n**d) for n, d in zip(mm.n, mm.d)]
