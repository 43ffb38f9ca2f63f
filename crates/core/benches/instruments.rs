//! What the instruments cost: fail-hard alpha-beta on a random uniform tree
//! of 10^6 leaves, with no observer, with the counting instruments
//! ([`Stats`]), and with node-type classification as well.
//!
//! Run: `cargo bench -p alphabeta-core --bench instruments`. The same work
//! in cycles: `cargo run --release -p alphabeta-core --example
//! instrument_cost` under `perf stat` (docs/performance.md).

#[path = "support/hashed_uniform.rs"]
mod hashed_uniform;

use alphabeta_core::{NoObserver, NodeTypes, Stats};
use criterion::{Criterion, criterion_group, criterion_main};
use hashed_uniform::{TREE, search};
use std::hint::black_box;

fn instruments(c: &mut Criterion) {
    let mut g = c.benchmark_group("alpha-beta <10,6>");
    g.sample_size(30);
    g.bench_function("instruments off", |b| {
        b.iter(|| search(black_box(&TREE), NoObserver))
    });
    g.bench_function("Stats", |b| {
        b.iter(|| search(black_box(&TREE), Stats::default()))
    });
    g.bench_function("Stats + NodeTypes", |b| {
        b.iter(|| search(black_box(&TREE), (Stats::default(), NodeTypes::default())))
    });
    g.finish();
}

criterion_group!(benches, instruments);
criterion_main!(benches);
