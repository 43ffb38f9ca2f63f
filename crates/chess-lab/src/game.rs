//! Chess as a game of the search core, configured for the experiments of
//! Fuller, Gaschnig & Gillogly (1973, §6).
//!
//! [`Chess`] implements [`alphabeta_core::Game`] and [`HashedGame`], so every
//! procedure of the core searches it. Its [`ExperimentConfig`] selects the
//! modes of Fuller's modified Technology Chess Program:
//!
//! * the evaluator: material (P 100, N 330, B 330, R 500, Q 900) or material
//!   plus mobility ([`Evaluator`]);
//! * fixed branching: at every position `N` legal moves chosen at random
//!   (fewer if fewer exist), the choice a function of the seed and the
//!   position, so the tree is fixed for a seed ("the branches to be examined
//!   selected randomly");
//! * capture chains: a bottom position of the fixed-depth tree is valued by
//!   exploring its chains of captures ("all chains of captures from these
//!   bottom positions are explored"); the positions that search visits are
//!   counted separately ([`CaptureCounts`]);
//! * "no equal values": a bottom value that equals a bound of its window,
//!   and so would prune (or fail to improve) by equality, is moved up or
//!   down at random, one point at a time, until it equals neither bound — at
//!   most two points, as in Fuller §6. The window comes from the observer
//!   [`WindowTap`], which [`crate::experiment`] attaches.
//!
//! * a hard budget of positions ([`Chess::set_budget`]): every position the
//!   search enters and every capture-chain position is charged as it is
//!   visited; once the budget is spent the game answers every further
//!   position at once (no move generation, no evaluation, not charged) as
//!   lost for the side to move at the root — worse than any mate — and
//!   reports [`Chess::budget_exhausted`]. Every refused position being the
//!   worst case for the root's side, the value of the unfinished search is
//!   a lower bound of the finished one (minimax is monotone in the bottom
//!   values), and its best root move so far is the one with the best
//!   guaranteed value. Floyd's experiment ([`crate::floyd`]) compares its
//!   searchers this way.
//!
//! Draws by rule are scored 0, checkmate `loss_in(ply)` so that a shorter
//! mate is better for the winner.

use std::cell::Cell;

use alphabeta_core::mix::splitmix64;
use alphabeta_core::value::{WIN, loss_in};
use alphabeta_core::{Game, HashedGame, NEG_INFINITY, Observer, Value};
use cozy_chess::{Board, Color, Move};

use alphabeta_chess::eval::Evaluator;
use alphabeta_chess::position::{Position, has_legal_move, legal_moves_into};

/// The modes of the experiments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ExperimentConfig {
    /// The static evaluator.
    pub evaluator: Evaluator,
    /// Fixed branching factor `N`: search `N` legal moves chosen at random
    /// at every position (all moves when `None`).
    pub branching: Option<usize>,
    /// The seed of every random choice (branching, tie-breaking).
    pub seed: u64,
    /// Value bottom positions by their chains of captures.
    pub captures: bool,
    /// Fuller's "no equal values" perturbation.
    pub no_equal_values: bool,
}

/// What the capture-chain search did, counted apart from the fixed-depth
/// tree's bottom positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CaptureCounts {
    /// Positions reached by a capture below a fixed-depth bottom position.
    pub positions: u64,
    /// Of these, the ones where the chain ended (the side to move stood pat
    /// or had no capture): the capture chains' own bottom positions.
    pub bottoms: u64,
    /// Bottom values changed by the "no equal values" rule.
    pub perturbed: u64,
}

/// Chess for the experiments.
///
/// The capture-chain counts and the current window live in `Cell`s, so a
/// `Chess` is `Send` but not `Sync`: parallel experiments make one game per
/// task (as [`crate::experiment::run_experiment`] does).
#[derive(Debug, Default)]
pub struct Chess {
    config: ExperimentConfig,
    counts: Cell<CaptureCounts>,
    window: Cell<(Value, Value)>,
    /// Positions charged since the last [`Chess::set_budget`].
    spent: Cell<u64>,
    /// The most positions that may be charged (`None`: no budget).
    budget: Cell<Option<u64>>,
    /// A position was refused because the budget was spent.
    exhausted: Cell<bool>,
    /// The side to move at the root of the budgeted search.
    root: Cell<Option<Color>>,
}

impl Chess {
    /// Chess with the given modes.
    pub fn new(config: ExperimentConfig) -> Self {
        Chess {
            config,
            counts: Cell::default(),
            window: Cell::new((NEG_INFINITY, alphabeta_core::INFINITY)),
            spent: Cell::new(0),
            budget: Cell::new(None),
            exhausted: Cell::new(false),
            root: Cell::new(None),
        }
    }

