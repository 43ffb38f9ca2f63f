//! `alphabeta solve` and `alphabeta fishburn` as a user runs them.

use crate::common;

use common::alphabeta;

#[test]
fn connect4_scores_and_best_moves() {
    let (code, out, err) = alphabeta(&["solve", "connect4", "4455"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("score     18 (x, to move, wins with its disc 4)"),
        "{out}"
    );
    assert!(out.contains("best      column 3, 6"), "{out}");
    let (code, out, err) = alphabeta(&["solve", "connect4", "44455554221", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["score"], -15);
    assert_eq!(doc["outcome"], "loss");
}

#[test]
fn bad_positions_are_refused_without_a_panic() {
    for (moves, reason) in [
        ("448", "move 3 is '8'"),
        ("1111111", "column 1, which is full"),
        ("12121212", "after the game ended"),
    ] {
        let (code, _, err) = alphabeta(&["solve", "connect4", moves]);
        assert_eq!(code, 2, "{moves}");
        assert!(err.contains(reason) && !err.contains("panicked"), "{err}");
    }
    let (code, _, err) = alphabeta(&["solve", "go", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("games that can be solved: connect4"), "{err}");
    let (code, _, err) = alphabeta(&["solve", "connect4", "4", "--table-mb", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--table-mb"), "{err}");
}

#[test]
fn fishburn_reports_the_saving() {
    let (code, out, err) = alphabeta(&[
        "fishburn", "--source", "dag", "--count", "3", "--dag-n", "4", "--dag-d", "6", "--dag-w",
        "200", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let pairs = doc[0]["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 3);
    // The pooled saving is 1 − ΣF3/ΣF2 over the positions listed.
    let total = |key: &str| pairs.iter().map(|p| p[key].as_u64().unwrap()).sum::<u64>();
    let pooled = 1.0 - total("f3_nodes") as f64 / total("f2_nodes") as f64;
    let reported = doc[0]["summary"]["pooled"].as_f64().unwrap();
    assert!((pooled - reported).abs() < 1e-12, "{pooled} vs {reported}");
}
