//! The minimal tree (Knuth & Moore §6–§7) of implicit random trees: the
//! core's computation on the models' `Game`s, checked against Knuth's count
//! and against every procedure.

use alphabeta_core::minimal::minimal_tree;
use alphabeta_core::procedures as p;
use alphabeta_core::{Game, INFINITY, NEG_INFINITY, Procedure, Search, Stats};
use alphabeta_models::{RandomBranching, RangeR, TreeModel, Uniform};

/// F2 examines exactly the minimal count under the returned order, and no
/// procedure of the core examines fewer bottom positions.
fn check<G: TreeModel + Game>(tree: &G) -> u64 {
    let root = tree.root();
    let m = minimal_tree(tree, &root, u32::MAX, 1 << 24).expect("small tree");
    let (game, start) = m.reordered(tree, &root);
    let mut s = Search::with_observer(&game, Stats::default());
    let v = p::alpha_beta_fail_hard(&mut s, &start, u32::MAX, NEG_INFINITY, INFINITY);
    assert_eq!((v, s.into_observer().leaves()), (m.value, m.leaves));
    for procedure in Procedure::ALL {
        let mut s = Search::with_observer(tree, Stats::default());
        assert_eq!(
            procedure.run(&mut s, &root, u32::MAX),
            m.value,
            "{procedure}"
        );
        assert!(s.into_observer().leaves() >= m.leaves, "{procedure}");
    }
    m.leaves
}

#[test]
fn uniform_models_have_knuths_count() {
    // ⟨3, 5⟩: 3^3 + 3^2 − 1 = 35, with distinct values and with R = 3 values.
    for seed in 0..4 {
        assert_eq!(check(&Uniform::new(3, 5, seed).unwrap()), 35);
        assert_eq!(check(&RangeR::new(3, 5, 3, seed).unwrap()), 35);
    }
}

#[test]
fn random_branching_models_are_bounded_by_their_minimal_tree() {
    for seed in 0..4 {
        let tree =
            RandomBranching::new(&[0.9, 0.8, 0.7, 0.8], &[3.0, 2.5, 2.0, 3.0], seed).unwrap();
        check(&tree);
    }
}
