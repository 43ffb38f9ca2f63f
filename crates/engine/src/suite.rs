//! Test suites (EPD with `bm`/`am`, such as Win At Chess) solved by the
//! engine at a fixed node budget.

use crate::{Engine, GoParams, SearchControl};
use alphabeta_chess::epd::EpdRecord;

/// One position of a suite and what the engine played.
#[derive(Clone, Debug)]
pub struct SuiteEntry {
    /// The record's `id` (or its 1-based index).
    pub id: String,
    /// Whether the engine's move is a `bm` move (and no `am` move); false
    /// for a record with neither.
    pub solved: bool,
    /// The engine's move in SAN.
    pub played: String,
    /// Positions searched.
    pub nodes: u64,
}

/// Runs the engine on every record with a budget of `nodes` positions each
/// (a fresh table per position, so results do not depend on order), in
/// analysis mode ([`Engine::analyse_mode`]), as a GUI or python-chess's
/// `analyse` runs a suite.
pub fn solve_suite(records: &[EpdRecord], nodes: u64, hash_mb: usize) -> Vec<SuiteEntry> {
    records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut engine = Engine::new(hash_mb);
            engine.analyse_mode = true;
            let params = GoParams {
                nodes: Some(nodes),
                ..Default::default()
            };
            let out = engine.search(&r.position, &params, &SearchControl::default(), |_| {});
            let played = out.best;
            // A record with neither `bm` nor `am` asks nothing: never solved.
            let asks = !r.best_moves.is_empty() || !r.avoid_moves.is_empty();
            let solved = asks
                && played.is_some_and(|m| {
                    (r.best_moves.is_empty() || r.best_moves.contains(&m))
                        && !r.avoid_moves.contains(&m)
                });
            SuiteEntry {
                id: r.id().map_or_else(|| (i + 1).to_string(), str::to_string),
                solved,
                played: played.map_or_else(
                    || "-".to_string(),
                    |m| alphabeta_chess::notation::to_san(&r.position, m),
                ),
                nodes: out.nodes,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::epd::read_epd;

    #[test]
    fn a_record_without_bm_or_am_is_not_solved() {
        let text = "4k3/8/8/3q4/8/8/3R4/4K3 w - - id \"none\";\n\
                    4k3/8/8/3q4/8/8/3R4/4K3 w - - bm Rxd5; id \"bm\";\n\
                    4k3/8/8/3q4/8/8/3R4/4K3 w - - am Rxd5; id \"am\";\n";
        let records: Vec<EpdRecord> = read_epd(text)
            .into_iter()
            .map(|r| r.expect("record"))
            .collect();
        let entries = solve_suite(&records, 2_000, 1);
        let solved: Vec<(&str, bool)> = entries.iter().map(|e| (e.id.as_str(), e.solved)).collect();
        assert_eq!(solved, [("none", false), ("bm", true), ("am", false)]);
    }
}
