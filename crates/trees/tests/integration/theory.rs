//! The theorems of the seeds, checked on many random trees of varied shape.

use crate::common;

use alphabeta_core::procedures::{self as p, FailHard, FailSoft, WinPruning};
use alphabeta_core::table::TranspositionTable;
use alphabeta_core::{INFINITY, NEG_INFINITY, Procedure, Search, Value};
use alphabeta_trees::Tree;
use common::{leaf_paths, observe, random_tree, random_uniform};
use proptest::prelude::*;

const FULL: u32 = u32::MAX;

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(300)
}

proptest! {
    #![proptest_config(config())]

    /// The Alpha-Beta Lemma (Fuller §2), Zohar's lemma, Knuth eqs (7), (10):
    /// every procedure returns the exhaustive value at the root.
    #[test]
    fn every_procedure_finds_the_minimax_value(seed in any::<u64>(), depth in 1u32..6, branch in 1u64..5, range in 0i64..30) {
        let tree = random_tree(seed, depth, branch, range);
        let truth = tree.value(Tree::ROOT);
        for procedure in Procedure::ALL {
            let mut s = Search::new(&tree);
            prop_assert_eq!(procedure.run(&mut s, &Tree::ROOT, FULL), truth, "{}", procedure);
        }
        let mut s = Search::new(&tree);
        prop_assert_eq!(p::alpha_beta_mccarthy(&mut s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY), truth);
        let mut t = TranspositionTable::with_entries(64);
        prop_assert_eq!(p::alpha_beta_with_table::<FailSoft, _, _>(&mut s, &mut t, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY), truth);
        let mut t = TranspositionTable::with_entries(64);
        prop_assert_eq!(p::mtdf(&mut s, &mut t, &Tree::ROOT, FULL, 0), truth);
        for guess in [truth - 7, truth, truth + 3] {
            prop_assert_eq!(p::aspiration(&mut s, &Tree::ROOT, FULL, guess, 2).value, truth);
        }
        // Depth-limited searches of explicit trees use exact static values.
        let mut t = TranspositionTable::with_entries(64);
        let r = p::iterative_deepening_with_table::<FailHard, _, _>(&mut s, &mut t, &Tree::ROOT, depth, Some(3));
        prop_assert_eq!(r.value, truth);
        let r = p::iterative_deepening(&mut s, &Tree::ROOT, depth, Procedure::FailHard, None);
        prop_assert_eq!(r.value, truth);
    }

    /// Window properties: Knuth eq. (6) for F1, eq. (9) and Hsu's slides for
    /// Hsu-F1, F2 and F3; fail-soft is never looser than fail-hard outside
    /// the window and never beyond the true value.
    #[test]
    fn window_properties(seed in any::<u64>(), depth in 1u32..6, branch in 1u64..5, a in -20i64..20, w in 1i64..15) {
        let tree = random_tree(seed, depth, branch, 20);
        let f = tree.value(Tree::ROOT);
        let (alpha, beta) = (a, a + w);
        let root = Tree::ROOT;
        let hard = p::alpha_beta_hard_bound(&mut Search::new(&tree), &root, FULL, alpha, beta);
        let f2 = p::alpha_beta_fail_hard(&mut Search::new(&tree), &root, FULL, alpha, beta);
        let f3 = p::alpha_beta_fail_soft(&mut Search::new(&tree), &root, FULL, alpha, beta);
        let pvs = p::principal_variation_search(&mut Search::new(&tree), &root, FULL, alpha, beta);
        if f <= alpha {
            prop_assert_eq!(hard, alpha);
            prop_assert_eq!(f2, alpha);
            prop_assert!(f <= f3 && f3 <= alpha && f3 <= f2);
            prop_assert!(f <= pvs && pvs <= alpha);
        } else if f >= beta {
            prop_assert_eq!(hard, beta);
            prop_assert!(beta <= f2 && f2 <= f);
            prop_assert!(f2 <= f3 && f3 <= f);
            prop_assert!(beta <= pvs && pvs <= f);
        } else {
            prop_assert_eq!((hard, f2, f3, pvs), (f, f, f, f));
        }
        // Knuth's F1: F1(p, bound) = F(p) if F(p) < bound, ≥ bound otherwise.
        let f1 = p::branch_and_bound(&mut Search::new(&tree), &root, FULL, beta);
        if f < beta { prop_assert_eq!(f1, f) } else { prop_assert!(f1 >= beta && f1 <= f) }
        // Min/max form: the same values in Max's view at the root.
        let mm = p::alpha_beta_minmax(&mut Search::new(&tree), &root, FULL, alpha, beta);
        prop_assert_eq!(mm, f2);
        let nr = p::alpha_beta_nonrecursive(&mut Search::new(&tree), &root, FULL, alpha, beta);
        prop_assert_eq!(nr, f2);
    }

    /// Which positions each procedure examines: F2 ⊆ F1 (Knuth §3); the
    /// min/max, non-recursive, hard-bound and fail-soft forms examine
    /// exactly F2's positions in the same order, with the same cutoffs.
    #[test]
    fn examined_sets(seed in any::<u64>(), depth in 1u32..6, branch in 1u64..5, range in 0i64..10) {
        let tree = random_tree(seed, depth, branch, range);
        let root = Tree::ROOT;
        let (_, f2_stats, f2) = observe(&tree, |s| p::alpha_beta_fail_hard(s, &root, FULL, NEG_INFINITY, INFINITY));
        let (_, _, f1) = observe(&tree, |s| p::branch_and_bound(s, &root, FULL, INFINITY));
        let f1_leaves: std::collections::HashSet<String> = leaf_paths(&f1).into_iter().collect();
        for leaf in leaf_paths(&f2) {
            prop_assert!(f1_leaves.contains(&leaf), "F2 examined {} but F1 did not", leaf);
        }
        // Alpha-beta reports its bottom positions in batches; they must be
        // exactly the ones the trace saw, level by level.
        let mut traced = vec![0u64; f2_stats.levels()];
        for e in f2.entries().iter().filter(|e| e.leaf_value.is_some()) {
            traced[e.path.0.len()] += 1;
        }
        prop_assert_eq!(&f2_stats.leaves_per_ply(), &traced);
        let f2_nodes: Vec<_> = f2.entries().iter().map(|e| (e.path.clone(), e.alpha, e.beta)).collect();
        type Run = fn(&mut Search<'_, Tree, (alphabeta_core::Stats, alphabeta_core::Trace)>, &u32) -> Value;
        let same: [(&str, Run); 4] = [
            ("min/max", |s, r| p::alpha_beta_minmax(s, r, FULL, NEG_INFINITY, INFINITY)),
            ("non-recursive", |s, r| p::alpha_beta_nonrecursive(s, r, FULL, NEG_INFINITY, INFINITY)),
            ("hard-bound", |s, r| p::alpha_beta_hard_bound(s, r, FULL, NEG_INFINITY, INFINITY)),
            ("fail-soft", |s, r| p::alpha_beta_fail_soft(s, r, FULL, NEG_INFINITY, INFINITY)),
        ];
        for (name, run) in same {
            let (_, stats, trace) = observe(&tree, |s| run(s, &root));
            let nodes: Vec<_> = trace.entries().iter().map(|e| (e.path.clone(), e.alpha, e.beta)).collect();
            if name == "fail-soft" {
                // Same positions; the windows differ only where F3's m < alpha.
                let paths: Vec<_> = nodes.iter().map(|n| n.0.clone()).collect();
                let f2_paths: Vec<_> = f2_nodes.iter().map(|n| n.0.clone()).collect();
                prop_assert_eq!(paths, f2_paths, "{}", name);
            } else {
                prop_assert_eq!(&nodes, &f2_nodes, "{}", name);
            }
            if name == "fail-soft" || name == "hard-bound" {
                // Which cutoffs count as deep depends on the values returned
                // outside the window, which differ between the return rules.
                let strip = |s: &alphabeta_core::Stats| {
                    let per_level = (s.nodes_per_ply(), s.expansions_per_ply(), s.settled_per_ply());
                    let cutoffs = (s.alpha_cutoffs(), s.beta_cutoffs(), s.pruned(), s.re_searches);
                    (per_level, cutoffs)
                };
                prop_assert_eq!(strip(&stats), strip(&f2_stats), "{}", name);
            } else {
                prop_assert_eq!(stats, f2_stats.clone(), "{}", name);
            }
        }
    }

    /// Fuller et al. Theorem 1: a position is examined by alpha-beta iff its
    /// alpha value is below its beta value, both computed from the definition
    /// (the best values of the elder siblings of its Max and Min ancestors).
    #[test]
    fn fuller_theorem_1(seed in any::<u64>(), depth in 1u32..6, branch in 1u64..5, range in 0i64..12) {
        let tree = random_tree(seed, depth, branch, range);
        let (_, _, trace) = observe(&tree, |s| p::alpha_beta_fail_hard(s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY));
        let examined: std::collections::HashSet<_> = trace.entries().iter().map(|e| e.path.clone()).collect();
        let mut stack = vec![Tree::ROOT];
        while let Some(n) = stack.pop() {
            stack.extend(tree.children(n));
            let path = tree.path(n);
            let (mut alpha, mut beta) = (NEG_INFINITY, INFINITY);
            let mut q = Tree::ROOT;
            for (k, &a) in path.0.iter().enumerate() {
                for &elder in &tree.children(q)[..a as usize - 1] {
                    let v = tree.minimax_value(elder);
                    if k % 2 == 0 { alpha = alpha.max(v) } else { beta = beta.min(v) }
                }
                q = tree.children(q)[a as usize - 1];
            }
            prop_assert_eq!(examined.contains(&path), alpha < beta, "{} alpha {} beta {}", path, alpha, beta);
        }
    }

    /// Knuth Corollary 1: on a perfectly ordered uniform tree alpha-beta
    /// examines exactly the critical positions, d^⌈l/2⌉ + d^⌊l/2⌋ − 1 on
    /// level l, and each examined node's type is its critical class.
    #[test]
    fn perfect_ordering_examines_the_critical_positions(seed in any::<u64>(), n in 1usize..5, d in 1u32..6) {
        let tree = perfectly_ordered(&random_uniform(seed, n, d, 1000));
        let (_, stats, trace) = observe(&tree, |s| p::alpha_beta_fail_hard(s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY));
        // Ties could make the ordering only weakly perfect; the count still holds.
        for l in 0..=d as usize {
            let expected = n.pow(l.div_ceil(2) as u32) + n.pow((l / 2) as u32) - 1;
            prop_assert_eq!(stats.nodes_per_ply()[l], expected as u64, "level {}", l);
        }
        for e in &trace.entries() {
            prop_assert!(e.path.is_critical(), "{} is not critical", e.path);
        }
    }
}

/// Reorders every node's successors best first (for the side to move).
fn perfectly_ordered(tree: &Tree) -> Tree {
    tree.reordered(|_, kids| kids.sort_by_key(|&c| tree.value(c)))
}

#[test]
fn infinite_root_values_halve_the_count() {
    // Knuth, remark after Corollary 1: with root value +inf the count on level
    // l is d^⌊l/2⌋, with -inf it is d^⌈l/2⌉.
    for (root_value, ceil) in [(INFINITY, false), (NEG_INFINITY, true)] {
        let (n, d) = (3usize, 4u32);
        // Every leaf is the same infinite value for Max (even height): the
        // tree is perfectly ordered and its root value is that infinity.
        let tree = Tree::uniform(
            n,
            d,
            &vec![root_value; n.pow(d)],
            alphabeta_trees::Convention::MinMax,
        )
        .unwrap();
        let (v, stats, _) = observe(&tree, |s| {
            p::alpha_beta_fail_hard(s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY)
        });
        assert_eq!(v, root_value);
        for l in 1..=d as usize {
            let e = if ceil { l.div_ceil(2) } else { l / 2 } as u32;
            assert_eq!(
                stats.nodes_per_ply()[l],
                n.pow(e) as u64,
                "root {root_value}, level {l}"
            );
        }
    }
}

#[test]
fn node_types_on_a_perfect_tree() {
    use alphabeta_core::{NodeType, NodeTypes};
    let (n, d) = (3usize, 4u32);
    let tree = perfectly_ordered(&random_uniform(7, n, d, 1_000_000));
    let mut s = Search::with_observer(&tree, NodeTypes::default());
    p::alpha_beta_fail_hard(&mut s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY);
    let types = s.into_observer();
    assert_eq!(types.total(NodeType::NonCritical), 0);
    // One type-1 node per level; type-2.1 nodes are the d−1 younger children
    // of each type-1 node below the root.
    assert_eq!(types.total(NodeType::Type1), u64::from(d) + 1);
    assert_eq!(
        types.total(NodeType::Type2_1),
        u64::from(d) * (n as u64 - 1)
    );
    let total: u64 = NodeType::ALL.iter().map(|&t| types.total(t)).sum();
    let critical: usize = (0..=d as usize)
        .map(|l| n.pow(l.div_ceil(2) as u32) + n.pow((l / 2) as u32) - 1)
        .sum();
    assert_eq!(total, critical as u64);
}

#[test]
fn win_prune_keeps_the_shortest_win() {
    use alphabeta_core::value::{display, win_in};
    // Max can win in 3 plies by the first move, or at once by the second.
    let text = format!("((({w3}) ({w3})) {w1})", w3 = win_in(3), w1 = win_in(1));
    let tree = Tree::parse(&text).unwrap();
    // The 1971 championship bug: stop at the first win found.
    let mut s = Search::new(&tree);
    let naive = p::alpha_beta_win_prune(&mut s, &Tree::ROOT, FULL, WinPruning::AnyWin);
    let naive_move = tree.path(s.principal_variation()[0]).to_string();
    assert_eq!(
        (display(naive).as_str(), naive_move.as_str()),
        ("win in 3", "1")
    );
    // Done right: only an unbeatable win stops the search.
    let mut s = Search::new(&tree);
    let right = p::alpha_beta_win_prune(&mut s, &Tree::ROOT, FULL, WinPruning::ShortestWin);
    let right_move = tree.path(s.principal_variation()[0]).to_string();
    assert_eq!(
        (display(right).as_str(), right_move.as_str()),
        ("win in 1", "2")
    );
}

#[test]
fn limits_stop_iterative_deepening_at_a_complete_iteration() {
    use alphabeta_core::Limits;
    let tree = random_uniform(3, 4, 6, 100);
    let mut s = Search::new(&tree).limits(Limits {
        nodes: Some(200),
        ..Limits::default()
    });
    let r = p::iterative_deepening(&mut s, &Tree::ROOT, 6, Procedure::FailHard, None);
    assert!(!r.complete);
    assert!(r.depth >= 1 && r.depth < 6, "depth {}", r.depth);
    // The value of the last complete iteration is the exact value, because
    // explicit trees evaluate cut-off nodes exactly.
    assert_eq!(r.value, tree.value(Tree::ROOT));
}
