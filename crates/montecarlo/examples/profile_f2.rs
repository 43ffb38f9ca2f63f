//! Searches `TREES` uniform trees ⟨N, D⟩ with fail-hard alpha-beta, one
//! variant per run, for `perf stat` and `valgrind --tool=callgrind` (see
//! docs/performance-trees.md):
//!
//! `profile_f2 baseline|inline|bare|stats N D TREES`
//!
//! `baseline` is the hand-written alpha-beta of the benchmark, `inline` its
//! second hand-written kernel (leaf parents scan their leaves in their own
//! loop), `bare` the
//! library with no observer and no principal variation, `stats` the library
//! with the `Stats` instrument. Prints the xor of the root values and the
//! leaves counted (0 for `bare`), so the variants can be checked equal.

use alphabeta_core::procedures::alpha_beta_fail_hard;
use alphabeta_core::{INFINITY, NEG_INFINITY, NoObserver, Search, Stats, Value};
use alphabeta_models::hash::{derive_key, node_hash};
use alphabeta_models::{TreeModel, Uniform};

#[allow(clippy::too_many_arguments)]
fn baseline(
    n: u64,
    key: u64,
    id: u64,
    depth: u32,
    alpha: Value,
    beta: Value,
    leaves: &mut u64,
) -> Value {
    if depth == 0 {
        *leaves += 1;
        return (node_hash(key, id) >> 8) as Value - (1 << 55);
    }
    let mut m = alpha;
    let first = id * n + 1;
    for child in first..first + n {
        let t = -baseline(n, key, child, depth - 1, -beta, -m, leaves);
        if t > m {
            m = t;
        }
        if m >= beta {
            break;
        }
    }
    m
}

/// The hand-written kernel whose leaf parents scan their leaves in their
/// own loop (the benchmark's "inline leaf loop" baseline).
#[allow(clippy::too_many_arguments)]
fn inline_leaves(
    n: u64,
    key: u64,
    id: u64,
    depth: u32,
    alpha: Value,
    beta: Value,
    leaves: &mut u64,
) -> Value {
    if depth == 0 {
        *leaves += 1;
        return (node_hash(key, id) >> 8) as Value - (1 << 55);
    }
    let mut m = alpha;
    let first = id * n + 1;
    if depth == 1 {
        for child in first..first + n {
            *leaves += 1;
            let t = -((node_hash(key, child) >> 8) as Value - (1 << 55));
            if t > m {
                m = t;
            }
            if m >= beta {
                break;
            }
        }
        return m;
    }
    for child in first..first + n {
        let t = -inline_leaves(n, key, child, depth - 1, -beta, -m, leaves);
        if t > m {
            m = t;
        }
        if m >= beta {
            break;
        }
    }
    m
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: profile_f2 baseline|inline|bare|stats N D TREES";
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
            "baseline" => {
                let key = derive_key(seed, 0x6C65_6166);
                baseline(u64::from(n), key, 0, d, NEG_INFINITY, INFINITY, &mut leaves)
            }
            "inline" => {
                let key = derive_key(seed, 0x6C65_6166);
                inline_leaves(u64::from(n), key, 0, d, NEG_INFINITY, INFINITY, &mut leaves)
            }
            "bare" => {
                let mut s = Search::with_observer(&tree, NoObserver).track_pv(false);
                alpha_beta_fail_hard(&mut s, &root, d, NEG_INFINITY, INFINITY)
            }
            "stats" => {
                let mut s = Search::with_observer(&tree, Stats::default()).track_pv(false);
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
