//! The minimal tree (Knuth & Moore §6–§7), checked against every procedure,
//! against Knuth's count for uniform trees, and against two brute forces
//! that share nothing with its recursion: every subset of the leaves, and
//! every order of the successors.

use crate::common;

use std::collections::BTreeSet;

use alphabeta_core::minimal::{MinimalTree, minimal_tree};
use alphabeta_core::procedures as p;
use alphabeta_core::{INFINITY, NEG_INFINITY, Procedure, Search, Stats, Value};
use alphabeta_trees::{NodeId, Tree, fixtures};
use common::{random_tree, random_uniform};
use proptest::prelude::*;

const FULL: u32 = u32::MAX;
const WORK: u64 = 1 << 24;

fn minimal(tree: &Tree) -> MinimalTree {
    minimal_tree(tree, &Tree::ROOT, FULL, WORK).expect("small tree")
}

/// Bottom positions F2 examines on `tree` in its own order.
fn f2_leaves(tree: &Tree) -> u64 {
    let mut s = Search::with_observer(tree, Stats::default());
    p::alpha_beta_fail_hard(&mut s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY);
    s.into_observer().leaves()
}

/// Bottom positions F2 examines under the minimal tree's order, and the
/// value it finds.
fn f2_under_order(tree: &Tree, m: &MinimalTree) -> (Value, u64) {
    let (game, root) = m.reordered(tree, &Tree::ROOT);
    let mut s = Search::with_observer(&game, Stats::default());
    let v = p::alpha_beta_fail_hard(&mut s, &root, FULL, NEG_INFINITY, INFINITY);
    (v, s.into_observer().leaves())
}

/// Knuth & Moore's count for a uniform tree of degree n and height d.
fn knuth_count(n: u64, d: u32) -> u64 {
    n.pow(d.div_ceil(2)) + n.pow(d / 2) - 1
}

/// The value of `tree` with the leaves outside `known` replaced by `fill`
/// (Max's view, where every value is non-decreasing in every leaf).
fn value_with(tree: &Tree, known: &BTreeSet<NodeId>, fill: Value) -> Value {
    fn go(t: &Tree, n: NodeId, known: &BTreeSet<NodeId>, fill: Value) -> Value {
        if t.is_leaf(n) {
            return if known.contains(&n) {
                t.minimax_value(n)
            } else {
                fill
            };
        }
        let vals = t.children(n).iter().map(|&c| go(t, c, known, fill));
        if t.depth(n).is_multiple_of(2) {
            vals.max().unwrap()
        } else {
            vals.min().unwrap()
        }
    }
    go(tree, Tree::ROOT, known, fill)
}

/// Brute force over leaf subsets: the fewest leaves whose values fix the
/// root value whatever the others are. In Max's view the root value is
/// monotone in every leaf, so a set fixes it exactly when filling the rest
/// with −∞ and with +∞ gives the same value.
fn fewest_by_subsets(tree: &Tree) -> u64 {
    let leaves = tree.leaves();
    assert!(
        leaves.len() <= 20,
        "brute force over 2^{} subsets",
        leaves.len()
    );
    let mut best = u64::MAX;
    for mask in 0u32..(1 << leaves.len()) {
        let size = u64::from(mask.count_ones());
        if size >= best {
            continue;
        }
        let known: BTreeSet<NodeId> = leaves
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &l)| l)
            .collect();
        if value_with(tree, &known, NEG_INFINITY) == value_with(tree, &known, INFINITY) {
            best = size;
        }
    }
    best
}

