//! Fishburn's claim, measured: fail-soft F3 against fail-hard F2, both with
//! the same transposition table.
//!
//! Hsu's slides (after Fishburn 1983, *Another optimization of alpha-beta
//! search*): "F3 saves about 7 % of time than that of F2 when a
//! transposition table is used to save and re-use searched results". With a
//! table, a result stored from outside the window is a bound; F3's bounds
//! are never looser than F2's (Hsu's F3 properties), so later probes settle
//! more positions. This module runs both on the same positions with equal,
//! freshly emptied tables and counts what each examines.

use alphabeta_core::procedures::{FailHard, FailSoft, ReturnRule, alpha_beta_with_table};
use alphabeta_core::table::TranspositionTable;
use alphabeta_core::{HashedGame, INFINITY, NEG_INFINITY, Search, Value};
use serde::Serialize;

/// One position searched by F2 and by F3.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pair {
    /// A name for the position (a move string, a tree seed, a FEN).
    pub name: String,
    /// The value both found (they must agree).
    pub value: Value,
    /// Positions examined by F2 with the table.
    pub f2_nodes: u64,
    /// Positions examined by F3 with the table.
    pub f3_nodes: u64,
}

impl Pair {
    /// The fraction of F2's positions that F3 saves: 1 − F3/F2.
    pub fn saving(&self) -> f64 {
        1.0 - self.f3_nodes as f64 / self.f2_nodes as f64
    }
}

/// A search of one position with a return rule, counted: the caller builds
/// the table (of the same size for both rules) and the driver.
pub trait Measure<G: HashedGame> {
    /// Searches `pos` with the return rule `R` and a fresh table; returns the
    /// value and the positions examined.
    fn search<R: ReturnRule>(&self, game: &G, pos: &G::Position) -> (Value, u64);
}

/// Any game searched to a fixed depth with a full window (−∞, +∞) and a
/// fresh table of `entries` entries: the plain form of Fishburn's
/// comparison (the random DAGs of `alphabeta fishburn` and the report).
#[derive(Clone, Copy, Debug)]
pub struct FullWindow {
    /// Entries of each table.
    pub entries: usize,
    /// The depth searched.
    pub depth: u32,
}

impl<G: HashedGame> Measure<G> for FullWindow {
    fn search<R: ReturnRule>(&self, game: &G, pos: &G::Position) -> (Value, u64) {
        let mut table = TranspositionTable::with_entries(self.entries);
        counted(game, |s| {
            alpha_beta_with_table::<R, _, _>(s, &mut table, pos, self.depth, NEG_INFINITY, INFINITY)
        })
    }
}

/// Runs `measure` with F2 and with F3 on each named position. Panics if the
/// two disagree on a value (they search the same graph exactly).
pub fn compare<G: HashedGame, M: Measure<G>>(
    game: &G,
    positions: &[(String, G::Position)],
    measure: &M,
) -> Vec<Pair> {
    positions
        .iter()
        .map(|(name, pos)| {
            let (v2, f2_nodes) = measure.search::<FailHard>(game, pos);
            let (v3, f3_nodes) = measure.search::<FailSoft>(game, pos);
            assert_eq!(v2, v3, "F2 and F3 disagree on {name}");
            Pair {
                name: name.clone(),
                value: v3,
                f2_nodes,
                f3_nodes,
            }
        })
        .collect()
}

/// What a set of pairs says: the mean saving, its spread, and the pooled
/// saving (total F3 positions over total F2 positions).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Positions compared.
    pub positions: usize,
    /// Mean of the per-position savings 1 − F3/F2.
    pub mean: f64,
    /// Their sample standard deviation.
    pub std_dev: f64,
    /// Smallest and largest saving.
    pub min: f64,
    /// Largest saving.
    pub max: f64,
    /// 1 − ΣF3/ΣF2.
    pub pooled: f64,
    /// Positions where F3 examined more than F2.
    pub f3_worse: usize,
}

/// Summarises `pairs` (none: `None`).
pub fn summarize(pairs: &[Pair]) -> Option<Summary> {
    if pairs.is_empty() {
        return None;
    }
    let n = pairs.len() as f64;
    let savings: Vec<f64> = pairs.iter().map(Pair::saving).collect();
    let mean = savings.iter().sum::<f64>() / n;
    let var = if pairs.len() > 1 {
        savings.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let (f2, f3) = pairs
        .iter()
        .fold((0u64, 0u64), |(a, b), p| (a + p.f2_nodes, b + p.f3_nodes));
    Some(Summary {
        positions: pairs.len(),
        mean,
        std_dev: var.sqrt(),
        min: savings.iter().copied().fold(f64::INFINITY, f64::min),
        max: savings.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        pooled: 1.0 - f3 as f64 / f2 as f64,
        f3_worse: pairs.iter().filter(|p| p.f3_nodes > p.f2_nodes).count(),
    })
}

/// Counts the positions a search with `Search` examines (a helper for
/// [`Measure`] implementations).
pub fn counted<G: HashedGame>(
    game: &G,
    run: impl FnOnce(&mut Search<'_, G>) -> Value,
) -> (Value, u64) {
    let mut s = Search::new(game).track_pv(false);
    let v = run(&mut s);
    (v, s.nodes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_pool_and_spread() {
        let pair = |f2, f3| Pair {
            name: String::new(),
            value: 0,
            f2_nodes: f2,
            f3_nodes: f3,
        };
        let s = summarize(&[pair(100, 90), pair(100, 110), pair(200, 180)]).unwrap();
        assert!((s.mean - (0.1 - 0.1 + 0.1) / 3.0).abs() < 1e-12);
        assert!((s.pooled - (1.0 - 380.0 / 400.0)).abs() < 1e-12);
        assert_eq!(s.f3_worse, 1);
        assert!((s.min + 0.1).abs() < 1e-12 && (s.max - 0.1).abs() < 1e-12);
        assert!(summarize(&[]).is_none());
    }
}
