//! `alphabeta search` as a user runs it.

use std::process::Command;

fn alphabeta(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn pi_tree_json_has_knuths_numbers() {
    let (code, out, err) = alphabeta(&["search", "--tree", "pi", "--json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let results = doc["results"].as_array().unwrap();
    let get = |name: &str| {
        results
            .iter()
            .find(|r| r["procedure"] == name)
            .unwrap()
            .clone()
    };
    assert_eq!(get("f1")["value"], "2");
    assert_eq!(get("f1")["bottom_positions"], 36);
    assert_eq!(get("f2")["bottom_positions"], 31);
    assert_eq!(get("f2")["deep_pruned_branches"], 5);
    assert_eq!(get("minimax")["bottom_positions"], 81);
    assert_eq!(results.len(), 14);
}

#[test]
fn inline_tree_with_window_and_trace() {
    let (code, out, err) = alphabeta(&[
        "search",
        "((3 12 8) (2 4 6) (14 5 2))",
        "-p",
        "f3",
        "--alpha",
        "4",
        "--beta",
        "10",
        "--trace",
    ]);
    assert_eq!(code, 0, "{err}");
    // F(p) = 3 ≤ alpha = 4: fail-soft returns a value ≤ 4 and ≥ 3.
    assert!(out.contains("f3                    3"), "{out}");
    assert!(
        out.contains("1 (-10, -4)") && out.contains("1.1 (4, 10) = 3"),
        "{out}"
    );
}

#[test]
fn tictactoe_is_a_draw() {
    let (code, out, err) = alphabeta(&["search", "--game", "tictactoe", "-p", "f2", "--json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["results"][0]["value"], "0");
}

#[test]
fn bad_input_gets_clear_errors() {
    let (code, _, err) = alphabeta(&["search", "((3 12 8)\n (2 x 6))"]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2, column 5"), "{err}");
    let (code, _, err) = alphabeta(&["search", "--tree", "pi", "-p", "f9"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown procedure"), "{err}");
    let (code, _, err) = alphabeta(&["search", "--tree", "pi", "--alpha", "5", "--beta", "5"]);
    assert_eq!(code, 2);
    assert!(err.contains("alpha < beta"), "{err}");
    let (code, _, err) = alphabeta(&["search", "--file", "/nonexistent/tree.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read tree file"), "{err}");
    let (code, _, err) = alphabeta(&["search", "--game", "tictactoe", "-p", "mccarthy"]);
    assert_eq!(code, 2);
    assert!(err.contains("optimistic"), "{err}");
}