/// Brute force over orders: the fewest leaves F2 examines under any
/// permutation of the successors of every interior node; `None` when there
/// are more than `most` orders.
fn fewest_by_orders(tree: &Tree, most: usize) -> Option<u64> {
    let interior: Vec<NodeId> = (0..tree.len() as NodeId)
        .filter(|&n| !tree.is_leaf(n))
        .collect();
    let mut choices: Vec<Vec<Vec<NodeId>>> = Vec::new();
    for &n in &interior {
        let mut perms = Vec::new();
        permutations(&mut tree.children(n).to_vec(), 0, &mut perms);
        choices.push(perms);
    }
    let total = choices
        .iter()
        .try_fold(1usize, |t, c| t.checked_mul(c.len()))
        .filter(|&t| t <= most)?;
    let mut best = u64::MAX;
    for mut code in 0..total {
        let mut pick = std::collections::HashMap::new();
        for (k, &n) in interior.iter().enumerate() {
            pick.insert(n, choices[k][code % choices[k].len()].clone());
            code /= choices[k].len();
        }
        let t = tree.reordered(|n, kids| *kids = pick[&n].clone());
        best = best.min(f2_leaves(&t));
    }
    Some(best)
}

fn permutations(items: &mut Vec<NodeId>, k: usize, out: &mut Vec<Vec<NodeId>>) {
    if k == items.len() {
        out.push(items.clone());
        return;
    }
    for i in k..items.len() {
        items.swap(k, i);
        permutations(items, k + 1, out);
        items.swap(k, i);
    }
}

#[test]
fn the_seeds_trees_minimal_counts() {
    // Knuth Fig. 4 ("perfect ordering is not always best"): 4 leaves, F2
    // examines 3 in the perfectly ordered form and 2 once the Min node's
    // successors are swapped; 2 is the least any procedure can do.
    for tree in [
        fixtures::perfect_order_not_best(),
        fixtures::perfect_order_not_best_permuted(),
    ] {
        let m = minimal(&tree);
        assert_eq!(m.leaves, fewest_by_subsets(&tree));
        assert_eq!(Some(m.leaves), fewest_by_orders(&tree, 1 << 10));
        assert_eq!(m.leaves, 2);
        assert_eq!(f2_under_order(&tree, &m), (tree.value(Tree::ROOT), 2));
    }
    assert_eq!(f2_leaves(&fixtures::perfect_order_not_best()), 3);
    // Knuth Fig. 5: a binary tree of height 4, 2^15 orders, 2^16 subsets.
    let fig5 = fixtures::knuth_fig5();
    let m = minimal(&fig5);
    let by_subsets = fewest_by_subsets(&fig5);
    assert_eq!(m.leaves, by_subsets);
    assert_eq!(Some(m.leaves), fewest_by_orders(&fig5, 1 << 15));
    assert_eq!(m.leaves, knuth_count(2, 4));
    assert_eq!(f2_under_order(&fig5, &m).1, m.leaves);
    // Knuth Fig. 1 (the π tree): too large for either brute force (81
    // leaves, 6^40 orders); its count is Knuth & Moore's 3^2 + 3^2 − 1 =
    // 17, and the 17 leaves F2 examines under the returned order fix the
    // root value 2 whatever the other 64 leaves are.
    let pi = fixtures::knuth_pi_tree();
    let m = minimal(&pi);
    assert_eq!((m.value, m.leaves), (2, 17));
    let (game, root) = m.reordered(&pi, &Tree::ROOT);
    let mut s = Search::with_observer(&game, alphabeta_core::Trace::default());
    assert_eq!(
        p::alpha_beta_fail_hard(&mut s, &root, FULL, NEG_INFINITY, INFINITY),
        2
    );
    // The reordered search's paths are in search order; map them back to
    // the π tree's leaves through the recorded permutations.
    let perms: std::collections::HashMap<Vec<u32>, Vec<u32>> =
        m.permutations().into_iter().collect();
    let known: BTreeSet<NodeId> = s
        .into_observer()
        .leaves()
        .iter()
        .map(|path| {
            let mut natural = Vec::new();
            for &rank in &path.0 {
                let r = perms
                    .get(&natural)
                    .map_or(rank, |order| order[rank as usize - 1]);
                natural.push(r);
            }
            pi.node_at(&alphabeta_core::DeweyPath(natural)).unwrap()
        })
        .collect();
    assert_eq!(known.len(), 17);
    assert_eq!(value_with(&pi, &known, NEG_INFINITY), 2);
    assert_eq!(value_with(&pi, &known, INFINITY), 2);
    // Natural order: F2 examines 31 (Knuth Fig. 3).
    assert_eq!(f2_leaves(&pi), 31);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// No procedure examines fewer bottom positions than the minimal tree,
    /// and F2 under the returned order examines exactly that many.
    #[test]
    fn no_procedure_beats_the_minimal_tree(seed in any::<u64>(), depth in 1u32..6, branch in 1u64..5, range in 0i64..30) {
        let tree = random_tree(seed, depth, branch, range);
        let m = minimal(&tree);
        prop_assert_eq!(m.value, tree.value(Tree::ROOT));
        for procedure in Procedure::ALL {
            let mut s = Search::with_observer(&tree, Stats::default());
            procedure.run(&mut s, &Tree::ROOT, FULL);
            prop_assert!(s.into_observer().leaves() >= m.leaves, "{} beat the minimal tree", procedure);
        }
        prop_assert_eq!(f2_under_order(&tree, &m), (m.value, m.leaves));
    }

    /// On small trees the recursion agrees with both brute forces.
    #[test]
    fn minimal_tree_agrees_with_brute_force(seed in any::<u64>(), depth in 1u32..5, range in 0i64..6) {
        let tree = random_tree(seed, depth, 3, range);
        prop_assume!(tree.leaves().len() <= 12);
        let m = minimal(&tree);
        prop_assert_eq!(m.leaves, fewest_by_subsets(&tree));
        if let Some(by_orders) = fewest_by_orders(&tree, 1 << 9) {
            prop_assert_eq!(m.leaves, by_orders);
        }
    }

    /// Knuth & Moore: on a uniform tree of degree n and height d with finite
    /// values, in any order, the minimal tree has n^⌈d/2⌉ + n^⌊d/2⌋ − 1
    /// leaves (in particular on perfectly ordered trees with distinct values,
    /// where F2 itself examines that many).
    #[test]
    fn uniform_trees_have_knuths_count(seed in any::<u64>(), n in 1usize..5, d in 1u32..6, range in prop_oneof![Just(2i64), Just(1_000_000_000i64)]) {
        let tree = random_uniform(seed, n, d, range);
        let m = minimal(&tree);
        prop_assert_eq!(m.leaves, knuth_count(n as u64, d));
        let ordered = tree.reordered(|_, kids| kids.sort_by_key(|&c| tree.value(c)));
        let values: BTreeSet<Value> = ordered.leaves().iter().map(|&l| ordered.value(l)).collect();
        if values.len() == ordered.leaves().len() {
            prop_assert_eq!(f2_leaves(&ordered), knuth_count(n as u64, d));
            prop_assert_eq!(minimal(&ordered).leaves, knuth_count(n as u64, d));
        }
    }
}

