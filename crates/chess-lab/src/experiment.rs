//! One experiment of Fuller, Gaschnig & Gillogly (1973, §6): a fixed-depth
//! search of a chess position with a core procedure, counting bottom
//! positions, move generations and cutoffs ([`Stats`]), the capture-chain
//! positions apart, and the range R of distinct bottom values.

use std::collections::BTreeSet;

use alphabeta_core::game::max_view;
use alphabeta_core::{Observer, Procedure, Search, Stats, Value};
use cozy_chess::Move;

use crate::game::{CaptureCounts, Chess, ExperimentConfig};
use alphabeta_chess::position::Position;

/// Collects the distinct values of the bottom positions a search examines,
/// all from the root side's viewpoint (Fuller §6's range R).
#[derive(Clone, Debug, Default)]
pub struct BottomValues {
    /// The distinct values.
    pub values: BTreeSet<Value>,
}

impl BottomValues {
    /// The range R: the number of distinct bottom values.
    pub fn range(&self) -> usize {
        self.values.len()
    }
}

impl Observer for BottomValues {
    #[inline]
    fn leaf(&mut self, ply: usize, value: Value) {
        self.values.insert(max_view(value, ply));
    }
}

/// What one experiment found.
#[derive(Clone, Debug)]
pub struct ExperimentReport {
    /// The procedure run.
    pub procedure: Procedure,
    /// The fixed depth.
    pub depth: u32,
    /// The root value for the side to move.
    pub value: Value,
    /// The principal variation (best move first), when the procedure keeps one.
    pub pv: Vec<Move>,
    /// Counts of the fixed-depth tree: nodes, bottom positions (NBP) and
    /// move generations (NMG) per ply, alpha/beta/deep cutoffs.
    pub stats: Stats,
    /// The capture-chain search below the bottom positions, counted apart.
    pub captures: CaptureCounts,
    /// The distinct bottom values (the range R is their number).
    pub bottom_values: BottomValues,
}

impl ExperimentReport {
    /// The best move at the root.
    pub fn best_move(&self) -> Option<Move> {
        self.pv.first().copied()
    }
}

/// Searches `pos` to `depth` with `procedure` on chess configured by
/// `config`, and reports every count.
pub fn run_experiment(
    pos: &Position,
    config: ExperimentConfig,
    procedure: Procedure,
    depth: u32,
) -> ExperimentReport {
    let game = Chess::new(config);
    let observer = (
        (Stats::default(), BottomValues::default()),
        game.window_tap(),
    );
    let mut search = Search::with_observer(&game, observer);
    let value = procedure.run(&mut search, pos, depth);
    let pv = search.principal_variation();
    let ((stats, bottom_values), _) = search.into_observer();
    ExperimentReport {
        procedure,
        depth,
        value,
        pv,
        stats,
        captures: game.capture_counts(),
        bottom_values,
    }
}

/// What a sweep over many positions found (Fuller §6 reports these for the
/// positions of one game).
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSummary {
    /// Positions searched.
    pub positions: usize,
    /// Mean number of bottom positions (NBP) a search.
    pub mean_bottom_positions: f64,
    /// Smallest range R.
    pub range_min: usize,
    /// Median range R (the lower middle one for an even count).
    pub range_median: usize,
    /// Largest range R.
    pub range_max: usize,
}

/// Runs [`run_experiment`] on every position, in order.
pub fn run_positions(
    positions: &[Position],
    config: ExperimentConfig,
    procedure: Procedure,
    depth: u32,
) -> Vec<ExperimentReport> {
    positions
        .iter()
        .map(|p| run_experiment(p, config, procedure, depth))
        .collect()
}

/// Summarises a sweep; `None` for no reports.
pub fn summarize(reports: &[ExperimentReport]) -> Option<SweepSummary> {
    let ranges: Vec<usize> = reports.iter().map(|r| r.bottom_values.range()).collect();
    let total: u64 = reports.iter().map(|r| r.stats.leaves()).sum();
    Some(SweepSummary {
        positions: reports.len(),
        mean_bottom_positions: total as f64 / reports.len().max(1) as f64,
        range_min: *ranges.iter().min()?,
        range_median: median(&ranges)?,
        range_max: *ranges.iter().max()?,
    })
}

/// The median of some counts (the lower middle one for an even number),
/// `None` for none.
pub fn median(values: &[usize]) -> Option<usize> {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.get(v.len().saturating_sub(1) / 2).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::eval::Evaluator;

    fn kiwipete() -> Position {
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("fen")
    }

    #[test]
    fn procedures_agree_on_the_value_and_prune() {
        let config = ExperimentConfig {
            branching: Some(6),
            seed: 3,
            ..Default::default()
        };
        let full = run_experiment(&kiwipete(), config, Procedure::Negamax, 3);
        // Fixed branching 6 at depth 3: minimax sees exactly 6^3 bottom positions
        // (no mates or draws this close to the start of a middle game).
        assert_eq!(full.stats.leaves(), 216);
        assert_eq!(full.stats.expansions(), 1 + 6 + 36);
        for p in [
            Procedure::FailHard,
            Procedure::FailSoft,
            Procedure::BranchAndBound,
            Procedure::Pvs,
        ] {
            let r = run_experiment(&kiwipete(), config, p, 3);
            assert_eq!(r.value, full.value, "{p}");
            assert!(r.stats.leaves() < full.stats.leaves(), "{p} did not prune");
        }
    }

    #[test]
    fn mobility_widens_the_range_of_bottom_values() {
        let base = ExperimentConfig {
            branching: Some(10),
            seed: 1,
            ..Default::default()
        };
        let material = run_experiment(&kiwipete(), base, Procedure::FailHard, 3);
        let mobility = run_experiment(
            &kiwipete(),
            ExperimentConfig {
                evaluator: Evaluator::MaterialMobility,
                ..base
            },
            Procedure::FailHard,
            3,
        );
        assert!(material.bottom_values.range() >= 1);
        assert!(mobility.bottom_values.range() > material.bottom_values.range());
    }

    #[test]
    fn no_equal_values_perturbs_by_at_most_two_points() {
        let base = ExperimentConfig {
            branching: Some(10),
            seed: 1,
            ..Default::default()
        };
        let plain = run_experiment(&Position::startpos(), base, Procedure::FailHard, 3);
        let tied = run_experiment(
            &Position::startpos(),
            ExperimentConfig {
                no_equal_values: true,
                ..base
            },
            Procedure::FailHard,
            3,
        );
        // The opening's material values are all equal: every tie is broken.
        assert_eq!(plain.bottom_values.range(), 1);
        assert!(tied.captures.perturbed > 0);
        assert!(tied.bottom_values.values.iter().all(|v| v.abs() <= 2));
        assert!(tied.stats.leaves() > plain.stats.leaves());
    }

    #[test]
    fn capture_chains_are_counted_apart() {
        let config = ExperimentConfig {
            captures: true,
            ..Default::default()
        };
        let r = run_experiment(&kiwipete(), config, Procedure::FailHard, 2);
        let flat = run_experiment(
            &kiwipete(),
            ExperimentConfig::default(),
            Procedure::FailHard,
            2,
        );
        assert!(r.captures.positions > 0 && r.captures.bottoms > 0);
        assert_eq!(flat.captures, CaptureCounts::default());
    }

    #[test]
    fn median_of_ranges() {
        assert_eq!(median(&[5, 1, 9]), Some(5));
        assert_eq!(median(&[4, 1, 9, 7]), Some(4));
        assert_eq!(median(&[]), None);
    }
}
