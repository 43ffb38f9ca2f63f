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
    // One best column, proved by the search for the score: x wins with its
    // 4th disc in column 3 or 6.
    assert!(
        out.contains("best      column 3\n") || out.contains("best      column 6\n"),
        "{out}"
    );
    let (code, out, err) = alphabeta(&["solve", "connect4", "44455554221", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["score"], -15);
    assert_eq!(doc["outcome"], "loss");
    assert!(doc["best_column"].is_u64() && doc["column_scores"].is_null());
}

#[test]
fn connect4_analysis_scores_every_column() {
    // Every move loses to the opponent's next disc: all columns score alike.
    let (code, out, err) = alphabeta(&["solve", "connect4", "--analyze", "44455554221"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("columns   1: -15  2: -15  3: -15  4: -15  5: -15  6: -15  7: -15\n"),
        "{out}"
    );
    assert!(
        out.contains("best      column 1, 2, 3, 4, 5, 6, 7\n"),
        "{out}"
    );
    // Columns 3 and 6 are full; the dedicated C++ solver (Pons's, `-a`)
    // scores the others 1 1 5 5 1.
    let moves = "235566743274656126773223344367";
    let (code, out, err) =
        alphabeta(&["solve", "connect4", "--analyze", moves, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let scores: Vec<Option<i64>> = serde_json::from_value(doc["column_scores"].clone()).unwrap();
    assert_eq!(
        scores,
        [Some(1), Some(1), None, Some(5), Some(5), None, Some(1)],
        "{out}"
    );
    assert_eq!(doc["score"], 5);
    assert_eq!(doc["best_columns"], serde_json::json!([4, 5]));
    assert!(
        [4, 5].contains(&doc["best_column"].as_u64().unwrap()),
        "{out}"
    );
    let (code, out, err) = alphabeta(&["solve", "connect4", "--analyze", "--weak", moves]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("columns   1: win  2: win  3: -  4: win  5: win  6: -  7: win\n"),
        "{out}"
    );
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
