//! The example trees of the seeds, as data.
//!
//! Where a seed's figure is legible its values are used exactly; where the
//! figure was lost in the text we have (the OCR of Knuth's Fig. 4, Fuller's
//! Fig. 1.1), the tree is rebuilt to satisfy everything the text states, and
//! the doc comment says so.

use crate::tree::{Convention, Tree};
use alphabeta_core::Value;

/// The first 81 decimal digits of π, 3.14159…: the leaf values of Knuth &
/// Moore's Fig. 1.
pub const PI_DIGITS: &str =
    "314159265358979323846264338327950288419716939937510582097494459230781640628620899";

/// Knuth & Moore's Fig. 1: the uniform tree of degree 3 and height 4 whose
/// 81 leaves carry, left to right, the first 81 digits of π as negamax
/// values. Root value 2; procedure F1 examines 36 leaves (Fig. 2); F2 makes
/// five deep cutoffs (Fig. 3).
pub fn knuth_pi_tree() -> Tree {
    let values: Vec<Value> = PI_DIGITS.bytes().map(|b| Value::from(b - b'0')).collect();
    Tree::uniform(3, 4, &values, Convention::NegaMax)
        .expect("81 digits make a 3-ary tree of height 4")
}

/// A tree in the spirit of Knuth & Moore's Fig. 4 and Hsu's slide 61,
/// "perfect ordering is not always best" (the figure itself is illegible in
/// our copy of the seed): the first successor of every position is its best
/// move, yet alpha-beta examines 3 leaves here and only 2 in
/// [`perfect_order_not_best_permuted`]. Min/max text: `(4 ((3 2) 4))`.
pub fn perfect_order_not_best() -> Tree {
    Tree::parse("(4 ((3 2) 4))").expect("fixture parses")
}

/// [`perfect_order_not_best`] with the successors of the Min node swapped:
/// not perfectly ordered, but cheaper for alpha-beta (2 leaves).
pub fn perfect_order_not_best_permuted() -> Tree {
    Tree::parse("(4 (4 (3 2)))").expect("fixture parses")
}

/// Knuth & Moore's Fig. 5: a binary tree of height 4 with leaves
/// a1 a2 b1 b2 a3 a4 b3 b4 a5 a6 b5 b6 a7 a8 b7 b8 (negamax values). When
/// max(a) < min(b), alpha-beta finds at least two cutoffs however the
/// branches are permuted; procedure F1 does not have this property. Here
/// a_i = i and b_i = 8 + i.
pub fn knuth_fig5() -> Tree {
    let a = |i: Value| i;
    let b = |i: Value| 8 + i;
    let values = [
        a(1),
        a(2),
        b(1),
        b(2),
        a(3),
        a(4),
        b(3),
        b(4),
        a(5),
        a(6),
        b(5),
        b(6),
        a(7),
        a(8),
        b(7),
        b(8),
    ];
    Tree::uniform(2, 4, &values, Convention::NegaMax)
        .expect("16 leaves make a binary tree of height 4")
}

/// A tree matching Fuller et al.'s Fig. 1.1 ("a game tree with branching
/// factor 3 and depth 2"): the text gives the backed-up values p(1) = 3,
/// p(2) = −2, p(3) = −10 and root 3, but not the nine bottom values, which
/// are chosen here to produce them.
pub fn fuller_fig_1_1() -> Tree {
    Tree::parse("((3 12 8) (-2 4 6) (14 -10 2))").expect("fixture parses")
}

/// The classic textbook tree `((3 12 8) (2 4 6) (14 5 2))`, root value 3.
pub fn textbook_tree() -> Tree {
    Tree::parse("((3 12 8) (2 4 6) (14 5 2))").expect("fixture parses")
}

/// Every named fixture with its name, for the command line (`--tree NAME`).
pub fn named() -> Vec<(&'static str, &'static str, Tree)> {
    vec![
        (
            "pi",
            "Knuth & Moore Fig. 1: degree 3, height 4, leaves = first 81 digits of pi",
            knuth_pi_tree(),
        ),
        (
            "knuth-fig4",
            "perfect ordering is not always best (Knuth Fig. 4, Hsu)",
            perfect_order_not_best(),
        ),
        (
            "knuth-fig4-permuted",
            "the same tree reordered: fewer leaves",
            perfect_order_not_best_permuted(),
        ),
        (
            "knuth-fig5",
            "Knuth Fig. 5: alpha-beta cuts under every permutation",
            knuth_fig5(),
        ),
        (
            "fuller-fig1.1",
            "Fuller Fig. 1.1: branching 3, depth 2, root value 3",
            fuller_fig_1_1(),
        ),
        (
            "textbook",
            "((3 12 8) (2 4 6) (14 5 2)), root value 3",
            textbook_tree(),
        ),
    ]
}

/// The fixture called `name`.
pub fn by_name(name: &str) -> Option<Tree> {
    named()
        .into_iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, _, t)| t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pi_tree_shape_and_value() {
        assert_eq!(PI_DIGITS.len(), 81);
        let t = knuth_pi_tree();
        assert_eq!(t.leaves().len(), 81);
        assert_eq!(t.height(), 4);
        // Knuth & Moore, Fig. 1: the root value is 2.
        assert_eq!(t.value(Tree::ROOT), 2);
    }

    #[test]
    fn fuller_fig_1_1_backed_up_values() {
        let t = fuller_fig_1_1();
        let v: Vec<Value> = t
            .children(Tree::ROOT)
            .iter()
            .map(|&c| t.minimax_value(c))
            .collect();
        assert_eq!(v, [3, -2, -10]);
        assert_eq!(t.minimax_value(Tree::ROOT), 3);
    }
}
