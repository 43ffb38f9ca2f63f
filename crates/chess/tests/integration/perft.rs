//! Perft against the reference counts of `tests/data/perft.txt` (copied from
//! the project's shared reference data; counts agree with published tables).
//! Lines up to a hundred million leaves run by default (about a second in
//! release mode); those up to ten billion are ignored (run them with
//! `--ignored`, a few minutes); deeper ones are not run.

use alphabeta_chess::Position;
use alphabeta_chess::perft::{PerftCase, divide, parse_perft_cases, perft};

const REFERENCE: &str = include_str!("../data/perft.txt");

fn cases() -> Vec<PerftCase> {
    parse_perft_cases(REFERENCE).expect("reference file parses")
}

fn check(case: &PerftCase) {
    let pos = Position::from_fen(&case.fen).expect("reference FEN");
    assert_eq!(
        perft(pos.board(), case.depth),
        case.nodes,
        "{} depth {}",
        case.fen,
        case.depth
    );
}

#[test]
fn shallow_reference_counts() {
    let shallow: Vec<_> = cases()
        .into_iter()
        .filter(|c| c.nodes <= 100_000_000)
        .collect();
    assert_eq!(shallow.len(), 34);
    for case in &shallow {
        check(case);
    }
}

#[test]
#[ignore = "deep perft: minutes"]
fn deep_reference_counts_up_to_ten_billion() {
    for case in cases()
        .iter()
        .filter(|c| c.nodes > 100_000_000 && c.nodes <= 10_000_000_000)
    {
        check(case);
    }
}

#[test]
fn divide_sums_to_perft() {
    let case = &cases()[2]; // start position, depth 3
    let pos = Position::from_fen(&case.fen).expect("fen");
    let parts = divide(pos.board(), case.depth);
    assert_eq!(parts.len(), 20);
    assert_eq!(parts.iter().map(|p| p.1).sum::<u64>(), case.nodes);
}

#[test]
fn malformed_reference_lines_are_errors() {
    assert_eq!(parse_perft_cases("x ; 1").unwrap_err().line, 1);
    assert!(parse_perft_cases("\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ; one ; 3").is_err());
}
