//! The successors of alpha-beta (Pearl's Test and Scout, Stockman's SSS*,
//! Plaat et al.'s MT-SSS*), checked against exhaustive search and against
//! each other on many random trees of varied shape.

use crate::common;

use std::collections::BTreeSet;

use alphabeta_core::procedures::{self as p, Inequality};
use alphabeta_core::{INFINITY, NEG_INFINITY, Procedure, Search, Stats, Trace, Value};
use alphabeta_trees::Tree;
use common::{leaf_paths, observe, random_tree, random_uniform};
use proptest::prelude::*;

const FULL: u32 = u32::MAX;
const ROOM: usize = 1 << 20;

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(300)
}

fn leaf_set(trace: &Trace) -> BTreeSet<String> {
    leaf_paths(trace).into_iter().collect()
}

fn distinct_leaves(tree: &Tree) -> bool {
    let leaves = tree.leaves();
    let values: BTreeSet<Value> = leaves.iter().map(|&l| tree.value(l)).collect();
    values.len() == leaves.len()
}

fn sss(s: &mut Search<'_, Tree, (Stats, Trace)>) -> Value {
    p::sss_star(s, &Tree::ROOT, FULL, ROOM).expect("room enough")
}

fn mt_sss(s: &mut Search<'_, Tree, (Stats, Trace)>) -> Value {
    p::mt_sss_star(s, &Tree::ROOT, FULL, ROOM).expect("room enough")
}

/// Reorders every node's successors best first (for the side to move).
fn perfectly_ordered(tree: &Tree) -> Tree {
    tree.reordered(|_, kids| kids.sort_by_key(|&c| tree.value(c)))
}

proptest! {
    #![proptest_config(config())]

    /// Every new procedure returns the exhaustive negamax value, on trees
    /// with many ties (values in −range..=range, range small) and on trees
    /// whose leaf values are all distinct.
    #[test]
    fn successors_find_the_negamax_value(seed in any::<u64>(), depth in 1u32..6, branch in 1u64..5, ties in any::<bool>()) {
        let range = if ties { 3 } else { 1_000_000_000 };
        let tree = random_tree(seed, depth, branch, range);
        if !ties {
            prop_assume!(distinct_leaves(&tree));
        }
        let truth = tree.value(Tree::ROOT);
        let (scout, ..) = observe(&tree, |s| p::scout(s, &Tree::ROOT, FULL));
        let (sss, ..) = observe(&tree, sss);
        let (mt, ..) = observe(&tree, mt_sss);
        prop_assert_eq!((scout, sss, mt), (truth, truth, truth));
        // Depth-limited: explicit trees evaluate cut-off positions exactly.
        for d in 0..depth {
            for procedure in [Procedure::Sss, Procedure::Scout, Procedure::MtSss] {
                let mut s = Search::new(&tree);
                prop_assert_eq!(procedure.run(&mut s, &Tree::ROOT, d), truth, "{} to depth {}", procedure, d);
            }
        }
    }

    /// Pearl's Test answers both of its questions right, around the value
    /// and at the infinities.
    #[test]
    fn pearl_test_answers_right(seed in any::<u64>(), depth in 1u32..6, branch in 1u64..5, offset in -4i64..5) {
        let tree = random_tree(seed, depth, branch, 5);
        let f = tree.value(Tree::ROOT);
        for v in [f + offset, NEG_INFINITY, INFINITY] {
            let mut s = Search::new(&tree);
            prop_assert_eq!(p::pearl_test(&mut s, &Tree::ROOT, FULL, v, Inequality::Greater), f > v, "F = {} > {}", f, v);
            prop_assert_eq!(p::pearl_test(&mut s, &Tree::ROOT, FULL, v, Inequality::AtLeast), f >= v, "F = {} ≥ {}", f, v);
        }
    }

    /// Plaat et al. (1996), §3: MT-SSS* evaluates exactly the bottom
    /// positions SSS* evaluates, each once, with ties or without.
    #[test]
    fn mt_sss_examines_the_leaves_of_sss(seed in any::<u64>(), depth in 1u32..7, branch in 1u64..5, range in 0i64..40) {
        let tree = random_tree(seed, depth, branch, range);
        let (_, sss_stats, sss_trace) = observe(&tree, sss);
        let (_, mt_stats, mt_trace) = observe(&tree, mt_sss);
        prop_assert_eq!(leaf_set(&sss_trace), leaf_set(&mt_trace));
        // Each evaluated once: later visits are settled by the table.
        prop_assert_eq!(sss_stats.leaves(), leaf_set(&sss_trace).len() as u64);
        prop_assert_eq!(mt_stats.leaves(), sss_stats.leaves());
    }

    /// Stockman (1979), Theorem 3 ("SSS* never examines a node that
    /// alpha-beta ignores"): every bottom position SSS* evaluates, F2 with
    /// the full window evaluates too. Stockman proves it for any tree
    /// searched in the same successor order, values with ties included, as
    /// long as SSS* breaks ties to the left; it is checked here on trees of
    /// varied shape with many ties and on trees with none.
    #[test]
    fn sss_never_examines_a_leaf_alpha_beta_skips(seed in any::<u64>(), depth in 1u32..7, branch in 1u64..5, range in prop_oneof![0i64..4, Just(1_000_000_000i64)]) {
        let tree = random_tree(seed, depth, branch, range);
        let (_, _, sss_trace) = observe(&tree, sss);
        let (_, _, f2_trace) = observe(&tree, |s| p::alpha_beta_fail_hard(s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY));
        let f2 = leaf_set(&f2_trace);
        for leaf in leaf_set(&sss_trace) {
            prop_assert!(f2.contains(&leaf), "SSS* examined {} but F2 did not", leaf);
        }
    }

    /// SSS* visits positions best-first, yet its trace names real positions
    /// (the observers follow its jumps) with their true static values, and
    /// every position examined is a leaf or an expansion.
    #[test]
    fn sss_traces_real_positions(seed in any::<u64>(), depth in 1u32..6, branch in 1u64..5) {
        let tree = random_tree(seed, depth, branch, 9);
        let (_, stats, trace) = observe(&tree, sss);
        for e in &trace.entries() {
            let node = tree.node_at(&e.path);
            prop_assert!(node.is_some(), "no position {}", e.path);
            if let Some(v) = e.leaf_value {
                prop_assert_eq!(v, tree.value(node.unwrap()));
            }
        }
        prop_assert_eq!(stats.nodes(), trace.entries().len() as u64);
        prop_assert_eq!(stats.nodes(), stats.leaves() + stats.expansions());
    }

    /// On a perfectly ordered tree with distinct values no later successor
    /// tests better than the first, so Scout and NegaScout never re-search;
    /// MT-SSS* reports one re-search per pass after the first.
    #[test]
    fn re_searches_are_counted(seed in any::<u64>(), n in 2usize..4, d in 2u32..5) {
        let tree = perfectly_ordered(&random_uniform(seed, n, d, 1_000_000_000));
        prop_assume!(distinct_leaves(&tree));
        let (_, scout, _) = observe(&tree, |s| p::scout(s, &Tree::ROOT, FULL));
        let (_, pvs, _) = observe(&tree, |s| p::principal_variation_search(s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY));
        prop_assert_eq!((scout.re_searches, pvs.re_searches), (0, 0));
        // Reversed (worst first), Scout re-searches at the root at least
        // once per later successor.
        let worst = tree.reordered(|_, kids| kids.reverse());
        let (_, scout, _) = observe(&worst, |s| p::scout(s, &Tree::ROOT, FULL));
        prop_assert!(scout.re_searches >= n as u64 - 1);
    }
}

