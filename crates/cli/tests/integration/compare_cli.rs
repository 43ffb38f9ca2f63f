//! `alphabeta compare` as a user runs it: the files it writes, its tables,
//! and clear errors for bad input.

use crate::common;

use common::alphabeta;

/// A fresh folder of this test under the system's temporary folder.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("alphabeta-compare-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_tiny_run_writes_csv_markdown_and_svg_and_prints_the_table() {
    let dir = scratch("tiny");
    let out = dir.join("cmp");
    let out_s = out.to_str().unwrap();
    let (code, text, err) =
        alphabeta(&["compare", "--tree", "textbook", "--out", out_s, "--quiet"]);
    assert_eq!(code, 0, "{err}");
    // The textbook tree: minimal tree 5 terminal positions, F2 7 (7/5 = 1.400).
    assert!(
        text.contains("minimal tree: 5 terminal positions in all"),
        "{text}"
    );
    assert!(text.contains("| f2 | 1/1 | 7 | 11 | 0 |"), "{text}");
    assert!(text.contains("| 1.400 | 1.222 | 1.000 | 1.000 |"), "{text}");
    for f in [
        "report.md",
        "index.html",
        "report.json",
        "data/compare-summary.csv",
        "data/compare-runs.csv",
        "figures/compare-terminal-vs-minimal.svg",
    ] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    let csv = std::fs::read_to_string(out.join("data/compare-summary.csv")).unwrap();
    assert!(
        csv.starts_with("source,procedure,ran,of,terminal,nodes"),
        "{csv}"
    );
    assert!(csv.contains("tree,sss,1,1,7,"), "{csv}");
    // Run again into the same folder: replaced whole.
    let (code, json, err) = alphabeta(&[
        "compare", "--tree", "textbook", "--out", out_s, "--quiet", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let f2 = doc
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["procedure"] == "f2")
        .unwrap();
    assert_eq!(f2["terminal"], 7);
    assert_eq!(f2["terminal_vs_minimal"], 1.4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_gets_a_clear_error() {
    let dir = scratch("bad");
    let cases: [(&[&str], &str); 7] = [
        (&["--sources", "go"], "unknown source \"go\""),
        (&["--n", "20", "--d", "9"], "too large"),
        (
            &["--chess-depth", "9"],
            "--chess-depth must be between 1 and 4",
        ),
        (
            &["--connect4-discs", "3"],
            "--connect4-discs must be between 24 and 38",
        ),
        (&["--sources", "uniform,uniform"], "named twice"),
        (&["--tree", "nope"], "no tree called \"nope\""),
        (&["--trees", "0"], "--trees must be between 1 and 100"),
    ];
    for (args, needle) in cases {
        let mut a = vec!["compare", "--quiet", "--out"];
        let out = dir.join("x");
        a.push(out.to_str().unwrap());
        a.extend_from_slice(args);
        let (code, _, err) = alphabeta(&a);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!out.exists(), "nothing written on an error");
    }
    // A folder that holds something else is not replaced.
    let other = dir.join("other");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("keep.txt"), "mine").unwrap();
    let (code, _, err) = alphabeta(&[
        "compare",
        "--tree",
        "textbook",
        "--quiet",
        "--out",
        other.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("holds no report"), "{err}");
    assert!(other.join("keep.txt").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_connect4_line_writes_its_table_and_figure_and_refuses_other_sources() {
    let dir = scratch("line");
    let out = dir.join("line");
    let out_s = out.to_str().unwrap();
    // Positions after 0, 20 and 40 discs, each search stopped after 20 000.
    let (code, text, err) = alphabeta(&[
        "compare",
        "--connect4-line",
        "--every",
        "20",
        "--node-limit",
        "20000",
        "--table-mb",
        "1",
        "--out",
        out_s,
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("| 0 | — | — | > 20000 | > 20000 |"), "{text}");
    // 40 discs: the first player wins with its next disc, settled at once.
    assert!(text.contains("| 40 | 1 | 1 | 1 | 1 | 1 |"), "{text}");
    for f in [
        "report.md",
        "index.html",
        "data/connect4-line-runs.csv",
        "figures/connect4-line-positions.svg",
    ] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    let csv = std::fs::read_to_string(out.join("data/connect4-line-runs.csv")).unwrap();
    assert!(
        csv.starts_with("discs,moves,score,procedure,status,nodes,terminal"),
        "{csv}"
    );
    for (args, needle) in [
        (
            &["--connect4-line", "--trees", "3"][..],
            "cannot be used with",
        ),
        (&["--every", "3"][..], "--connect4-line"),
        (
            &["--connect4-line", "--every", "0"][..],
            "--every must be between 1 and 41",
        ),
        (
            &["--connect4-line", "--node-limit", "0"][..],
            "--node-limit must be between 1 and",
        ),
    ] {
        let bad = dir.join("bad");
        let mut a = vec!["compare", "--quiet", "--out", bad.to_str().unwrap()];
        a.extend_from_slice(args);
        let (code, _, err) = alphabeta(&a);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!bad.exists(), "nothing written on an error");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
