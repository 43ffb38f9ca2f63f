//! E[NBP_{N,D}] timings: the floating-point path, the exact factorised integral, and Fuller et
//! al.'s own method (Eqn 5.6 with Lemma 5.3) as the baseline on the sizes where it runs.
//!
//! The `certified` group times every level of ⟨N,D⟩ at once (the certified float path) against
//! its first version, kept as the baseline (`Refinement::IntegrateEveryPiece`: every piece
//! integrated before it is split), in the same run, and the exact rationals where they exist.
//!
//! Run: `cargo bench -p alphabeta-analysis --bench expected_leaves`.

use std::hint::black_box;

use alphabeta_analysis::fuller::{
    Refinement, expected_leaves, expected_leaves_by_level_with, expected_leaves_exact, lemma53,
};
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

fn certified(c: &mut Criterion) {
    let mut group = c.benchmark_group("certified");
    group.sample_size(10);
    for (n, d) in [
        (2u32, 64u32),
        (35, 64),
        (100, 64),
        (1000, 64),
        (1000, 32),
        (64, 24),
    ] {
        for (name, refinement) in [
            ("bounds_first", Refinement::BoundsFirst),
            ("baseline", Refinement::IntegrateEveryPiece),
        ] {
            group.bench_function(format!("{name}_{n}_{d}"), |b| {
                b.iter(|| expected_leaves_by_level_with(black_box(n), black_box(d), refinement))
            });
        }
    }
    // Where the exact rational exists: the same value, exactly.
    for (n, d) in [(2u32, 13u32), (5, 6)] {
        group.bench_function(format!("bounds_first_{n}_{d}"), |b| {
            b.iter(|| {
                expected_leaves_by_level_with(black_box(n), black_box(d), Refinement::BoundsFirst)
            })
        });
        group.bench_function(format!("exact_{n}_{d}"), |b| {
            b.iter(|| expected_leaves_exact(black_box(n), black_box(d)).unwrap())
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

criterion_group!(benches, float_path, certified, exact_path);
criterion_main!(benches);
