//! Leaves per second of fail-hard alpha-beta (Knuth's F2) on implicit
//! uniform trees — wide and shallow ⟨35,4⟩ and ⟨10,6⟩, narrow and deep
//! ⟨4,10⟩ and ⟨2,20⟩: the library's generic search against a minimal
//! hand-written alpha-beta over the very same splitmix-hashed tree, measured
//! side by side in one run, with a second hand-written kernel that hashes
//! each leaf's value from its node number and whose leaf parents scan their
//! leaves in their own loop (the hashed-leaf inline kernel, the yardstick);
//! the library is run bare, with the `Stats` instrument, with `Stats` and a
//! stop flag (the Monte Carlo runner's search) and with its defaults; and the
//! Monte Carlo runner on 1 and 2 threads beside two independent 1-thread
//! runs at once (the host's capacity).
//!
//! Run: `cargo bench -p alphabeta-montecarlo --bench leaves_per_second`.
//! Criterion's "thrpt" is leaves per second (one element = one leaf).

use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_core::procedures::alpha_beta_fail_hard;
use alphabeta_core::{INFINITY, Limits, NEG_INFINITY, NoObserver, Search, Stats, Value};
use alphabeta_models::{TreeModel, Uniform};
use alphabeta_montecarlo::{Experiment, RunOptions, run};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod kernels;
use kernels::{Baseline, leaf_key};

const SEEDS: u64 = 8;

/// The xor of the root values and the leaves counted by one hand-written
/// kernel (`Baseline::search` or `Baseline::search_inline_leaves`) over the
/// `SEEDS` trees ⟨n, d⟩.
fn kernel_trees<K>(n: u32, d: u32, kernel: K) -> (Value, u64)
where
    K: Fn(&Baseline, u64, u32, Value, Value, &mut u64) -> Value,
{
    let mut leaves = 0;
    let mut values = 0;
    for seed in 0..SEEDS {
        let b = Baseline {
            n: u64::from(n),
            key: leaf_key(seed),
        };
        values ^= kernel(&b, 0, d, NEG_INFINITY, INFINITY, &mut leaves);
    }
    (values, leaves)
}

fn baseline_trees(n: u32, d: u32) -> (Value, u64) {
    kernel_trees(n, d, Baseline::search)
}

fn inline_leaf_trees(n: u32, d: u32) -> (Value, u64) {
    kernel_trees(n, d, Baseline::search_inline_leaves)
}

fn library_bare(n: u32, d: u32) -> Value {
    let mut values = 0;
    for seed in 0..SEEDS {
        let tree = Uniform::new(n, d, seed).expect("valid tree");
        let mut s = Search::with_observer(&tree, NoObserver).track_pv(false);
        values ^= alpha_beta_fail_hard(&mut s, &tree.root(), d, NEG_INFINITY, INFINITY);
    }
    values
}

fn library_stats(n: u32, d: u32) -> (Value, u64) {
    let mut values = 0;
    let mut leaves = 0;
    for seed in 0..SEEDS {
        let tree = Uniform::new(n, d, seed).expect("valid tree");
        let mut s = Search::with_observer(&tree, Stats::default()).track_pv(false);
        values ^= alpha_beta_fail_hard(&mut s, &tree.root(), d, NEG_INFINITY, INFINITY);
        leaves += s.into_observer().leaves();
    }
    (values, leaves)
}

/// The search of the Monte Carlo runner (`crates/montecarlo/src/run.rs`):
/// `Stats` on, no principal variation, and a stop flag (Ctrl-C) it polls.
fn library_runner(n: u32, d: u32) -> (Value, u64) {
    let stop = Arc::new(AtomicBool::new(false));
    let mut values = 0;
    let mut leaves = 0;
    for seed in 0..SEEDS {
        let tree = Uniform::new(n, d, seed).expect("valid tree");
        let limits = Limits {
            stop: Some(stop.clone()),
            ..Limits::none()
        };
        let mut s = Search::with_observer(&tree, Stats::default())
            .limits(limits)
            .track_pv(false);
        values ^= alpha_beta_fail_hard(&mut s, &tree.root(), d, NEG_INFINITY, INFINITY);
        leaves += s.into_observer().leaves();
    }
    (values, leaves)
}

