//! A chess engine: iterative deepening over a principal-variation search
//! with a transposition table, move ordering (hash move, MVV-LVA, killers,
//! history), aspiration windows, null-move pruning, check extension,
//! quiescence, mate-distance pruning and time management. [`crate::uci`]
//! drives it over the UCI protocol.

pub mod eval;
pub mod ordering;
pub mod search;
pub mod time;

use std::time::Duration;

use alphabeta_core::Value;
use alphabeta_core::table::TranspositionTable;
use alphabeta_core::value::{WIN, is_loss, is_win};
use cozy_chess::Move;

pub use eval::EngineEval;
pub use search::SearchControl;
pub use time::{GoParams, TimeBudget};

use crate::position::Position;
use ordering::MoveOrdering;
use search::{MAX_PLY, Searcher};

/// A score as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Centipawns(Value),
    /// Mate in this many moves (negative: being mated).
    Mate(i64),
}

impl Score {
    /// Converts a search value: distance-scored wins become mates in moves.
    pub fn from_value(v: Value) -> Score {
        if is_win(v) {
            Score::Mate((WIN - v + 1) / 2)
        } else if is_loss(v) {
            Score::Mate(-((WIN + v + 1) / 2))
        } else {
            Score::Centipawns(v)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Centipawns(v) => write!(f, "cp {v}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// What the engine reports after each iteration (and each MultiPV line).
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached (extensions and quiescence included).
    pub seldepth: usize,
    /// 1-based index of the line (MultiPV).
    pub multipv: usize,
    /// The line's value for the side to move.
    pub value: Value,
    /// Positions searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Transposition-table occupancy in permille.
    pub hashfull: u32,
}

impl SearchInfo {
    /// The value as a UCI score.
    pub fn score(&self) -> Score {
        Score::from_value(self.value)
    }

    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let ms = self.time.as_millis().max(1) as u64;
        self.nodes.saturating_mul(1000) / ms
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOutcome {
    /// The move to play (`None` when the game is over at the root).
    pub best: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder: Option<Move>,
    /// The value of the best move for the side to move.
    pub value: Value,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
}

/// The engine: its transposition table and settings persist between searches.
pub struct Engine {
    tt: TranspositionTable<Move>,
    ordering: MoveOrdering,
    /// The evaluation in use.
    pub eval: EngineEval,
    /// Number of principal variations to report (UCI `MultiPV`).
    pub multipv: usize,
}

/// The default table size in MiB (UCI `Hash`).
pub const DEFAULT_HASH_MB: usize = 16;

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_HASH_MB)
    }
}

impl Engine {
    /// An engine with a table of about `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Self {
        Engine {
            tt: TranspositionTable::with_megabytes(hash_mb),
            ordering: MoveOrdering::default(),
            eval: EngineEval::default(),
            multipv: 1,
        }
    }

