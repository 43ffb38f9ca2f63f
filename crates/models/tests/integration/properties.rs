//! Properties every model must have, and the exact counts of Knuth's
//! Theorem 1 / Corollary 1 under the ordering transforms.

use crate::common;

use alphabeta_core::Game;
use alphabeta_models::{
    Ordered, Ordering, RandomBranching, RangeR, TotallyDependent, TreeModel, Uniform, true_value,
};

#[test]
fn uniform_trees_have_n_to_the_d_distinct_leaves() {
    for seed in 0..5 {
        let tree = Uniform::new(3, 5, seed).unwrap();
        let mut values = common::leaves(&tree, &tree.root());
        assert_eq!(values.len(), 243);
        values.sort_unstable();
        values.dedup();
        assert_eq!(values.len(), 243, "continuous values are distinct");
    }
    assert_eq!(common::leaves(&Uniform::new(1, 7, 3).unwrap(), &0).len(), 1);
}

#[test]
fn range_values_are_equally_likely() {
    let tree = RangeR::new(4, 6, 5, 9).unwrap();
    let values = common::leaves(&tree, &tree.root());
    let mut counts = [0usize; 5];
    for v in values {
        counts[usize::try_from(v).unwrap()] += 1;
    }
    // 4096 leaves, 819.2 expected per value; sd ≈ 25.6.
    for c in counts {
        assert!((700..940).contains(&c), "{counts:?}");
    }
    let flat = RangeR::new(3, 4, 1, 9).unwrap();
    assert!(common::leaves(&flat, &flat.root()).iter().all(|&v| v == 0));
}

/// Knuth §9: the root of a totally dependent ternary tree is worth
/// −(0202…20)₃ for odd h and +(2020…20)₃ for even h, whatever the
/// permutations; in general the digits alternate 0 and d − 1 from the bottom.
#[test]
fn totally_dependent_root_value_is_knuths() {
    for d in 2..=4u32 {
        for h in 1..=6u32 {
            let digits: i64 = (0..h)
                .map(|k| {
                    // Digit k from the top; the last digit (k = h − 1) is 0.
                    let from_bottom = h - 1 - k;
                    let digit = if from_bottom % 2 == 0 {
                        0
                    } else {
                        i64::from(d) - 1
                    };
                    digit * i64::from(d).pow(from_bottom)
                })
                .sum();
            let expected = if h % 2 == 0 { digits } else { -digits };
            for seed in 0..4 {
                let tree = TotallyDependent::new(d, h, seed).unwrap();
                assert_eq!(true_value(&tree, &tree.root(), &mut Vec::new()), expected);
            }
        }
    }
    // d = 3: −(020)₃ = −6 and +(2020)₃ = 60, as printed in the seed.
    let t = TotallyDependent::new(3, 3, 5).unwrap();
    assert_eq!(true_value(&t, &t.root(), &mut Vec::new()), -6);
}

#[test]
fn totally_dependent_leaves_are_all_radix_d_numbers() {
    let tree = TotallyDependent::new(3, 4, 11).unwrap();
    let mut values = common::leaves(&tree, &tree.root());
    values.sort_unstable();
    assert_eq!(values, (0..81).collect::<Vec<i64>>());
}

/// Knuth Corollary 1 (Fuller §2, Slagle & Dixon): with the best move first
/// alpha-beta examines exactly d^⌊l/2⌋ + d^⌈l/2⌉ − 1 positions on level l,
/// for any values, ties included (Theorem 1).
#[test]
fn perfect_ordering_examines_exactly_the_critical_positions() {
    fn check<M: TreeModel>(tree: M, n: u64) {
        let depth = tree.depth();
        let (_, leaves, per_level) = common::f2_leaves(&Ordered::new(tree, Ordering::Perfect));
        let critical = |l: u32| n.pow(l / 2) + n.pow(l.div_ceil(2)) - 1;
        assert_eq!(leaves, critical(depth));
        let expected: Vec<u64> = (0..=depth).map(critical).collect();
        assert_eq!(per_level, expected);
    }
    for seed in 0..4 {
        check(Uniform::new(4, 5, seed).unwrap(), 4);
        check(Uniform::new(3, 6, seed).unwrap(), 3);
        check(RangeR::new(3, 5, 4, seed).unwrap(), 3);
        check(alphabeta_models::Additive::new(3, 5, 50, seed).unwrap(), 3);
        check(TotallyDependent::new(3, 5, seed).unwrap(), 3);
    }
    // Fuller §2's example: ⟨35, 4⟩ gives 2449.
    let (_, leaves, _) = common::f2_leaves(&Ordered::new(
        Uniform::new(35, 4, 1).unwrap(),
        Ordering::Perfect,
    ));
    assert_eq!(leaves, 2449);
}

