//! `alphabeta_report::compare`: golden counts on a tiny fixed tree checked
//! against each procedure run on its own, the minimal tree as a lower bound
//! on every random tree, and the findings it checks.

use alphabeta_core::minimal::minimal_tree;
use alphabeta_core::procedures::{self as p, Extra, Named};
use alphabeta_core::table::TranspositionTable;
use alphabeta_core::{INFINITY, NEG_INFINITY, Search, Stats};
use alphabeta_report::Verdict;
use alphabeta_report::compare::{Config, F2, Source, Status, items, run};
use alphabeta_trees::{Tree, fixtures};

fn tree_config(name: &str) -> Config {
    Config {
        sources: vec![Source::Tree],
        tree: Some(name.to_string()),
        table_entries: 1 << 10,
        ..Config::quick()
    }
}

/// Each procedure of the registry run directly on the tree: (terminal,
/// nodes, re-searches).
fn direct(tree: &Tree, named: Named) -> (u64, u64, u64) {
    let mut s = Search::with_observer(tree, Stats::default());
    match named {
        Named::Core(pr) => {
            pr.run(&mut s, &Tree::ROOT, u32::MAX);
        }
        Named::Extra(Extra::McCarthy) => {
            p::alpha_beta_mccarthy(&mut s, &Tree::ROOT, u32::MAX, NEG_INFINITY, INFINITY);
        }
        Named::Extra(e) => {
            let mut t = TranspositionTable::with_entries(1 << 10);
            e.run_with_table(
                &mut s,
                &mut t,
                &Tree::ROOT,
                u32::MAX,
                (NEG_INFINITY, INFINITY),
            )
            .unwrap();
        }
        Named::Ybwc => unreachable!("compare runs the sequential procedures"),
    }
    let st = s.into_observer();
    (st.leaves(), st.nodes(), st.re_searches)
}

#[test]
fn the_textbook_tree_has_its_hand_counted_numbers_and_each_procedures_own() {
    // ((3 12 8) (2 4 6) (14 5 2)), Max at the root: value 3.
    let results = run(&tree_config("textbook"), &mut |_| {}).unwrap();
    assert_eq!(results.instances.len(), 1);
    let i = &results.instances[0];
    assert_eq!(i.value, 3);
    // By hand: proving 3 needs all of (3 12 8) and one leaf ≤ 3 in each
    // other subtree (2 and 2): 5 terminal positions; F2 in that order
    // examines the root, three interior positions and those 5 leaves.
    let m = i.minimal.as_ref().unwrap();
    assert_eq!((m.terminal, m.nodes), (5, 9));
    let get = |n: &str| i.get(n).unwrap_or_else(|| panic!("{n} ran"));
    assert_eq!((get("negamax").terminal, get("negamax").nodes), (9, 13));
    // F2: 3 12 8, then 2 cuts the second subtree, 14 5 2 in the third.
    assert_eq!((get(F2).terminal, get(F2).nodes), (7, 11));
    // MT-SSS*: four passes, three re-searches, SSS*'s seven leaves
    // (docs/procedures.md, by hand).
    assert_eq!((get("mt-sss").terminal, get("mt-sss").re_searches), (7, 3));
    assert_eq!(get("sss").terminal, 7);
    // Every procedure ran (the tree has McCarthy's bounds and a hash), and
    // its counts are what the procedure reports run on its own.
    let tree = fixtures::by_name("textbook").unwrap();
    assert_eq!(i.runs.len(), Named::sequential().count());
    for (r, named) in i.runs.iter().zip(Named::sequential()) {
        assert_eq!(r.procedure, named.name());
        assert_eq!(r.status, Status::Ran, "{}", r.procedure);
        assert_eq!(
            (r.terminal, r.nodes, r.re_searches),
            direct(&tree, named),
            "{}",
            r.procedure
        );
    }
    // The ratios of the summary are these counts divided.
    let s = results.summaries();
    let f2 = s.iter().find(|s| s.procedure == F2).unwrap();
    assert_eq!(f2.terminal_vs_minimal, Some(7.0 / 5.0));
    assert_eq!(f2.nodes_vs_minimal, Some(11.0 / 9.0));
    assert_eq!(f2.terminal_vs_f2, Some(1.0));
    let nm = s.iter().find(|s| s.procedure == "negamax").unwrap();
    assert_eq!(nm.terminal_vs_f2, Some(9.0 / 7.0));
}

#[test]
fn the_pi_tree_minimal_count_is_knuths() {
    let results = run(&tree_config("pi"), &mut |_| {}).unwrap();
    let i = &results.instances[0];
    let tree = fixtures::by_name("pi").unwrap();
    let m = minimal_tree(&tree, &Tree::ROOT, u32::MAX, 1 << 24).unwrap();
    assert_eq!(i.minimal.as_ref().unwrap().terminal, 17);
    assert_eq!(m.leaves, 17);
    assert_eq!(i.get(F2).unwrap().terminal, 31);
    assert_eq!(i.get("f1").unwrap().terminal, 36);
}

