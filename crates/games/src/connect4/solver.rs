//! The exact Connect Four solver: the core's procedures on [`Connect4`].
//!
//! Nothing here searches: the score is found by the core's MTD(bi)
//! ([`bisection`]) over null-window alpha-beta tests with the core's
//! transposition table, behind McCarthy's bounds (Knuth & Moore §5; here
//! "no disc left can do better") — [`alpha_beta_with_table_and_bounds`].
//! The game supplies the rules, the exact values the rules settle, and the
//! static move order; the table's best move is searched first.

use alphabeta_core::procedures::{
    FailHard, FailSoft, ReturnRule, alpha_beta_with_table, alpha_beta_with_table_and_bounds,
    bisection,
};
use alphabeta_core::resources::ResourceError;
use alphabeta_core::table::TranspositionTable;
use alphabeta_core::value::Value;
use alphabeta_core::{BoundedGame, Limits, Search};
use serde::Serialize;

use super::board::{Board, SQUARES};
use super::game::{Connect4, MoveOrder};

/// The default size of the transposition table, in MiB.
pub const DEFAULT_TABLE_MB: usize = 64;

/// The largest table the solver accepts, in MiB (memory is bounded).
pub const MAX_TABLE_MB: usize = 16 * 1024;

/// Which of the seeds' return rules the tests use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// Hsu's F3 (Fishburn): tighter bounds outside the window.
    #[default]
    FailSoft,
    /// Knuth & Moore's F2.
    FailHard,
}

/// How the root's window is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Driver {
    /// Null-window tests narrowing the score interval (MTD(bi)).
    #[default]
    Bisection,
    /// One search with the window of every possible score (−22, 22), no
    /// McCarthy bounds: plain alpha-beta with a table.
    FullWindow,
}

/// What the solver does, and with how much memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB (1 ..= [`MAX_TABLE_MB`]).
    pub table_mb: usize,
    /// Successor order.
    pub order: MoveOrder,
    /// F3 or F2.
    pub rule: Rule,
    /// MTD(bi) or one full-window search.
    pub driver: Driver,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            table_mb: DEFAULT_TABLE_MB,
            order: MoveOrder::Threats,
            rule: Rule::FailSoft,
            driver: Driver::Bisection,
        }
    }
}

/// Win, draw or loss for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Outcome {
    /// The outcome a score (or its sign) stands for.
    pub fn of(score: Value) -> Outcome {
        match score.signum() {
            1 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        }
    }
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The score for the side to move (22 − k, 0, k − 22); in the weak mode
    /// only its sign: 1, 0 or −1.
    pub score: Value,
    /// Positions examined (the core's count: every call of a procedure on a
    /// position, settled or searched).
    pub nodes: u64,
    /// Null-window tests (or 1 full-window search).
    pub searches: u32,
    /// Whether the search finished within its limits (if not, `score` is
    /// meaningless).
    pub complete: bool,
}

/// An exact Connect Four solver with its transposition table.
pub struct Solver {
    game: Connect4,
    table: TranspositionTable<u8>,
    options: Options,
    limits: Limits,
}

/// The remaining depth that reaches the end of the game from `pos`, one
/// more than the empty squares: a function of the position, so a table
/// entry is deep enough wherever the position is met again.
fn depth_to_end(pos: &Board) -> u32 {
    (SQUARES - pos.discs() + 1) as u32
}

/// The table size a solver takes for a requested one: 1 ..= [`MAX_TABLE_MB`] MiB.
fn table_megabytes(requested: usize) -> usize {
    requested.clamp(1, MAX_TABLE_MB)
}

impl Solver {
    /// A solver with these options (the table size clamped to
    /// 1 ..= [`MAX_TABLE_MB`] MiB).
    pub fn new(options: Options) -> Self {
        let mb = table_megabytes(options.table_mb);
        Self::with_table(options, mb, TranspositionTable::with_megabytes(mb))
    }

    /// [`Solver::new`] for a table size a user chose: a table larger than the
    /// machine can give is an error, not an abort.
    pub fn try_new(options: Options) -> Result<Self, ResourceError> {
        let mb = table_megabytes(options.table_mb);
        Ok(Self::with_table(
            options,
            mb,
            TranspositionTable::try_with_megabytes(mb)?,
        ))
    }

    fn with_table(options: Options, mb: usize, table: TranspositionTable<u8>) -> Self {
        Solver {
            game: Connect4 {
                order: options.order,
            },
            table,
            options: Options {
                table_mb: mb,
                ..options
            },
            limits: Limits::none(),
        }
    }

    /// Limits every later search (node count, time, a stop flag).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The options in force.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Slots of the transposition table.
    pub fn table_entries(&self) -> usize {
        self.table.capacity()
    }

    /// Empties the transposition table.
    pub fn reset(&mut self) {
        self.table.clear();
    }

