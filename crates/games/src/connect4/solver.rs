//! The exact Connect Four solver: the core's procedures on [`Connect4`].
//!
//! Nothing here searches: the score is found by the core's MTD(bi)
//! ([`bisection`]) over null-window alpha-beta tests with the core's
//! transposition table, behind McCarthy's bounds (Knuth & Moore §5; here
//! "no disc left can do better") — [`alpha_beta_with_table_and_bounds`].
//! The game supplies the rules, the exact values the rules settle, and the
//! static move order; the table's best move is searched first.
//!
//! The search that finds the score also proves one best column: the root's
//! move that made the last successful test fail high (the table's move at
//! the root right after that test) is worth at least the score, so it keeps
//! it. Every column's score ([`Solver::analyze`]) costs one solve per column.

use alphabeta_core::procedures::{
    FailHard, FailSoft, ReturnRule, alpha_beta_with_table, alpha_beta_with_table_and_bounds,
    bisection_by,
};
use alphabeta_core::resources::ResourceError;
use alphabeta_core::table::TranspositionTable;
use alphabeta_core::value::Value;
use alphabeta_core::{
    BoundedGame, Game, HashedGame, Limits, MoveList, NoObserver, Observer, Search,
};
use serde::Serialize;

use super::board::{Board, SQUARES, WIDTH, winning_squares};
use super::game::{CENTRE_FIRST, Columns, Connect4, MoveOrder};

/// The default size of the transposition table, in MiB.
pub const DEFAULT_TABLE_MB: usize = 64;

/// The table for the positions of at most [`OPENING_DISCS`] discs, in MiB
/// ([`table_mb_for`]).
pub const OPENING_TABLE_MB: usize = 1024;

/// The most discs of a position that gets [`OPENING_TABLE_MB`].
pub const OPENING_DISCS: usize = 6;