#[test]
fn no_procedure_beats_the_minimal_tree_on_random_trees() {
    // A property over a fixed sample: 4 sources × 6 shapes × 3 seeds.
    for (n, d) in [(2, 3), (2, 6), (3, 4), (4, 3), (3, 5), (5, 2)] {
        for seed in [1, 17, 99] {
            let config = Config {
                sources: vec![
                    Source::Uniform,
                    Source::Range,
                    Source::Additive,
                    Source::AdditiveOrdered,
                ],
                trees: 1,
                n,
                d,
                range: 3,
                table_entries: 1 << 12,
                seed,
                ..Config::quick()
            };
            let results = run(&config, &mut |_| {}).unwrap();
            for i in &results.instances {
                let m = i.minimal.as_ref().unwrap();
                assert!(m.nodes >= m.terminal);
                for r in &i.runs {
                    if r.status != Status::Ran {
                        // McCarthy's procedure needs bounds the models lack.
                        assert_eq!(r.procedure, "mccarthy");
                        continue;
                    }
                    assert!(
                        r.terminal >= m.terminal,
                        "{} on {:?} {}: {} < minimal {}",
                        r.procedure,
                        i.source,
                        i.name,
                        r.terminal,
                        m.terminal
                    );
                }
                // SSS* ≤ F2 (Stockman) and MT-SSS* = SSS* (Plaat et al.).
                let sss = i.get("sss").unwrap().terminal;
                assert!(sss <= i.get(F2).unwrap().terminal);
                assert_eq!(sss, i.get("mt-sss").unwrap().terminal);
            }
            for s in results.summaries() {
                if let Some(r) = s.terminal_vs_minimal {
                    assert!(r >= 1.0, "{:?} {}: {r}", s.source, s.procedure);
                }
            }
            let items = items(&results, "t").unwrap();
            for c in &items[1].comparisons {
                assert!(c.verdict().agrees(), "{}: {:?}", c.label(), c.verdict());
            }
        }
    }
}

#[test]
fn games_run_and_their_findings_are_checked() {
    let config = Config {
        sources: vec![Source::Chess, Source::Connect4],
        chess_positions: 1,
        chess_depth: 2,
        connect4_discs: 30,
        connect4_positions: 2,
        table_entries: 1 << 12,
        ..Config::quick()
    };
    let results = run(&config, &mut |_| {}).unwrap();
    assert_eq!(results.instances.len(), 3);
    let chess = &results.instances[0];
    // The start position to depth 2: 20 × 20 terminal positions for
    // minimax, all of value 0 (material), so the minimal tree needs 20 + 20 − 1.
    assert_eq!(chess.get("minimax").unwrap().terminal, 400);
    assert_eq!(chess.minimal.as_ref().unwrap().terminal, 39);
    assert!(matches!(
        chess
            .runs
            .iter()
            .find(|r| r.procedure == "mccarthy")
            .unwrap()
            .status,
        Status::NotApplicable { .. }
    ));
    // Connect Four has McCarthy's bounds.
    assert!(results.instances[1].get("mccarthy").is_some());
    let items = items(&results, "g").unwrap();
    let labels: Vec<&str> = items[1].comparisons.iter().map(|c| c.label()).collect();
    assert!(
        labels
            .iter()
            .any(|l| l.contains("chess: MTD(f) examines no more nodes"))
    );
    assert!(
        labels
            .iter()
            .any(|l| l.contains("connect4: terminal positions, MT-SSS* = SSS*"))
    );
    for c in items[1]
        .comparisons
        .iter()
        .filter(|c| !c.label().contains("MTD(f)"))
    {
        assert!(c.verdict() != Verdict::Differs, "{}", c.label());
    }
}

#[test]
fn bad_configurations_are_refused_with_the_reason() {
    let bad = |c: Config, needle: &str| {
        let e = run(&c, &mut |_| {}).unwrap_err().to_string();
        assert!(e.contains(needle), "{e}");
    };
    let q = Config::quick;
    bad(Config { n: 20, d: 8, ..q() }, "too large");
    bad(Config { trees: 0, ..q() }, "--trees");
    bad(
        Config {
            chess_depth: 7,
            ..q()
        },
        "--chess-depth",
    );
    bad(
        Config {
            connect4_discs: 10,
            ..q()
        },
        "--connect4-discs",
    );
    bad(
        Config {
            sources: vec![],
            ..q()
        },
        "no source",
    );
    bad(
        Config {
            sources: vec![Source::Tree],
            ..q()
        },
        "--tree NAME",
    );
    bad(tree_config("nope"), "no tree called");
    bad(
        Config {
            table_entries: 0,
            ..q()
        },
        "--table-entries",
    );
    bad(
        Config {
            ordered_p: 1.5,
            ..q()
        },
        "probability",
    );
}

/// Where no instance has a minimal tree (Connect Four positions too deep for
/// it), the chart has no data: it is left out with a line saying why, and
/// the rest of the report is written.
#[test]
fn a_chart_without_data_is_left_out_and_the_rest_written() {
    let mut results = run(&tree_config("pi"), &mut |_| {}).unwrap();
    for i in &mut results.instances {
        i.minimal = Err("too deep for the minimal tree".into());
    }
    let items = items(&results, "x").unwrap();
    assert!(items[0].figures.is_empty());
    assert!(
        items[0]
            .description
            .contains("No chart of terminal positions"),
        "{}",
        items[0].description
    );
    let report = alphabeta_report::compare::report(&results, "alphabeta compare", 0.0).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let written = alphabeta_report::write::write_report(&report, &dir.path().join("out")).unwrap();
    assert!(!written.files.is_empty());
}