    /// The exact score of `pos` for the side to move.
    pub fn solve(&mut self, pos: &Board) -> Solution {
        let (lo, hi) = (self.game.pessimistic(pos), self.game.optimistic(pos));
        self.solve_within(pos, lo, hi)
    }

    /// Win, draw or loss only (the weak solver: the score's sign, found
    /// with the interval narrowed to [−1, 1]).
    pub fn solve_weak(&mut self, pos: &Board) -> Solution {
        let (lo, hi) = (self.game.pessimistic(pos), self.game.optimistic(pos));
        let mut s = self.solve_within(pos, lo.max(-1), hi.min(1));
        s.score = s.score.signum();
        s
    }

    fn solve_within(&mut self, pos: &Board, lo: Value, hi: Value) -> Solution {
        match self.options.rule {
            Rule::FailSoft => self.run::<FailSoft>(pos, lo, hi),
            Rule::FailHard => self.run::<FailHard>(pos, lo, hi),
        }
    }

    fn run<R: ReturnRule>(&mut self, pos: &Board, lo: Value, hi: Value) -> Solution {
        let game = self.game;
        let table = &mut self.table;
        let mut s = Search::new(&game)
            .limits(self.limits.clone())
            .track_pv(false);
        let depth = depth_to_end(pos);
        let (score, searches) = if lo >= hi {
            (lo, 0)
        } else {
            match self.options.driver {
                Driver::Bisection => {
                    let r = bisection(lo, hi, |beta| {
                        alpha_beta_with_table_and_bounds::<R, _, _>(
                            &mut s,
                            table,
                            pos,
                            depth,
                            beta - 1,
                            beta,
                        )
                    });
                    (r.value, r.tests)
                }
                Driver::FullWindow => {
                    let v = alpha_beta_with_table::<R, _, _>(&mut s, table, pos, depth, -22, 22);
                    (v.clamp(lo, hi), 1)
                }
            }
        };
        Solution {
            score,
            nodes: s.nodes(),
            searches,
            complete: !s.stopped(),
        }
    }

    /// The columns (1–7) of the moves that keep the score `score` of `pos`
    /// (found by [`Solver::solve`]): a move is best exactly when the score
    /// after it is −`score`, which one null-window test per move decides
    /// (cheap once the table holds the solution). `None` if a limit stopped
    /// a test.
    pub fn best_columns(&mut self, pos: &Board, score: Value) -> Option<Vec<u8>> {
        let mut best = Vec::new();
        for c in Connect4::legal_columns(pos) {
            let child = pos.play(c as usize);
            // The child is worth at least −score; it is worth exactly that
            // when it is not worth more.
            let target = -score;
            let at_most = self.solve_within(&child, target, target + 1);
            if !at_most.complete {
                return None;
            }
            if at_most.score == target {
                best.push(c + 1);
            }
        }
        best.sort_unstable();
        Some(best)
    }

    /// The game searched (with its move order).
    pub fn game(&self) -> Connect4 {
        self.game
    }
}

/// The depth a search of `pos` to the end of the game takes.
pub fn full_depth(pos: &Board) -> u32 {
    depth_to_end(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_are_signs() {
        assert_eq!(Outcome::of(5), Outcome::Win);
        assert_eq!(Outcome::of(0), Outcome::Draw);
        assert_eq!(Outcome::of(-1), Outcome::Loss);
    }

    #[test]
    fn positions_of_the_literature() {
        // "4455": the side to move wins with its 4th disc (2 moves).
        let mut solver = Solver::new(Options {
            table_mb: 1,
            ..Options::default()
        });
        let pos: Board = "4455".parse().unwrap();
        assert_eq!(solver.solve(&pos).score, 18);
        // "44455554221": whatever the side to move plays, the opponent wins
        // with its 7th disc.
        let pos: Board = "44455554221".parse().unwrap();
        assert_eq!(solver.solve(&pos).score, -15);
    }

    #[test]
    fn a_table_the_machine_cannot_give_is_an_error() {
        let small = Options {
            table_mb: 1,
            ..Options::default()
        };
        let solver = Solver::try_new(small).unwrap();
        assert_eq!(solver.table_entries(), Solver::new(small).table_entries());
        // The size is clamped to MAX_TABLE_MB first (a table that size is
        // not allocated here: filling 16 GiB would cost the test minutes).
        assert_eq!(table_megabytes(usize::MAX), MAX_TABLE_MB);
        assert_eq!(table_megabytes(0), 1);
        // A table beyond the machine is refused before anything is allocated,
        // with the memory it needs: 2^40 MiB exceeds any machine's memory.
        let e = TranspositionTable::<u8>::try_with_megabytes(1 << 40)
            .expect_err("a table of 2^40 MiB is refused")
            .to_string();
        assert!(
            e.starts_with("a transposition table of 1099511627776 MiB needs"),
            "{e}"
        );
    }
}
