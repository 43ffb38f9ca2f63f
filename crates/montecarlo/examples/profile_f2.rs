//! Searches `TREES` uniform trees ⟨N, D⟩ with fail-hard alpha-beta, one
//! variant per run, for `perf stat` and `valgrind --tool=callgrind` (see
//! docs/performance-trees.md):
//!
//! `profile_f2 baseline|inline|bare|stats|runner N D TREES`
//!
//! `baseline` is the hand-written alpha-beta of the benchmark, `inline` its
//! second hand-written kernel (leaf parents scan their leaves in their own
//! loop), `bare` the
//! library with no observer and no principal variation, `stats` the library
//! with the `Stats` instrument, `runner` the library as the Monte Carlo
//! runner searches (`Stats` and a stop flag, polled, never raised). Prints
//! the xor of the root values and the leaves counted (0 for `bare`), so the
//! variants can be checked equal.

use alphabeta_core::procedures::alpha_beta_fail_hard;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_core::{INFINITY, Limits, NEG_INFINITY, NoObserver, Search, Stats};
use alphabeta_models::{TreeModel, Uniform};

#[path = "../benches/kernels/mod.rs"]
mod kernels;
use kernels::{Baseline, leaf_key};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: profile_f2 baseline|inline|bare|stats|runner N D TREES";
    let [_, which, n, d, trees] = args.as_slice() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let parse = |s: &str| s.parse::<u32>().unwrap_or_else(|_| panic!("{usage}"));
    let (n, d, trees) = (parse(n), parse(d), parse(trees));
    let (mut xor, mut leaves) = (0, 0);
    for seed in 0..u64::from(trees) {
        let tree = Uniform::new(n, d, seed).expect("valid tree");
        let root = tree.root();
        xor ^= match which.as_str() {
            "baseline" => Baseline {
                n: u64::from(n),
                key: leaf_key(seed),
            }
            .search(0, d, NEG_INFINITY, INFINITY, &mut leaves),
            "inline" => Baseline {
                n: u64::from(n),
                key: leaf_key(seed),
            }
            .search_inline_leaves(0, d, NEG_INFINITY, INFINITY, &mut leaves),
            "bare" => {
                let mut s = Search::with_observer(&tree, NoObserver).track_pv(false);
                alpha_beta_fail_hard(&mut s, &root, d, NEG_INFINITY, INFINITY)
            }
            "stats" | "runner" => {
                let limits = Limits {
                    stop: (which == "runner").then(|| Arc::new(AtomicBool::new(false))),
                    ..Limits::none()
                };
                let mut s = Search::with_observer(&tree, Stats::default())
                    .limits(limits)
                    .track_pv(false);
                let v = alpha_beta_fail_hard(&mut s, &root, d, NEG_INFINITY, INFINITY);
                let stats = s.into_observer();
                leaves += stats.leaves();
                if seed == 0 {
                    eprintln!("tree 0: positions per level {:?}", stats.nodes_per_ply());
                }
                v
            }
            _ => panic!("{usage}"),
        };
    }
    println!("{xor} {leaves}");
}
