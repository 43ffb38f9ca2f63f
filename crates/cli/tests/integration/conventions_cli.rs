//! One command-line convention across the commands (`--format`, `--out`,
//! `--quiet`, the model options' names): the spellings it replaced are
//! refused with the one to write instead, before anything runs or is
//! written, and the new spellings work where the old ones did.

use crate::common;

use common::alphabeta;

/// A path under the system's temporary directory, not created.
fn temp_path(name: &str) -> String {
    std::env::temp_dir()
        .join(format!(
            "alphabeta-conventions-{}-{name}",
            std::process::id()
        ))
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn every_old_spelling_is_refused_with_the_new_one() {
    let out = temp_path("refused");
    let cases: [(&[&str], &str); 17] = [
        (
            &["simulate", "--n", "2", "--d", "2", "--no-progress"],
            "--no-progress is no longer taken; use --quiet",
        ),
        (
            &["simulate", "--n", "2", "--d", "2", "--format", "table"],
            "--format table is no longer taken; use --format text",
        ),
        (
            &[
                "simulate", "--n", "2", "--d", "2", "--shard", "1/2", "--output", &out,
            ],
            "--output is no longer taken; use --out",
        ),
        (
            &[
                "simulate", "--model", "range", "--n", "2", "--d", "2", "--range", "3",
            ],
            "--range is no longer taken; use --r",
        ),
        (
            &["merge", &out, "--format", "table"],
            "--format table is no longer taken; use --format text",
        ),
        (
            &["exact", "nbp", "--n", "3", "--d", "2", "--json"],
            "--json is no longer taken; use --format json",
        ),
        (
            &["exact", "--csv", "table", "fuller-5.1"],
            "--csv is no longer taken; use --format csv",
        ),
        (
            &["minimal-tree", "--tree", "pi", "--json"],
            "--json is no longer taken; use --format json",
        ),
        (
            &["solve", "connect4", "4455", "--json"],
            "--json is no longer taken; use --format json",
        ),
        (
            &["fishburn", "--source", "dag", "--count", "1", "--json"],
            "--json is no longer taken; use --format json",
        ),
        (
            &["compare", "--tree", "pi", "--out", &out, "--json"],
            "--json is no longer taken; use --format json",
        ),
        (
            &["compare", "--tree", "pi", "--out", &out, "--range", "5"],
            "--range is no longer taken; use --r",
        ),
        (
            &[
                "compare",
                "--tree",
                "pi",
                "--out",
                &out,
                "--ordered-p",
                "0.5",
            ],
            "--ordered-p is no longer taken; use --p",
        ),
        (
            &[
                "reproduce",
                "--sections",
                "knuth-pi",
                "--out",
                &out,
                "--no-progress",
            ],
            "--no-progress is no longer taken; use --quiet",
        ),
        (
            &["experiment", "floyd", "--output", &out],
            "--output is no longer taken; use --out",
        ),
        (
            &["explore", "--tree", "pi", "--output", &out],
            "--output is no longer taken; use --out",
        ),
        (
            &[
                "explore", "--model", "range", "--n", "2", "--d", "2", "--range", "3", "--out",
                &out,
            ],
            "--range is no longer taken; use --r",
        ),
    ];
    for (args, message) in cases {
        let (code, stdout, stderr) = alphabeta(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert_eq!(stderr, format!("error: {message}\n"), "{args:?}");
        assert_eq!(stdout, "", "{args:?}");
        assert!(!std::path::Path::new(&out).exists(), "{args:?} wrote {out}");
    }
}

#[test]
fn a_format_a_command_does_not_print_is_refused_with_the_ones_it_does() {
    let (code, _, err) = alphabeta(&["minimal-tree", "--tree", "pi", "--format", "csv"]);
    assert_eq!(code, 2);
    assert!(err.contains("[possible values: text, json]"), "{err}");
    // Where there is no CSV, --csv was never taken: unknown, not renamed.
    let (code, _, err) = alphabeta(&["minimal-tree", "--tree", "pi", "--csv"]);
    assert_eq!(code, 2);
    assert!(err.contains("unexpected argument '--csv'"), "{err}");
}

#[test]
fn the_format_is_taken_before_or_after_an_exact_subcommand() {
    let after = alphabeta(&[
        "exact", "nbp", "--n", "2", "--d", "2", "--exact", "--format", "json",
    ]);
    let before = alphabeta(&[
        "exact", "--format", "json", "nbp", "--n", "2", "--d", "2", "--exact",
    ]);
    assert_eq!(after.0, 0, "{}", after.2);
    assert_eq!(after, before);
    let doc: serde_json::Value = serde_json::from_str(&after.1).unwrap();
    assert_eq!(doc["rows"][0]["exact"], "11/3");
    let (code, text, err) =
        alphabeta(&["exact", "nbp", "--n", "2", "--d", "2", "--format", "text"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("E[NBP_{2,2}]"), "{text}");
}

#[test]
fn the_model_options_have_one_name_everywhere() {
    // compare's R and best-first probability are --r and --p, as in simulate
    // and explore; its checks name them so.
    let out = temp_path("compare");
    let (code, _, err) = alphabeta(&["compare", "--tree", "pi", "--out", &out, "--r", "1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--r must be between 2 and 1000000 (got 1)"),
        "{err}"
    );
    let (code, _, err) = alphabeta(&["compare", "--tree", "pi", "--out", &out, "--p", "1.5"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("ordering probability must be in [0, 1]"),
        "{err}"
    );
    let page = temp_path("explore.html");
    let (code, out, err) = alphabeta(&[
        "explore",
        "--model",
        "range",
        "--n",
        "2",
        "--d",
        "2",
        "--r",
        "3",
        "--ordering",
        "best-first",
        "--p",
        "0.5",
        "--out",
        &page,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 tree, 7 positions"), "{out}");
    std::fs::remove_file(&page).unwrap();
    // Without --model the model options describe nothing.
    let (code, _, err) = alphabeta(&["explore", "--tree", "pi", "--n", "3", "--out", &page]);
    assert_eq!(code, 2);
    assert!(err.contains("give --model too"), "{err}");
    assert!(!std::path::Path::new(&page).exists());
}

#[test]
fn quiet_leaves_standard_error_empty() {
    let (code, out, err) = alphabeta(&[
        "simulate", "--n", "2", "--d", "2", "--trees", "10", "--quiet", "--format", "csv",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.starts_with("model,procedure,seed,trees,measure,"),
        "{out}"
    );
}
