//! Golden values: the same parameters and seed give the same tree forever.
//! If one of these changes, every stored Monte Carlo result changes with it;
//! change them only together with a note in docs/models.md.

use crate::common;

use alphabeta_models::{ModelSpec, ModelVisitor, TreeModel, true_value};

/// Root value, number of leaves and the first three leaf values.
struct Fingerprint;

impl ModelVisitor for Fingerprint {
    type Output = (i64, usize, Vec<i64>);
    fn visit<M: TreeModel + 'static>(self, tree: M) -> Self::Output {
        let leaves = common::leaves(&tree, &tree.root());
        let root = true_value(&tree, &tree.root(), &mut Vec::new());
        (root, leaves.len(), leaves[..3.min(leaves.len())].to_vec())
    }
}

fn fingerprint(spec: &str, seed: u64) -> (i64, usize, Vec<i64>) {
    let spec: ModelSpec = spec.parse().unwrap();
    spec.visit(seed, Fingerprint).unwrap()
}

/// A model, its root value, leaf count and first three leaf values.
type Golden<'a> = (&'a str, (i64, usize, &'a [i64]));

#[test]
fn every_model_is_pinned() {
    let golden: [Golden; 7] = [
        (
            "uniform n=3 d=4",
            (
                -20738956483777625,
                81,
                &[33887613140667958, 16282651175372044, 28603995167543542],
            ),
        ),
        ("range n=3 d=4 r=5", (1, 81, &[4, 3, 4])),
        ("additive n=3 d=4 spread=100", (113, 81, &[-166, -201, -89])),
        ("dependent n=3 d=4", (60, 81, &[32, 30, 31])),
        (
            "branching q=0.9 mean=2.5 d=4",
            (
                -12950402879012040,
                54,
                &[33887613140667958, 16282651175372044, -2219568070703790],
            ),
        ),
        (
            "uniform n=3 d=4 ordering=perfect",
            (
                -20738956483777625,
                81,
                &[-20738956483777625, 30283079100360038, 35207203087695505],
            ),
        ),
        (
            "uniform n=3 d=4 ordering=best-first p=0.5",
            (
                -20738956483777625,
                81,
                &[16282651175372044, 33887613140667958, 28603995167543542],
            ),
        ),
    ];
    for (spec, (root, count, first)) in golden {
        assert_eq!(
            fingerprint(spec, 42),
            (root, count, first.to_vec()),
            "{spec}"
        );
    }
}

/// The first leaf of `uniform n=3 d=4` with seed 42 is node 40 (1 + 3 + 9 +
/// 27); its value, recomputed independently from the definition in
/// `hash.rs` (splitmix64 of key + 40·γ, key = mix(mix(42) ^ "leaf"), then
/// the top 56 bits shifted down by 2^55), is the first golden leaf above.
#[test]
fn golden_leaf_follows_the_documented_hash() {
    use alphabeta_models::hash::{derive_key, node_hash};
    let key = derive_key(42, 0x6C65_6166);
    assert_eq!(
        (node_hash(key, 40) >> 8) as i64 - (1 << 55),
        33887613140667958
    );
}

#[test]
fn tree_seeds_are_pinned() {
    use alphabeta_models::hash::tree_seed;
    assert_eq!(tree_seed(1, 0), 0xdf7c_a92e_7505_acad);
    assert_eq!(tree_seed(1, 999), 0xc152_508b_719b_e621);
}

/// The random DAG ⟨3, 4, 5⟩ with seed 42: its root value, the distinct
/// positions on each level (3^4 = 81 paths meet in at most 4 positions a
/// level), and the root's successors (two of the three meet), from the
/// definition in `dag.rs` (successor m of position p is on the next level at
/// index below(node_hash(node_hash(edge key, p), m), W)).
#[test]
fn the_random_dag_is_pinned() {
    use alphabeta_core::Game;
    use alphabeta_models::RandomDag;
    use alphabeta_models::hash::{below, derive_key, node_hash};
    use std::collections::BTreeSet;
    let dag = RandomDag::new(3, 4, 5, 42).unwrap();
    let root = dag.root();
    let mut level = BTreeSet::from([root]);
    let mut widths = Vec::new();
    for _ in 0..4 {
        level = level
            .iter()
            .flat_map(|p| (1..=3).map(|m| dag.play(p, m)))
            .collect();
        widths.push(level.len());
    }
    let edge = derive_key(42, 0x6564_6765);
    let first = (1..=3)
        .map(|m| (1u64 << 48) | below(node_hash(node_hash(edge, 0), m), 5))
        .collect::<Vec<_>>();
    assert_eq!(
        first,
        (1..=3).map(|m| dag.play(&root, m)).collect::<Vec<_>>()
    );
    // Recomputed independently (a few lines of Python from the definitions
    // in hash.rs and dag.rs, exhaustive negamax over the levels).
    assert_eq!(true_value(&dag, &root, &mut Vec::new()), -29013750310196328);
    assert_eq!(widths, [2, 4, 4, 4]);
    let on_level_1 = |i: u64| (1u64 << 48) | i;
    assert_eq!(first, [on_level_1(1), on_level_1(4), on_level_1(1)]);
}