/// Range R = 1: every value ties, and alpha-beta examines the critical
/// positions whatever the order (Fuller §6: "in effect, perfect ordering").
#[test]
fn range_one_behaves_like_perfect_ordering() {
    for seed in 0..4 {
        let (_, leaves, _) = common::f2_leaves(&RangeR::new(5, 4, 1, seed).unwrap());
        assert_eq!(leaves, 2 * 25 - 1);
    }
}

/// Worst-first ordering of distinct values leaves alpha-beta no shallow
/// cutoff: in trees of depth ≤ 3 (where every cutoff is shallow) all N^D
/// leaves are examined. Deeper, deep cutoffs still prune: a Min position
/// four levels down can fall below the root's alpha even though every order
/// is reversed (Knuth §3's deep cutoffs).
#[test]
fn worst_ordering_examines_every_leaf_of_shallow_trees() {
    for seed in 0..5 {
        for (n, d) in [(4, 2), (3, 3), (5, 3)] {
            let tree = Ordered::new(Uniform::new(n, d, seed).unwrap(), Ordering::Worst);
            assert_eq!(common::f2_leaves(&tree).1, u64::from(n).pow(d));
        }
    }
    let deep = Ordered::new(Uniform::new(3, 5, 0).unwrap(), Ordering::Worst);
    assert!(
        common::f2_leaves(&deep).1 < 243,
        "deep cutoffs remain at depth 5"
    );
}

#[test]
fn orderings_keep_the_tree_and_its_value() {
    let tree = Uniform::new(3, 4, 7).unwrap();
    let root = true_value(&tree, &tree.root(), &mut Vec::new());
    for ordering in [
        Ordering::Perfect,
        Ordering::Worst,
        Ordering::BestFirst { p: 0.5 },
    ] {
        let o = Ordered::new(tree, ordering);
        assert_eq!(true_value(&o, &o.root(), &mut Vec::new()), root);
        let mut a = common::leaves(&o, &o.root());
        let mut b = common::leaves(&tree, &tree.root());
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b, "{ordering}: same leaves, other order");
    }
    // Best-first with p = 1 is perfect for the first move; p = 0 changes nothing.
    let always = Ordered::new(tree, Ordering::BestFirst { p: 1.0 });
    let never = Ordered::new(tree, Ordering::BestFirst { p: 0.0 });
    assert_eq!(common::f2_leaves(&always).1, 3 * 3 + 3 * 3 - 1);
    assert_eq!(common::f2_leaves(&never), common::f2_leaves(&tree));
}

/// Knuth Corollary 2's branching law: level j is non-terminal with
/// probability q_j and has d_j successors on average.
#[test]
fn random_branching_has_the_requested_means() {
    let (q, d) = ([0.8, 0.5], [2.4, 1.75]);
    let mut positions = [0u64; 2];
    let mut nonterminal = [0u64; 2];
    let mut successors = [0u64; 2];
    for seed in 0..20_000 {
        let tree = RandomBranching::new(&q, &d, seed).unwrap();
        let mut level = vec![tree.root()];
        for j in 0..2 {
            let mut next = Vec::new();
            for pos in &level {
                let moves = tree.successors(pos);
                positions[j] += 1;
                nonterminal[j] += u64::from(!moves.is_empty());
                successors[j] += moves.len() as u64;
                next.extend(moves.iter().map(|&m| tree.play(pos, m)));
            }
            level = next;
        }
    }
    for j in 0..2 {
        let p = nonterminal[j] as f64 / positions[j] as f64;
        let mean = successors[j] as f64 / positions[j] as f64;
        assert!((p - q[j]).abs() < 0.015, "level {j}: q {p}");
        assert!((mean - d[j]).abs() < 0.03, "level {j}: d {mean}");
    }
}

#[test]
fn reseeding_changes_the_tree_but_not_the_shape() {
    let a = Uniform::new(3, 3, 1).unwrap();
    let b = a.reseed(2);
    assert_eq!(b.seed(), 2);
    assert_eq!(b.depth(), 3);
    assert_ne!(common::leaves(&a, &0), common::leaves(&b, &0));
    assert_eq!(
        common::leaves(&b, &0),
        common::leaves(&Uniform::new(3, 3, 2).unwrap(), &0)
    );
}
