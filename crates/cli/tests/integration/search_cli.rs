//! `alphabeta search` as a user runs it.

use crate::common;

use common::alphabeta;

#[test]
fn pi_tree_json_has_knuths_numbers() {
    let (code, out, err) = alphabeta(&["search", "--tree", "pi", "--format", "json"]);
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
    assert_eq!(get("f1")["value"], 2);
    assert_eq!(get("f1")["bottom_positions"], 36);
    assert_eq!(get("f2")["bottom_positions"], 31);
    assert_eq!(get("f2")["deep_pruned_branches"], 5);
    assert_eq!(get("minimax")["bottom_positions"], 81);
    assert_eq!(results.len(), 17);
    // The successors reach the same value; MT-SSS* evaluates SSS*'s leaves.
    for name in ["sss", "scout", "mt-sss"] {
        assert_eq!(get(name)["value"], 2, "{name}");
    }
    assert_eq!(
        get("sss")["bottom_positions"],
        get("mt-sss")["bottom_positions"]
    );
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
    let (code, out, err) = alphabeta(&[
        "search",
        "--game",
        "tictactoe",
        "-p",
        "f2",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["results"][0]["value"], 0);
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

#[test]
fn a_tree_nested_a_hundred_thousand_levels_is_refused_not_overflowed() {
    let path = std::env::temp_dir().join(format!("alphabeta-deep-{}.txt", std::process::id()));
    let levels = 100_000;
    std::fs::write(&path, "(".repeat(levels) + "1" + &")".repeat(levels)).unwrap();
    let (code, _, err) = alphabeta(&["search", "--file", path.to_str().unwrap(), "-p", "f2"]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("tree nests deeper than 1000 levels"), "{err}");
}

#[test]
fn all_procedures_with_a_window_skip_those_that_take_none() {
    // The default `-p all` used to fail outright on any --alpha/--beta.
    let (code, out, err) = alphabeta(&[
        "search", "--tree", "pi", "--alpha", "0", "--beta", "5", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let results = doc["results"].as_array().unwrap();
    assert_eq!(results.len(), 9);
    // The root value 2 lies inside (0, 5): every windowed procedure finds it.
    assert!(results.iter().all(|r| r["value"] == 2), "{out}");
    let f2 = results.iter().find(|r| r["procedure"] == "f2").unwrap();
    assert_eq!(f2["bottom_positions"], 31);
    let skipped: Vec<&str> = doc["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(
        skipped,
        [
            "minimax",
            "negamax",
            "f1",
            "win-prune",
            "sss",
            "scout",
            "mt-sss",
            "mtdf"
        ]
    );
    // A --beta alone keeps f1, Knuth & Moore's one-bound procedure.
    let (code, out, err) = alphabeta(&["search", "--tree", "pi", "--beta", "5"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nf1  "), "{out}");
    assert!(out.contains("skipped: minimax (takes no window)"), "{out}");
    // Naming f1 with a lower bound is refused, not silently ignored.
    let (code, _, err) = alphabeta(&["search", "--tree", "pi", "-p", "f1", "--alpha", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("drop --alpha"), "{err}");
}

#[test]
fn window_bounds_accept_infinities_and_refuse_out_of_range() {
    let (code, out, err) = alphabeta(&[
        "search", "--tree", "pi", "-p", "f2", "--alpha", "-inf", "--beta", "+inf", "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["results"][0]["bottom_positions"], 31);
    assert_eq!(doc["alpha"], "-inf");
    // The old spelling is refused with the new one.
    let (code, _, err) = alphabeta(&["search", "--tree", "pi", "--json"]);
    assert_eq!(code, 2);
    assert!(err.contains("--format json"), "{err}");
    // i64::MIN lies below -inf (= -i64::MAX) and has no negation.
    let (code, _, err) = alphabeta(&[
        "search",
        "--tree",
        "pi",
        "-p",
        "f2",
        "--alpha",
        "-9223372036854775808",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("below -inf"), "{err}");
    let (code, _, err) = alphabeta(&["search", "--tree", "pi", "--beta", "ten"]);
    assert_eq!(code, 2);
    assert!(err.contains("expected an integer, inf or -inf"), "{err}");
}

#[test]
fn tree_values_in_the_win_range_are_refused_and_bounds_print_as_numbers() {
    // The core reads values of magnitude 2^56 - 2^20 or more as wins scored by distance:
    // win-prune returned 72057594037927935 for this tree, whose value is 72057594037927936,
    // and 10^17 printed as "win in -27942405962072064".
    // The tree format reads them so (a win in k plies is 2^56 - k) and refuses
    // what no search could produce: a win in 0 plies one level down, values
    // beyond 2^56.
    for text in [
        "(72057594037927935 72057594037927936)",
        "(3 (1 100000000000000000))",
    ] {
        let (code, _, err) = alphabeta(&["search", text, "-p", "win-prune"]);
        assert_eq!(code, 2, "{text}");
        assert!(err.contains("scored by distance"), "{err}");
    }
    let (_, _, err) = alphabeta(&["search", "(3 (1 -100000000000000000))"]);
    assert!(
        err.contains("line 1, column 7: \"-100000000000000000\" lies beyond"),
        "{err}"
    );
    // A consistent win in 1 ply is a win, for every procedure alike.
    let (code, out, err) = alphabeta(&["search", "(72057594037927935 3)"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines()
            .filter(|l| l.starts_with("f2 ") || l.starts_with("win-prune "))
            .all(|l| l.contains(" 72057594037927935 ")),
        "{out}"
    );
    // Just below the threshold, and the infinities, are plain values.
    let (code, out, err) = alphabeta(&["search", "(72057594036879359 inf)", "-p", "f2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("f2                 +inf"), "{out}");
    let (code, out, err) = alphabeta(&[
        "search",
        "--tree",
        "pi",
        "-p",
        "f2",
        "--alpha",
        "9223372036854775806",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("9223372036854775806") && !out.contains("win in"),
        "{out}"
    );
}

#[test]
fn options_that_would_be_ignored_are_refused() {
    let (code, _, err) = alphabeta(&["search", "--tree", "pi", "--convention", "negamax"]);
    assert_eq!(code, 2);
    assert!(err.contains("--convention"), "{err}");
    let (code, _, err) = alphabeta(&["search", "(1 2)", "--convention", "max"]);
    assert_eq!(code, 2);
    assert!(err.contains("possible values: minmax, negamax"), "{err}");
    let (code, _, err) = alphabeta(&["search", "--game", "tictactoe", "--trace"]);
    assert_eq!(code, 2);
    assert!(err.contains("--trace"), "{err}");
    // The negamax convention still reads a tree text: (1 (2 3)) is then worth 2.
    let (code, out, err) =
        alphabeta(&["search", "(1 (2 3))", "--convention", "negamax", "-p", "f2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("f2                    2"), "{out}");
}

#[test]
fn a_reader_that_stops_early_is_no_panic() {
    // A trace far larger than a pipe's buffer: the reader takes one byte and closes.
    let leaves: Vec<String> = (0..6561)
        .map(|i| ((i * 37) % 199 - 99).to_string())
        .collect();
    let mut text = String::new();
    fn build(text: &mut String, leaves: &[String], depth: u32, next: &mut usize) {
        if depth == 0 {
            text.push_str(&leaves[*next]);
            *next += 1;
            return;
        }
        text.push('(');
        for i in 0..3 {
            if i > 0 {
                text.push(' ');
            }
            build(text, leaves, depth - 1, next);
        }
        text.push(')');
    }
    build(&mut text, &leaves, 8, &mut 0);
    let (_, out) = common::first_byte_then_close(&["search", &text, "--trace"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn ybwc_runs_on_every_input_and_bounds_its_threads() {
    // One thread reproduces F2 count for count; two find the same value.
    let json = |args: &[&str]| {
        let (code, out, err) = alphabeta(args);
        assert_eq!(code, 0, "{err}");
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        doc["results"][0].clone()
    };
    let f2 = json(&["search", "--tree", "pi", "-p", "f2", "--format", "json"]);
    let one = json(&[
        "search",
        "--tree",
        "pi",
        "-p",
        "ybwc",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(one["value"], 2);
    assert_eq!(one["bottom_positions"], f2["bottom_positions"]);
    assert_eq!(one["deep_pruned_branches"], 5);
    assert_eq!(one["parallel"]["threads"], 1);
    // One thread hands nothing over and never waits.
    assert_eq!(one["parallel"]["brothers_helped"], 0);
    assert_eq!(one["parallel"]["wait_ns"], 0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let two = cores.min(2).to_string();
    let two = json(&[
        "search",
        "--game",
        "tictactoe",
        "-p",
        "ybwc",
        "--threads",
        &two,
        "--format",
        "json",
    ]);
    assert_eq!(two["value"], 0);
    let inline = json(&[
        "search",
        "((3 12 8) (2 4 6) (14 5 2))",
        "-p",
        "ybwc",
        "--format",
        "json",
    ]);
    assert_eq!(inline["value"], 3);
    let (code, _, err) = alphabeta(&[
        "search",
        "--tree",
        "pi",
        "-p",
        "ybwc",
        "--threads",
        "100000",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("threads asked for"), "{err}");
    let (code, _, err) = alphabeta(&["search", "--tree", "pi", "-p", "f2", "--threads", "2"]);
    assert_ne!(code, 0);
    assert!(err.contains("use it with -p ybwc"), "{err}");
}
