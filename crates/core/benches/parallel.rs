//! What Young Brothers Wait costs and gains against sequential fail-hard
//! alpha-beta (F2) in the same run: a uniform tree of 10^6 leaves searched
//! by F2, by YBWC on one thread (the cost of its machinery alone: one
//! thread examines exactly F2's positions) and on two threads where the
//! machine has them. No principal variation, no instrument, as in F2.
//!
//! Run: `cargo bench -p alphabeta-core --bench parallel` (under the
//! exclusive CPU lock on a shared host; docs/performance.md).

#[path = "support/hashed_uniform.rs"]
#[allow(dead_code)] // its `search` is the instrument bench's
mod hashed_uniform;

use alphabeta_core::parallel::{YbwcOptions, ybwc};
use alphabeta_core::procedures::alpha_beta_fail_hard;
use alphabeta_core::resources::cores;
use alphabeta_core::{INFINITY, Limits, NEG_INFINITY, NoObserver, Search};
use criterion::{Criterion, criterion_group, criterion_main};
use hashed_uniform::TREE;
use std::hint::black_box;

fn parallel(c: &mut Criterion) {
    let mut g = c.benchmark_group("alpha-beta <10,6>");
    g.sample_size(30);
    // Both to the tree's height: the split depth is counted in plies left,
    // which an unlimited search does not know, and a depth-limited search
    // settles the leaves without generating their (empty) move lists.
    g.bench_function("F2", |b| {
        b.iter(|| {
            let mut s = Search::new(black_box(&TREE)).track_pv(false);
            alpha_beta_fail_hard(&mut s, &(0, 0), TREE.depth, NEG_INFINITY, INFINITY)
        })
    });
    let mut threads = vec![1];
    if cores() >= 2 {
        threads.push(2);
    }
    for t in threads {
        let options = YbwcOptions {
            threads: t,
            track_pv: false,
            ..YbwcOptions::default()
        };
        g.bench_function(format!("YBWC {t} thread(s)"), |b| {
            b.iter(|| {
                ybwc(
                    black_box(&TREE),
                    &(0, 0),
                    TREE.depth,
                    (NEG_INFINITY, INFINITY),
                    NoObserver,
                    Limits::none(),
                    options,
                )
                .expect("threads ≤ cores")
                .value
            })
        });
    }
    g.finish();
}

criterion_group!(benches, parallel);
criterion_main!(benches);
