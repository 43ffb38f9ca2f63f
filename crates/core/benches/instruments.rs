//! What the instruments cost: fail-hard alpha-beta on a random uniform tree
//! of 10^6 leaves, with no observer, with the counting instruments
//! ([`Stats`]), and with node-type classification as well.
//!
//! Run: `cargo bench -p alphabeta-core --bench instruments`.

use alphabeta_core::procedures::alpha_beta_fail_hard;
use alphabeta_core::{
    Game, INFINITY, NEG_INFINITY, NoObserver, NodeTypes, Observer, Search, Stats, Value,
};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// A uniform tree whose leaf values are a hash of the leaf's index: the
/// same construction as the project's random tree models, kept here so that
/// the core's benchmark depends on nothing but the core.
struct HashedUniform {
    branching: u64,
    depth: u32,
    seed: u64,
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game for HashedUniform {
    type Position = (u64, u32);
    type Move = u64;
    type Moves = Vec<u64>;
    #[inline]
    fn moves(&self, pos: &(u64, u32), out: &mut Vec<u64>) {
        if pos.1 < self.depth {
            out.extend(0..self.branching);
        }
    }
    #[inline]
    fn play(&self, pos: &(u64, u32), mv: u64) -> (u64, u32) {
        (pos.0 * self.branching + mv, pos.1 + 1)
    }
    #[inline]
    fn evaluate(&self, pos: &(u64, u32), _ply: usize) -> Value {
        let v = (splitmix(self.seed ^ pos.0) >> 16) as Value;
        if pos.1.is_multiple_of(2) { v } else { -v }
    }
}

fn search<O: Observer>(tree: &HashedUniform, observer: O) -> Value {
    let mut s = Search::with_observer(tree, observer).track_pv(false);
    alpha_beta_fail_hard(&mut s, &(0, 0), u32::MAX, NEG_INFINITY, INFINITY)
}

fn instruments(c: &mut Criterion) {
    // ⟨10, 6⟩: 10^6 leaves in the full tree.
    let tree = HashedUniform {
        branching: 10,
        depth: 6,
        seed: 1,
    };
    let mut g = c.benchmark_group("alpha-beta <10,6>");
    g.sample_size(30);
    g.bench_function("instruments off", |b| {
        b.iter(|| search(black_box(&tree), NoObserver))
    });
    g.bench_function("Stats", |b| {
        b.iter(|| search(black_box(&tree), Stats::default()))
    });
    g.bench_function("Stats + NodeTypes", |b| {
        b.iter(|| search(black_box(&tree), (Stats::default(), NodeTypes::default())))
    });
    g.finish();
}

criterion_group!(benches, instruments);
criterion_main!(benches);