#[test]
fn mt_sss_counts_its_passes_as_re_searches() {
    // Worked by hand, in Max's view. Pass 1 (γ = +inf) takes each Min
    // node's first leaf: upper bounds 3, 2, 14, root ≤ 14. Pass 2 (γ = 14)
    // only reopens the third Min node: 14 (stored), then 5: root ≤ 5. Pass 3
    // (γ = 5): the third Min node's last leaf 2: root ≤ 3. Pass 4 (γ = 3):
    // the first Min node's 12 and 8 prove it ≥ 3, so the root is 3. Four
    // passes (three re-searches), seven leaves, each evaluated once.
    let tree = Tree::parse("((3 12 8) (2 4 6) (14 5 2))").unwrap();
    let (v, stats, trace) = observe(&tree, mt_sss);
    assert_eq!(v, 3);
    assert_eq!(stats.re_searches, 3);
    assert_eq!(stats.leaves(), 7);
    let expected: BTreeSet<String> = ["1.1", "1.2", "1.3", "2.1", "3.1", "3.2", "3.3"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(leaf_set(&trace), expected);
    let (_, sss_stats, sss_trace) = observe(&tree, sss);
    assert_eq!((sss_stats.leaves(), leaf_set(&sss_trace)), (7, expected));
}

#[test]
fn too_large_trees_are_refused_with_a_bound() {
    let tree = random_uniform(11, 3, 6, 100);
    let truth = tree.value(Tree::ROOT);
    for limit in [1usize, 10, 100] {
        let mut s = Search::new(&tree);
        let e = p::sss_star(&mut s, &Tree::ROOT, FULL, limit).unwrap_err();
        assert_eq!(e.limit, limit);
        assert!(e.bound >= truth, "SSS* bound {} below {truth}", e.bound);
        let mut s = Search::new(&tree);
        let e = p::mt_sss_star(&mut s, &Tree::ROOT, FULL, limit).unwrap_err();
        assert!(e.bound >= truth, "MT-SSS* bound {} below {truth}", e.bound);
        assert!(e.to_string().contains("positions in memory"));
    }
    // Through Procedure::run the search stops as a limit stops it.
    let mut s = Search::new(&tree);
    assert_eq!(Procedure::Sss.run(&mut s, &Tree::ROOT, FULL), truth);
    assert!(!s.stopped());
}