/// The table size for solving `pos` when none is asked for:
/// [`OPENING_TABLE_MB`] for the positions of at most [`OPENING_DISCS`]
/// discs, whose solves examine billions of positions over minutes, so that
/// the table keeps more of them (filling it costs a fraction of a second);
/// [`DEFAULT_TABLE_MB`] for the others, where filling a large table would
/// cost more than the search.
pub fn table_mb_for(pos: &Board) -> usize {
    if pos.discs() <= OPENING_DISCS {
        OPENING_TABLE_MB
    } else {
        DEFAULT_TABLE_MB
    }
}

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

    /// The outcome of a score in a word: `win`, `draw` or `loss`.
    pub fn word(score: Value) -> &'static str {
        match Outcome::of(score) {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The score for the side to move (22 − k, 0, k − 22); in the weak mode
    /// only its sign: 1, 0 or −1.
    pub score: Value,
    /// A column (1–7) that keeps the score, proved by the search that found
    /// it (see [`Solver::solve`]); `None` when the game is over or the search
    /// did not finish.
    pub best_column: Option<u8>,
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

    /// The exact score of `pos` for the side to move, and a column that
    /// keeps it. The column costs no search of its own: where the rules
    /// settle `pos` they name it (the winning column; any column when every
    /// one loses at once); otherwise it is the root's move that made the
    /// last null-window test that failed high do so, whose value is at least
    /// that test's result, the final score. When no test fails high the
    /// score is the pessimistic bound, which every move the game generates
    /// keeps (none lets the opponent connect four at once), and the first
    /// one is given. The full-window driver's root move is the one whose
    /// exact value is the score.
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

    /// [`Solver::solve`] observed by `observer` (the core's instruments,
    /// e.g. [`alphabeta_core::Stats`]), which sees every null-window test.
    pub fn solve_observed<O: Observer>(&mut self, pos: &Board, observer: &mut O) -> Solution {
        let (lo, hi) = (self.game.pessimistic(pos), self.game.optimistic(pos));
        match self.options.rule {
            Rule::FailSoft => self.run::<FailSoft, _>(pos, lo, hi, observer),
            Rule::FailHard => self.run::<FailHard, _>(pos, lo, hi, observer),
        }
    }

    /// [`Solver::solve_weak`] observed by `observer`.
    pub fn solve_weak_observed<O: Observer>(&mut self, pos: &Board, observer: &mut O) -> Solution {
        let (lo, hi) = (self.game.pessimistic(pos), self.game.optimistic(pos));
        let (lo, hi) = (lo.max(-1), hi.min(1));
        let mut s = match self.options.rule {
            Rule::FailSoft => self.run::<FailSoft, _>(pos, lo, hi, observer),
            Rule::FailHard => self.run::<FailHard, _>(pos, lo, hi, observer),
        };
        s.score = s.score.signum();
        s
    }

    fn solve_within(&mut self, pos: &Board, lo: Value, hi: Value) -> Solution {
        match self.options.rule {
            Rule::FailSoft => self.run::<FailSoft, _>(pos, lo, hi, NoObserver),
            Rule::FailHard => self.run::<FailHard, _>(pos, lo, hi, NoObserver),
        }
    }

    fn run<R: ReturnRule, O: Observer>(
        &mut self,
        pos: &Board,
        lo: Value,
        hi: Value,
        observer: O,
    ) -> Solution {
        let game = self.game;
        let table = &mut self.table;
        let key = game.key(pos);
        let mut s = Search::with_observer(&game, observer)
            .limits(self.limits.clone())
            .track_pv(false);
        let depth = depth_to_end(pos);
        // The root's move stored by the last test that failed high.
        let mut proved = None;
        let (score, searches) = if lo >= hi {
            (lo, 0)
        } else {
            match self.options.driver {
                Driver::Bisection => {
                    let r = bisection_by(lo, hi, probe_toward_the_ends, |beta| {
                        let g = alpha_beta_with_table_and_bounds::<R, _, _>(
                            &mut s,
                            table,
                            pos,
                            depth,
                            beta - 1,
                            beta,
                        );
                        if g >= beta {
                            proved = table.probe(key, 0).and_then(|e| e.best);
                        }
                        g
                    });
                    (r.value, r.tests)
                }
                Driver::FullWindow => {
                    let v = alpha_beta_with_table::<R, _, _>(&mut s, table, pos, depth, -22, 22);
                    proved = table.probe(key, 0).and_then(|e| e.best);
                    (v.clamp(lo, hi), 1)
                }
            }
        };
        let complete = !s.stopped();
        Solution {
            score,
            best_column: if complete {
                best_column(&game, pos, proved)
            } else {
                None
            },
            nodes: s.nodes(),
            searches,
            complete,
        }
    }

    /// Every column's score for the side to move of `pos` (the score after
    /// dropping its disc there, negated: what the column is worth to it),
    /// indexed 0–6 for columns 1–7: `None` for a full column, and for every
    /// column once the game is over. A column that connects four is worth
    /// 22 − k at once; each other column costs one solve of the position
    /// after it (with the table the earlier ones filled). In the weak mode
    /// only the signs. `None` if a limit stopped a solve.
    pub fn analyze(&mut self, pos: &Board, weak: bool) -> Option<Analysis> {
        let mut analysis = Analysis {
            scores: [None; WIDTH],
            nodes: 0,
            searches: 0,
        };
        if pos.is_over() {
            return Some(analysis);
        }
        for c in 0..WIDTH {
            if !pos.can_play(c) {
                continue;
            }
            let child = pos.play(c);
            let score = if child.is_won() {
                let win = 22 - pos.next_disc();
                if weak { win.signum() } else { win }
            } else {
                let solution = if weak {
                    self.solve_weak(&child)
                } else {
                    self.solve(&child)
                };
                if !solution.complete {
                    return None;
                }
                analysis.nodes += solution.nodes;
                analysis.searches += solution.searches;
                -solution.score
            };
            analysis.scores[c] = Some(score);
        }
        Some(analysis)
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

/// Every column's score ([`Solver::analyze`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The score of each column 1–7 for the side to move (`None`: the column
    /// is full or the game is over).
    pub scores: [Option<Value>; WIDTH],
    /// Positions examined by the solves, in total.
    pub nodes: u64,
    /// Null-window tests, in total.
    pub searches: u32,
}

impl Analysis {
    /// The columns (1–7) whose score is the best one, in order.
    pub fn best_columns(&self) -> Vec<u8> {
        let Some(best) = self.scores.iter().flatten().max().copied() else {
            return Vec::new();
        };
        (1..=WIDTH as u8)
            .filter(|&c| self.scores[c as usize - 1] == Some(best))
            .collect()
    }
}

/// Where MTD(bi) places its next test in `[lower, upper]`: halfway, or, when
/// that is on the side of 0 nearer the end, halfway to the end (half of
/// `lower` below 0, half of `upper` above), as Pons's solver does: a test far
/// from the score is settled with little work (a quick loss or win is easy
/// to rule out) and fills the table for the tests near it. The `beta` of
/// the window `(med, med + 1)`, `lower < beta ≤ upper`.
fn probe_toward_the_ends(lower: Value, upper: Value) -> Value {
    let mut med = lower + (upper - lower) / 2;
    if med <= 0 && lower / 2 < med {
        med = lower / 2;
    } else if med >= 0 && upper / 2 > med {
        med = upper / 2;
    }
    med + 1
}

/// The column (1–7) [`Solver::solve`] names for `pos` (see there), given
/// the root's move `proved` by the last test that failed high.
fn best_column(game: &Connect4, pos: &Board, proved: Option<u8>) -> Option<u8> {
    if pos.is_over() {
        return None;
    }
    let wins = winning_squares(pos.current(), pos.mask()) & pos.playable();
    if let Some(c) = (0..WIDTH).find(|&c| wins & super::board::column(c) != 0) {
        return Some(c as u8 + 1);
    }
    if let Some(c) = proved {
        return Some(c + 1);
    }
    let mut moves = Columns::default();
    game.moves(pos, &mut moves);
    if moves.is_empty() {
        // Every column lets the opponent connect four at once: all are alike.
        return CENTRE_FIRST
            .into_iter()
            .find(|&c| pos.can_play(c as usize))
            .map(|c| c + 1);
    }
    Some(moves.get(0) + 1)
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
