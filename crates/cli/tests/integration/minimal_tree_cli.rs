//! `alphabeta minimal-tree` as a user runs it.

use crate::common;

use common::alphabeta;

#[test]
fn pi_tree_needs_17_of_81_leaves() {
    let (code, out, err) = alphabeta(&["minimal-tree", "--tree", "pi", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Knuth & Moore: 3^2 + 3^2 - 1 = 17; F2 in the figure's order: 31 (Fig. 3).
    assert_eq!(doc["value"], "2");
    assert_eq!(doc["minimal_terminal_positions"], 17);
    assert_eq!(doc["f2_natural_order"], 31);
    assert_eq!(doc["f2_minimal_order"], 17);
}

#[test]
fn knuth_fig4_is_reordered_into_its_permuted_form() {
    let (code, out, err) = alphabeta(&["minimal-tree", "(4 ((3 2) 4))", "--show-order"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 terminal positions"), "{out}");
    assert!(out.contains("3 terminal positions (1.500"), "{out}");
    // The Min node's successors swapped: the fixture knuth-fig4-permuted.
    assert!(out.contains("(4 (4 (3 2)))"), "{out}");
}

#[test]
fn bad_input_and_too_much_work_get_clear_errors() {
    let (code, _, err) = alphabeta(&["minimal-tree", "--tree", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("no tree called"), "{err}");
    let (code, _, err) = alphabeta(&["minimal-tree", "--tree", "pi", "--max-positions", "10"]);
    assert_eq!(code, 2);
    assert!(err.contains("more than 10 positions"), "{err}");
    let (code, _, err) = alphabeta(&["minimal-tree", "((1 2) (3"]);
    assert_eq!(code, 2);
    assert!(err.contains("malformed"), "{err}");
}