    /// Starts a budget of at most `budget` positions (`None`: unlimited,
    /// still counted) for a search whose root has `root` to move: the count
    /// and the exhausted flag start again.
    pub fn set_budget(&self, budget: Option<u64>, root: Color) {
        self.root.set(Some(root));
        self.budget.set(budget);
        self.spent.set(0);
        self.exhausted.set(false);
    }

    /// Positions charged since the last [`Chess::set_budget`]: every
    /// position a search entered (each calls [`Game::outcome`] once) and
    /// every capture-chain position, the budget's refusals excepted. Never
    /// more than the budget.
    pub fn positions_spent(&self) -> u64 {
        self.spent.get()
    }

    /// Whether a position was refused because the budget was spent: the
    /// search that ran is unfinished and its result meaningless.
    pub fn budget_exhausted(&self) -> bool {
        self.exhausted.get()
    }

    /// The value of a position refused by the budget, for its side to move
    /// `mover`: lost for the root's side, beyond any mate ([`WIN`]).
    fn refused(&self, mover: Color) -> Value {
        if Some(mover) == self.root.get() {
            -WIN
        } else {
            WIN
        }
    }

    /// Charges one position; false (and the budget marked exhausted) when
    /// the budget is already spent.
    #[inline]
    fn charge(&self) -> bool {
        if self.exhausted.get() {
            return false;
        }
        let spent = self.spent.get();
        if self.budget.get().is_some_and(|b| spent >= b) {
            self.exhausted.set(true);
            return false;
        }
        self.spent.set(spent + 1);
        true
    }

    /// The modes.
    pub fn config(&self) -> &ExperimentConfig {
        &self.config
    }

    /// The capture-chain counts since the last [`Chess::reset_counts`].
    pub fn capture_counts(&self) -> CaptureCounts {
        self.counts.get()
    }

    /// Zeroes the capture-chain counts.
    pub fn reset_counts(&self) {
        self.counts.set(CaptureCounts::default());
    }

    /// An observer that tells this game the window of each examined node,
    /// for the "no equal values" rule.
    pub fn window_tap(&self) -> WindowTap<'_> {
        WindowTap(&self.window)
    }

    fn bump(&self, f: impl FnOnce(&mut CaptureCounts)) {
        let mut c = self.counts.get();
        f(&mut c);
        self.counts.set(c);
    }

    /// The value of a bottom position that still has moves: static, or by
    /// its chains of captures.
    fn bottom_value(&self, board: &Board) -> Value {
        if self.config.captures {
            self.capture_chains(board, NEG_INFINITY, alphabeta_core::INFINITY)
        } else {
            self.config.evaluator.evaluate(board)
        }
    }

    /// Negamax over captures only, with the option to stop capturing
    /// ("stand pat") at every position: the value of the chains of captures
    /// from `board`. Alpha-beta (fail-soft) prunes it, captures ordered most
    /// valuable victim first (least valuable attacker among equals); the
    /// value is the same as exploring every chain. Checks are not treated
    /// specially.
    fn capture_chains(&self, board: &Board, mut alpha: Value, beta: Value) -> Value {
        let stand_pat = self.config.evaluator.evaluate(board);
        let mut best = stand_pat;
        if best > alpha {
            alpha = best;
        }
        let mut searched = false;
        if best < beta {
            let enemy = board.colors(!board.side_to_move());
            let mut captures: Vec<Move> = Vec::new();
            board.generate_moves(|mut moves| {
                moves.to &= enemy;
                captures.extend(moves);
                false
            });
            sort_mvv_lva(board, &mut captures);
            for mv in captures {
                searched = true;
                let v = if self.charge() {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    self.bump(|c| c.positions += 1);
                    -self.capture_chains(&child, -beta, -alpha)
                } else {
                    // Past the budget: the capture is valued as refused.
                    -self.refused(!board.side_to_move())
                };
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                    }
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        if !searched {
            self.bump(|c| c.bottoms += 1);
        }
        best
    }

    /// Fuller's tie-break: moves `v` off the bounds of the current window.
    fn break_ties(&self, pos: &Position, v: Value) -> Value {
        let (alpha, beta) = self.window.get();
        if v != alpha && v != beta {
            return v;
        }
        let step = if splitmix64(self.config.seed ^ pos.key() ^ 0x7469_6562_7265_616b) & 1 == 0 {
            1
        } else {
            -1
        };
        let mut w = v + step;
        while w == alpha || w == beta {
            w += step;
        }
        self.bump(|c| c.perturbed += 1);
        w
    }
}

impl Game for Chess {
    type Position = Position;
    type Move = Move;
    type Moves = Vec<Move>;