    /// Resizes (and empties) the table.
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.tt = TranspositionTable::with_megabytes(hash_mb);
    }

    /// Forgets everything learned (UCI `ucinewgame`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }

    /// Searches `root` within the limits of `params`, reporting each
    /// iteration to `on_info`, until a limit is reached or `control` says stop.
    pub fn search(
        &mut self,
        root: &Position,
        params: &GoParams,
        control: &SearchControl,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchOutcome {
        let started = std::time::Instant::now();
        self.ordering.clear();
        let board = root.board().clone();
        let mut all_moves = root.legal_moves();
        if !params.searchmoves.is_empty() {
            all_moves.retain(|m| params.searchmoves.contains(m));
        }
        let budget = params.budget(board.side_to_move());
        let max_depth = params
            .depth
            .unwrap_or(u32::MAX)
            .min(params.mate.map_or(u32::MAX, |m| 2 * m))
            .clamp(1, MAX_PLY as u32 - 20);
        let mut searcher = Searcher {
            tt: &mut self.tt,
            ordering: &mut self.ordering,
            eval: self.eval,
            control,
            budget,
            node_limit: params.nodes,
            keys: root.history_keys(),
            root_moves: all_moves.clone(),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            may_stop: false,
            pv: Vec::new(),
        };
        let mut outcome = SearchOutcome {
            best: all_moves.first().copied(),
            ponder: None,
            value: 0,
            depth: 0,
            nodes: 0,
        };
        if all_moves.is_empty() {
            return outcome;
        }
        let lines = self.multipv.clamp(1, all_moves.len());
        let mut guesses: Vec<Option<Value>> = vec![None; lines];
        for depth in 1..=max_depth {
            let mut found: Vec<(Value, Vec<Move>)> = Vec::with_capacity(lines);
            for (line, guess) in guesses.iter_mut().enumerate() {
                searcher.root_moves = all_moves
                    .iter()
                    .copied()
                    .filter(|m| !found.iter().any(|(_, pv)| pv.first() == Some(m)))
                    .collect();
                searcher.seldepth = 0;
                let value = searcher.aspiration(
                    &board,
                    depth as i32,
                    if depth >= 4 { *guess } else { None },
                );
                if searcher.stopped {
                    break;
                }
                let pv = searcher.pv[0].clone();
                if pv.is_empty() {
                    break;
                }
                *guess = Some(value);
                on_info(&SearchInfo {
                    depth,
                    seldepth: searcher.seldepth,
                    multipv: line + 1,
                    value,
                    nodes: searcher.nodes,
                    time: started.elapsed(),
                    pv: pv.clone(),
                    hashfull: searcher.tt.permille_full(),
                });
                found.push((value, pv));
            }
            searcher.may_stop = true;
            if let Some((value, pv)) = found.first()
                && (!searcher.stopped || found.len() == lines)
            {
                outcome = SearchOutcome {
                    best: pv.first().copied(),
                    ponder: pv.get(1).copied(),
                    value: *value,
                    depth,
                    nodes: searcher.nodes,
                };
            }
            if searcher.stopped || control.stop_requested() {
                break;
            }
            if let Some(b) = budget
                && control.clock_elapsed() >= b.soft
            {
                break;
            }
            // One legal move under a time limit: play it, keep the clock.
            if all_moves.len() == 1 && budget.is_some() && !control.pondering() {
                break;
            }
            if let Some(n) = params.nodes
                && searcher.nodes >= n
            {
                break;
            }
            if let Some(m) = params.mate
                && is_win(outcome.value)
                && (WIN - outcome.value) < 2 * i64::from(m)
            {
                break;
            }
            // A forced mate within the horizon: deeper iterations cannot change it.
            if (is_win(outcome.value) || is_loss(outcome.value))
                && (WIN - outcome.value.abs()) < i64::from(depth)
                && !params.infinite
                && !control.pondering()
            {
                break;
            }
        }
        outcome.nodes = searcher.nodes;
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{to_san, to_uci};

    fn search(fen: &str, params: GoParams) -> (Position, SearchOutcome) {
        let pos = Position::from_fen(fen).expect("fen");
        let mut engine = Engine::new(4);
        let out = engine.search(&pos, &params, &SearchControl::default(), |_| {});
        (pos, out)
    }

    #[test]
    fn finds_mate_in_one_and_scores_it() {
        let (pos, out) = search(
            "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
            GoParams {
                depth: Some(4),
                ..Default::default()
            },
        );
        assert_eq!(to_san(&pos, out.best.expect("move")), "Qb8#");
        assert_eq!(Score::from_value(out.value), Score::Mate(1));
    }

    #[test]
    fn sees_being_mated() {
        // Black to move has only Kb8, and Rh8 mates.
        let (_, out) = search(
            "k7/8/1K6/8/8/8/8/7R b - - 0 1",
            GoParams {
                depth: Some(5),
                ..Default::default()
            },
        );
        assert_eq!(Score::from_value(out.value), Score::Mate(-1));
    }

    #[test]
    fn wins_the_hanging_queen() {
        let (pos, out) = search(
            "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1",
            GoParams {
                depth: Some(3),
                ..Default::default()
            },
        );
        assert_eq!(to_uci(&pos, out.best.expect("move")), "d2d5");
        assert!(out.value > 400);
    }

    #[test]
    fn node_limit_and_multipv() {
        let pos = Position::startpos();
        let mut engine = Engine::new(4);
        engine.multipv = 3;
        let mut lines = std::collections::BTreeSet::new();
        let out = engine.search(
            &pos,
            &GoParams {
                nodes: Some(20_000),
                ..Default::default()
            },
            &SearchControl::default(),
            |info| {
                lines.insert((info.depth, info.multipv, format!("{}", info.pv[0])));
            },
        );
        assert!(out.nodes < 40_000, "{} nodes", out.nodes);
        assert!(out.best.is_some());
        // Three different first moves at depth 1.
        let first: std::collections::BTreeSet<_> = lines
            .iter()
            .filter(|l| l.0 == 1)
            .map(|l| l.2.clone())
            .collect();
        assert_eq!(first.len(), 3);
    }

    #[test]
    fn a_single_legal_move_is_played_at_once_under_a_clock() {
        // Black's only move is Kb8; a minute on the clock is not spent on it.
        let (pos, out) = search(
            "k7/8/1K6/8/8/8/8/7R b - - 0 1",
            GoParams {
                wtime: Some(Duration::from_secs(60)),
                btime: Some(Duration::from_secs(60)),
                ..Default::default()
            },
        );
        assert_eq!(to_san(&pos, out.best.expect("move")), "Kb8");
        assert_eq!(out.depth, 1);
    }

    #[test]
    fn mate_on_the_hundredth_ply_beats_the_fifty_move_draw() {
        // 99 plies without capture or pawn move: Qb8 mates on the hundredth,
        // and a mate stands; every other move draws.
        let (pos, out) = search(
            "7k/8/6K1/8/8/8/8/1Q6 w - - 99 80",
            GoParams {
                depth: Some(4),
                ..Default::default()
            },
        );
        assert_eq!(to_san(&pos, out.best.expect("move")), "Qb8#");
        assert_eq!(Score::from_value(out.value), Score::Mate(1));
    }

    #[test]
    fn repetition_is_a_draw_for_the_side_that_is_losing() {
        // White is a queen down but can force perpetual check.
        let (_, out) = search(
            "6k1/6p1/7Q/8/8/8/5q2/6K1 w - - 0 1",
            GoParams {
                depth: Some(8),
                ..Default::default()
            },
        );
        assert!(out.value.abs() < 200, "value {}", out.value);
    }
}
