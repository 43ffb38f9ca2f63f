//! Property tests of the tree text parser: any text, and any
//! mutation of a valid one, is read or refused with a located error, never a
//! panic; a tree written by `to_text` reads back to the same text.

use alphabeta_trees::{Convention, Tree};
use proptest::prelude::*;

/// A random tree as nested lists, with leaf values well inside the ordinary
/// range (forced-win values have their own depth rules, tested in the crate).
#[derive(Clone, Debug)]
enum Shape {
    Leaf(i64),
    Node(Vec<Shape>),
}

fn shape() -> impl Strategy<Value = Shape> {
    let leaf = (-1_000_000i64..=1_000_000).prop_map(Shape::Leaf);
    leaf.prop_recursive(5, 64, 4, |inner| {
        prop::collection::vec(inner, 1..=4).prop_map(Shape::Node)
    })
}

/// The text `Tree::to_text` writes for a shape.
fn render(s: &Shape) -> String {
    match s {
        Shape::Leaf(v) => v.to_string(),
        Shape::Node(children) => {
            let parts: Vec<_> = children.iter().map(render).collect();
            format!("({})", parts.join(" "))
        }
    }
}

/// The characters of mutations: the tree text's own and a few strangers.
const ALPHABET: &str = "()0123456789-+inf #,\n\t\u{0}é\u{202e}";

/// A few random edits of `text` ([`alphabeta_testkit::mutated`]).
fn mutated(text: String) -> impl Strategy<Value = String> {
    alphabeta_testkit::mutated(text, ALPHABET, 1..6)
}

/// The error of a refused text points into it.
fn check(text: &str) {
    for convention in [Convention::MinMax, Convention::NegaMax] {
        if let Err(e) = Tree::parse_with(text, convention) {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            assert!(e.line <= text.lines().count().max(1) + 1, "{e} in {text:?}");
            assert!(!e.message.is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn written_trees_read_back_identically(s in shape()) {
        let text = render(&s);
        let tree = Tree::parse(&text).unwrap();
        prop_assert_eq!(tree.to_text(Convention::MinMax), text.clone());
        let again = Tree::parse(&tree.to_text(Convention::NegaMax));
        // The negamax text is another tree's min/max text: it reads too.
        prop_assert!(again.is_ok());
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
        check(&text);
    }

    #[test]
    fn mutated_trees_never_panic(text in shape().prop_map(|s| render(&s)).prop_flat_map(mutated)) {
        check(&text);
    }
}