fn library_default(n: u32, d: u32) -> Value {
    let mut values = 0;
    for seed in 0..SEEDS {
        let tree = Uniform::new(n, d, seed).expect("valid tree");
        let mut s = Search::new(&tree);
        values ^= alpha_beta_fail_hard(&mut s, &tree.root(), d, NEG_INFINITY, INFINITY);
    }
    values
}

fn leaves_per_second(c: &mut Criterion) {
    for (n, d) in [(10, 6), (35, 4), (4, 10), (2, 20)] {
        let (value, leaves) = baseline_trees(n, d);
        // Same tree, same procedure: the same leaves and the same values.
        assert_eq!(library_stats(n, d), (value, leaves), "⟨{n},{d}⟩");
        assert_eq!(library_runner(n, d), (value, leaves));
        assert_eq!(library_bare(n, d), value);
        assert_eq!(inline_leaf_trees(n, d), (value, leaves));
        let mut group = c.benchmark_group(format!("f2 uniform <{n},{d}>"));
        group.throughput(Throughput::Elements(leaves));
        group.bench_function("baseline (hand-written)", |b| {
            b.iter(|| baseline_trees(black_box(n), black_box(d)))
        });
        group.bench_function("baseline (hand-written, inline leaf loop)", |b| {
            b.iter(|| inline_leaf_trees(black_box(n), black_box(d)))
        });
        group.bench_function("library, no observer", |b| {
            b.iter(|| library_bare(black_box(n), black_box(d)))
        });
        group.bench_function("library, Stats observer", |b| {
            b.iter(|| library_stats(black_box(n), black_box(d)))
        });
        group.bench_function("library, Stats observer, stop flag (runner)", |b| {
            b.iter(|| library_runner(black_box(n), black_box(d)))
        });
        group.bench_function("library, default (PV on)", |b| {
            b.iter(|| library_default(black_box(n), black_box(d)))
        });
        group.finish();
    }
}

/// The runner on 1 and 2 threads: the ratio of the two rates is the
/// parallel efficiency across trees. 2048 trees (about 0.6 s on one core):
/// a run of a few dozen milliseconds loses a good part of the second core to
/// thread start-up and the wait at the end of each block of trees.
fn parallel_runner(c: &mut Criterion) {
    let trees = 2048;
    let exp = Experiment::new(
        "uniform n=10 d=6".parse().expect("valid model"),
        "f2".parse().expect("valid procedure"),
        trees,
        1,
    );
    let leaves = run(&exp, &RunOptions::default())
        .expect("runs")
        .totals
        .leaves
        .sum as u64;
    let mut group = c.benchmark_group("runner uniform <10,6> x2048 trees");
    group.throughput(Throughput::Elements(leaves));
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("{threads} thread(s)"), |b| {
            b.iter(|| {
                let opts = RunOptions {
                    threads: Some(threads),
                    ..RunOptions::default()
                };
                run(black_box(&exp), &opts).expect("runs")
            })
        });
    }
    group.finish();
    // The host's capacity for two busy single-threaded jobs: two independent
    // 1-thread runs at once (as two processes would be, sharing nothing but
    // the machine). The 2-thread runner is compared with this, not with 2×
    // one thread: the second core of this host is shared.
    let mut group = c.benchmark_group("runner uniform <10,6> x2048 trees, capacity");
    group.throughput(Throughput::Elements(2 * leaves));
    group.sample_size(10);
    group.bench_function("2 independent 1-thread runs at once", |b| {
        b.iter(|| {
            std::thread::scope(|scope| {
                let jobs: Vec<_> = (0..2)
                    .map(|_| {
                        scope.spawn(|| {
                            let opts = RunOptions {
                                threads: Some(1),
                                ..RunOptions::default()
                            };
                            run(black_box(&exp), &opts).expect("runs")
                        })
                    })
                    .collect();
                jobs.into_iter()
                    .map(|j| j.join().expect("no panic"))
                    .collect::<Vec<_>>()
            })
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(4));
    targets = leaves_per_second, parallel_runner
}
criterion_main!(benches);
