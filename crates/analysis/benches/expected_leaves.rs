//! E[NBP_{N,D}] timings: the floating-point path, the exact factorised integral, and Fuller et
//! al.'s own method (Eqn 5.6 with Lemma 5.3) as the baseline on the sizes where it runs.
//!
//! Run: `cargo bench -p alphabeta-analysis --bench expected_leaves`.

use std::hint::black_box;

use alphabeta_analysis::fuller::{expected_leaves, expected_leaves_exact, lemma53};
use criterion::{Criterion, criterion_group, criterion_main};

fn float_path(c: &mut Criterion) {
    let mut group = c.benchmark_group("float");
    for (n, d) in [
        (35u32, 4u32),
        (35, 8),
        (64, 24),
        (2, 64),
        (35, 64),
        (1000, 64),
    ] {
        group.bench_function(format!("nbp_{n}_{d}"), |b| {
            b.iter(|| expected_leaves(black_box(n), black_box(d)).unwrap())
        });
    }
    group.finish();
}

fn exact_path(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    group.sample_size(20);
    for (n, d) in [(3u32, 4u32), (6, 4), (2, 10), (12, 4)] {
        group.bench_function(format!("factorised_{n}_{d}"), |b| {
            b.iter(|| expected_leaves_exact(black_box(n), black_box(d)).unwrap())
        });
    }
    // Baseline: the paper's method on the largest trees it handles here.
    for (n, d) in [(3u32, 4u32), (2, 10)] {
        group.bench_function(format!("lemma53_{n}_{d}"), |b| {
            b.iter(|| lemma53::expected_leaves_by_lemma_5_3(black_box(n), black_box(d)).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, float_path, exact_path);
criterion_main!(benches);
