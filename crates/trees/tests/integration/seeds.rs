//! The seeds' worked examples, with the numbers the papers print.

use crate::common;

use alphabeta_core::procedures as p;
use alphabeta_core::{INFINITY, NEG_INFINITY, Procedure, Search, Stats};
use alphabeta_trees::Tree;
use alphabeta_trees::fixtures::{self, knuth_fig5, knuth_pi_tree};
use alphabeta_trees::tictactoe::TicTacToe;
use common::observe;

const FULL: u32 = u32::MAX;

#[test]
fn knuth_fig1_to_3_pi_tree() {
    let tree = knuth_pi_tree();
    // Fig. 1: the root value is 2.
    assert_eq!(tree.value(Tree::ROOT), 2);
    // Fig. 2: F1(p, ∞) examines 36 of the 81 terminal positions.
    let (v1, f1, _) = observe(&tree, |s| {
        p::branch_and_bound(s, &Tree::ROOT, FULL, INFINITY)
    });
    assert_eq!(v1, 2);
    assert_eq!(f1.leaves(), 36);
    assert_eq!(f1.deep_cutoffs(), 0);
    // Fig. 3: "there are five deep cutoffs": five branches that F1 examines
    // are pruned by F2, in three deep cutoff events; F2 examines the same
    // positions as F1 on levels 0-3 and 31 leaves.
    let (v2, f2, _) = observe(&tree, |s| {
        p::alpha_beta_fail_hard(s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY)
    });
    assert_eq!(v2, 2);
    assert_eq!(f2.deep_pruned(), 5);
    assert_eq!(f2.deep_cutoffs(), 3);
    assert_eq!(f2.nodes_per_ply()[..4], f1.nodes_per_ply()[..4]);
    assert_eq!(f2.leaves(), 36 - 5);
}

/// The reference F2 (`alpha_beta_reference`, Knuth & Moore's procedure as
/// printed) shows Fig. 3 itself: value 2, five branches pruned by three deep
/// cutoffs, 31 leaves — the counts of the fast path.
#[test]
fn knuth_fig3_by_the_reference_procedure() {
    let tree = knuth_pi_tree();
    let (v, f2, _) = observe(&tree, |s| {
        p::alpha_beta_reference::<p::FailHard, _, _, _>(
            s,
            &mut p::NoHooks,
            &Tree::ROOT,
            FULL,
            NEG_INFINITY,
            INFINITY,
        )
    });
    assert_eq!(v, 2);
    assert_eq!(
        (f2.deep_pruned(), f2.deep_cutoffs(), f2.leaves()),
        (5, 3, 31)
    );
    let (_, fast, _) = observe(&tree, |s| {
        p::alpha_beta_fail_hard(s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY)
    });
    assert_eq!(f2, fast);
}

#[test]
fn knuth_fig4_perfect_order_is_not_always_best() {
    let leaves = |t: &Tree| {
        observe(t, |s| {
            p::alpha_beta_fail_hard(s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY)
        })
        .1
        .leaves()
    };
    let perfect = fixtures::perfect_order_not_best();
    let permuted = fixtures::perfect_order_not_best_permuted();
    // The first tree is perfectly ordered: every first successor is best.
    let mut stack = vec![Tree::ROOT];
    while let Some(n) = stack.pop() {
        if let Some(&first) = perfect.children(n).first() {
            let best = perfect
                .children(n)
                .iter()
                .map(|&c| -perfect.value(c))
                .max()
                .unwrap();
            assert_eq!(-perfect.value(first), best);
            stack.extend(perfect.children(n));
        }
    }
    assert_eq!(perfect.value(Tree::ROOT), permuted.value(Tree::ROOT));
    assert_eq!((leaves(&perfect), leaves(&permuted)), (3, 2));
}

/// Every ordering of the successors of a binary tree's 15 interior nodes.
fn all_permutations(tree: &Tree) -> impl Iterator<Item = Tree> + '_ {
    (0u32..1 << 15).map(move |mask| {
        let mut k = 0;
        tree.reordered(|_, kids| {
            if mask >> k & 1 == 1 {
                kids.reverse();
            }
            k += 1;
        })
    })
}

#[test]
fn knuth_fig5_alpha_beta_always_cuts_but_f1_need_not() {
    let tree = knuth_fig5();
    let mut f1_min = u64::MAX;
    for t in all_permutations(&tree) {
        let mut s = Search::with_observer(&t, Stats::default());
        p::alpha_beta_fail_hard(&mut s, &Tree::ROOT, FULL, NEG_INFINITY, INFINITY);
        let f2 = s.into_observer();
        assert!(
            f2.cutoffs() >= 2,
            "alpha-beta found {} cutoffs",
            f2.cutoffs()
        );
        let mut s = Search::with_observer(&t, Stats::default());
        p::branch_and_bound(&mut s, &Tree::ROOT, FULL, INFINITY);
        f1_min = f1_min.min(s.into_observer().cutoffs());
    }
    assert!(
        f1_min < 2,
        "F1 found at least {f1_min} cutoffs under every permutation"
    );
}

#[test]
fn tic_tac_toe_is_a_draw_for_every_procedure() {
    let game = TicTacToe;
    let start = game.start();
    let mut counts = Vec::new();
    for procedure in Procedure::ALL {
        let mut s = Search::with_observer(&game, Stats::default());
        let v = procedure.run(&mut s, &start, FULL);
        assert_eq!(v, 0, "{procedure}");
        counts.push((procedure, s.into_observer()));
    }
    let negamax = &counts
        .iter()
        .find(|(p, _)| *p == Procedure::Negamax)
        .unwrap()
        .1;
    // The full game tree: 549,946 positions and 255,168 finished games.
    assert_eq!(negamax.nodes(), 549_946);
    assert_eq!(negamax.leaves(), 255_168);
    let f2 = &counts
        .iter()
        .find(|(p, _)| *p == Procedure::FailHard)
        .unwrap()
        .1;
    assert!(
        f2.nodes() * 10 < negamax.nodes(),
        "alpha-beta examined {}",
        f2.nodes()
    );
}

#[test]
fn every_examined_position_is_a_leaf_or_a_move_generation() {
    let tree = knuth_pi_tree();
    for procedure in Procedure::ALL {
        let mut s = Search::with_observer(&tree, Stats::default());
        procedure.run(&mut s, &Tree::ROOT, FULL);
        let examined = s.nodes();
        let st = s.into_observer();
        // Stats derives positions per level from bottom positions,
        // expansions and settled positions; the search counts every
        // position it enters, independently.
        assert_eq!(st.nodes(), examined, "{procedure}");
        // Only MT-SSS* has a table, whose bounds settle positions it
        // searched in an earlier pass.
        assert_eq!(
            st.settled() > 0,
            procedure == Procedure::MtSss,
            "{procedure}"
        );
        let nodes = st.nodes_per_ply();
        for (l, &n) in nodes.iter().enumerate() {
            let expanded = st.expansions_per_ply().get(l).copied().unwrap_or(0);
            let bottom = st.leaves_per_ply().get(l).copied().unwrap_or(0);
            let settled = st.settled_per_ply().get(l).copied().unwrap_or(0);
            assert_eq!(n, expanded + bottom + settled, "{procedure}, level {l}");
        }
    }
}
