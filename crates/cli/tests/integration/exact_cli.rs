//! `alphabeta exact` as a user runs it.

use crate::common;

use common::alphabeta;

#[test]
fn perfect_ordering_depth_ratio_is_never_nan() {
    let (code, out, err) = alphabeta(&["exact", "perfect", "--n", "35", "--d", "4"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("2449") && out.contains("DR_PO = 0.5487"),
        "{out}"
    );
    // N = 1 gave "DR_PO = NaN (... = inf)"; N = 2^32 + 2 was truncated to N = 2.
    for n in ["1", "4294967298"] {
        let (code, out, err) = alphabeta(&["exact", "perfect", "--n", n, "--d", "2"]);
        assert_eq!(code, 0, "{err}");
        assert!(!out.contains("NaN") && !out.contains("DR_PO ="), "{out}");
    }
}

#[test]
fn leaf_cost_refusal_does_not_point_to_a_missing_float_path() {
    let (code, out, err) = alphabeta(&["exact", "leaf", "--n", "3", "--path", "2,2,1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3/4"), "{out}");
    let (code, _, err) = alphabeta(&["exact", "leaf", "--n", "1000000", "--path", "2,2"]);
    assert_eq!(code, 2);
    assert!(err.contains("only as an exact rational"), "{err}");
    assert!(!err.contains("floating-point value instead"), "{err}");
}

#[test]
fn grid_is_refused_for_tables_that_ignore_it() {
    let (code, _, err) = alphabeta(&["exact", "table", "fuller-5.1", "--grid", "2..=5"]);
    assert_eq!(code, 2);
    assert!(err.contains("fuller-7.1 only"), "{err}");
    let (code, out, err) = alphabeta(&["exact", "table", "fuller-5.1", "--format", "csv"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n2,2,11/3,11/3,3.6666666666,yes\n"), "{out}");
}

#[test]
fn perfect_ordering_refuses_a_depth_it_would_tabulate_forever() {
    // N = 1 never overflows: --d 4294967295 ran for ever, one row per level.
    let (code, _, err) = alphabeta(&["exact", "perfect", "--n", "1", "--d", "4294967295"]);
    assert_eq!(code, 2);
    assert!(err.contains("out of range (0..=1000)"), "{err}");
    let (code, out, err) = alphabeta(&["exact", "perfect", "--n", "1", "--d", "1000"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n  1000   1 "), "{out}");
}

#[test]
fn dependent_model_of_degree_one_is_a_single_path() {
    let (code, out, err) = alphabeta(&["exact", "dependent", "--d", "1", "--h", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("single path"), "{out}");
    assert!(!out.contains("faster than the optimum"), "{out}");
}

#[test]
fn exact_move_generations_refuse_an_endless_sum() {
    // N = 1 passes the cost check at any depth; the sum over 2^32 - 1 levels never ended.
    let (code, _, err) = alphabeta(&["exact", "nmg", "--n", "1", "--d", "4294967295", "--exact"]);
    assert_eq!(code, 2);
    assert!(err.contains("out of range (0..=1000000)"), "{err}");
    // E[NMG_{1,D}] = D: one position expanded per level.
    let (code, out, err) = alphabeta(&["exact", "nmg", "--n", "1", "--d", "1000", "--exact"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  1  1000  1.000000000000000e3"), "{out}");
    let (code, out, err) = alphabeta(&[
        "exact", "nmg", "--n", "2", "--d", "3", "--exact", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    // 1 + 2 + E[NBP_{2,2}] = 3 + 11/3.
    assert_eq!(doc["rows"][0]["exact"], "20/3");
}

#[test]
fn variance_of_nbp_is_exact_and_bounded() {
    // ⟨3,2⟩: E[NBP] = 521/70 (Fuller Table 5.1), Var[NBP] = 7859/4900 (the exhaustive
    // enumeration of all 9! leaf orders gives the same).
    let (code, out, err) = alphabeta(&["exact", "var-nbp", "--n", "3", "--d", "2", "--exact"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("521/70") && out.contains("7859/4900"), "{out}");
    let (code, out, err) = alphabeta(&[
        "exact", "var-nbp", "--n", "3", "--d", "2", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["rows"][0]["variance"], "1.603877551020");
    assert_eq!(doc["rows"][0]["variance_exact"], serde_json::Value::Null);
    // ⟨2,2⟩: NBP is 3 with probability 1/3 and 4 with 2/3.
    let (code, out, err) = alphabeta(&[
        "exact",
        "var-nbp",
        "--n",
        "2",
        "--d",
        "2",
        "--distribution",
        "--exact",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "k,probability,exact\n3,0.333333333333,1/3\n4,0.666666666666,2/3\n"
    );
    // Beyond the limits: one line naming the limit, exit 2, no panic.
    for (args, limit) in [
        (&["--n", "4", "--d", "5", "--exact"][..], "N^D <= 256"),
        (&["--n", "2", "--d", "64"][..], "D <= 16"),
        (&["--n", "65", "--d", "2"][..], "N <= 64"),
        (
            &["--n", "1", "--d", "4294967295"][..],
            "out of range (0..=64)",
        ),
        (&["--n", "0", "--d", "2"][..], "at least 1"),
        (&["--n", "4", "--d", "4", "--distribution"][..], "N^D <= 64"),
        (&["--n", "2", "--d", "6", "--distribution"][..], "D <= 5"),
    ] {
        let mut all = vec!["exact", "var-nbp"];
        all.extend_from_slice(args);
        let (code, out, err) = alphabeta(&all);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains(limit), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // Beyond the exact range, floating point: ⟨2,9⟩ (512 bottom positions) against the exact
    // rational 1437.5035… computed once with the library's limit raised (docs/analysis.md).
    let (code, out, err) = alphabeta(&[
        "exact", "var-nbp", "--n", "2", "--d", "9", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let variance: f64 = doc["rows"][0]["variance"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((variance - 1437.5035).abs() < 1e-4, "{out}");
    assert!(out.contains("certified bound: the quadrature"), "{out}");
    // A single path: one bottom position at every depth.
    let (code, out, err) = alphabeta(&["exact", "var-nbp", "--n", "1", "--d", "64", "--exact"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("  1  64  1.000000000000  0.000000000000"),
        "{out}"
    );
}