    fn moves(&self, pos: &Position, out: &mut Vec<Move>) {
        legal_moves_into(pos.board(), out);
        if let Some(n) = self.config.branching
            && out.len() > n
        {
            // A partial Fisher–Yates shuffle seeded by (seed, position).
            let mut state = splitmix64(self.config.seed ^ pos.key());
            for i in 0..n {
                state = splitmix64(state);
                let j = i + (state % (out.len() - i) as u64) as usize;
                out.swap(i, j);
            }
            out.truncate(n);
        }
    }

    #[inline]
    fn play(&self, pos: &Position, mv: Move) -> Position {
        pos.play(mv)
    }

    #[inline]
    fn outcome(&self, pos: &Position, _ply: usize) -> Option<Value> {
        if !self.charge() {
            // Past the budget: neither expanded nor valued, lost for the
            // root's side.
            return Some(self.refused(pos.side_to_move()));
        }
        pos.rule_draw().map(|_| 0)
    }

    fn evaluate(&self, pos: &Position, ply: usize) -> Value {
        let board = pos.board();
        if !has_legal_move(board) {
            return if pos.in_check() { loss_in(ply) } else { 0 };
        }
        let v = self.bottom_value(board);
        if self.config.no_equal_values {
            self.break_ties(pos, v)
        } else {
            v
        }
    }
}

/// The experiments' chess keeps counters in cells, so its threads cannot
/// share it, and it has no optimistic and pessimistic values: the registry
/// runs every sequential procedure but McCarthy's on it.
impl alphabeta_core::procedures::Capabilities for Chess {}

impl HashedGame for Chess {
    #[inline]
    fn key(&self, pos: &Position) -> u64 {
        pos.key()
    }
}

/// Orders captures most valuable victim first, then least valuable
/// attacker (MVV-LVA).
pub fn sort_mvv_lva(board: &Board, captures: &mut [Move]) {
    captures.sort_by_key(|mv| {
        let victim = board.piece_on(mv.to).map_or(0, |p| p as i32 + 1);
        let attacker = board.piece_on(mv.from).map_or(0, |p| p as i32);
        -(victim * 8 - attacker)
    });
}

/// Passes the window of each examined node to a [`Chess`] game (see the
/// module documentation). Combine it with other instruments as a tuple.
#[derive(Clone, Copy, Debug)]
pub struct WindowTap<'a>(&'a Cell<(Value, Value)>);

impl Observer for WindowTap<'_> {
    #[inline]
    fn node(&mut self, _ply: usize, _index: usize, alpha: Value, beta: Value) {
        self.0.set((alpha, beta));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_core::{Procedure, Search};

    #[test]
    fn fixed_branching_is_seeded_and_bounded() {
        let p = Position::startpos();
        let config = |seed| ExperimentConfig {
            branching: Some(5),
            seed,
            ..Default::default()
        };
        let mut a = Vec::new();
        let mut b = Vec::new();
        let mut c = Vec::new();
        Chess::new(config(1)).moves(&p, &mut a);
        Chess::new(config(1)).moves(&p, &mut b);
        Chess::new(config(2)).moves(&p, &mut c);
        assert_eq!(a.len(), 5);
        assert_eq!(a, b);
        assert_ne!(a, c);
        let legal = p.legal_moves();
        assert!(a.iter().all(|m| legal.contains(m)));
        let mut distinct = a.clone();
        distinct.sort_by_key(|m| (m.from as u8, m.to as u8));
        distinct.dedup();
        assert_eq!(distinct.len(), 5);
    }

    #[test]
    fn shorter_mates_score_higher() {
        // White mates in one (Qb8#) or later; negamax prefers the mate in one.
        let p = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").expect("fen");
        let game = Chess::new(ExperimentConfig::default());
        let mut s = Search::new(&game);
        let v = Procedure::FailHard.run(&mut s, &p, 3);
        assert_eq!(v, alphabeta_core::value::win_in(1));
    }

    #[test]
    fn capture_chains_see_the_recapture() {
        // Qxd5 wins a pawn but loses the queen to ...exd5. With Black to
        // move after Qxd5, static material says -800 for Black, the capture
        // chain (…exd5, a pawn against nothing) says +100.
        let p = Position::from_fen("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1").expect("fen");
        let after = p.play(alphabeta_chess::notation::parse_san(&p, "Qxd5").expect("legal"));
        let game = Chess::new(ExperimentConfig {
            captures: true,
            ..Default::default()
        });
        assert_eq!(game.evaluate(&after, 1), 100);
        assert!(game.capture_counts().positions >= 1);
        let flat = Chess::new(ExperimentConfig::default());
        assert_eq!(flat.evaluate(&after, 1), -800);
    }
}