#[test]
fn infinite_root_values_need_only_one_bound() {
    // Knuth's remark after Corollary 1: with root value +inf, F2 on a
    // perfectly ordered tree examines n^⌊d/2⌋ leaves; nothing does better.
    let (n, d) = (3usize, 4u32);
    let tree = Tree::uniform(
        n,
        d,
        &vec![INFINITY; n.pow(d)],
        alphabeta_trees::Convention::MinMax,
    )
    .unwrap();
    let m = minimal(&tree);
    assert_eq!((m.value, m.leaves), (INFINITY, 9));
    assert_eq!(f2_leaves(&tree), 9);
}

#[test]
fn depth_limits_and_work_bounds() {
    let tree = random_uniform(5, 3, 5, 100);
    // Depth 2: the bottom positions are the 9 positions two plies down,
    // valued exactly; a uniform tree of degree 3 and height 2 needs 5.
    let m = minimal_tree(&tree, &Tree::ROOT, 2, WORK).unwrap();
    assert_eq!((m.value, m.leaves), (tree.value(Tree::ROOT), 5));
    let e = minimal_tree(&tree, &Tree::ROOT, FULL, 100).unwrap_err();
    assert_eq!(e.limit, 100);
    assert!(e.to_string().contains("more than 100 positions"));
}
