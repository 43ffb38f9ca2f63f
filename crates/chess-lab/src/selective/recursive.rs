//! Klyushin & Kruchinin's selective search applied at every level of the
//! tree — the paper's "recursive" form ("if it is used recursively and for
//! all moves of other levels in chains of computed variants", the lower
//! bound section) — next to the baselines it is measured against.
//!
//! At every interior position with depth `d` left, [`Variant::Recursive`]
//! runs the paper's steps 1–4 (see the parent module for the root-only form):
//!
//! 1. **Threat** (needs `d ≥ 2`, not in check): the opponent moves first
//!    (a null move) and its best line is searched *by this same selective
//!    search* to depth `d − 1` — the paper's `V₁⁽⁰⁾ = V₁⁽¹⁾ + V₂⁽¹⁾` — as a
//!    null-window test: does the opponent gain at least
//!    [`KkOptions::threat_margin`] over the static material value? If so,
//!    the move that refutes the test is the threat.
//! 2. **Protecting moves** (2a) answer it (the parent module's rule: move
//!    the threatened piece, capture the threatening one, interpose, or
//!    defend the square), searched to depth `d − 1`. (2b) With
//!    [`KkOptions::mate_check`] a second null-window test asks whether the
//!    threat is a mate; if so only the protecting moves are searched.
//!    In check, every legal move protects.
//! 3. **Positive moves** (3a): captures, promotions (and, with
//!    [`KkOptions::checks_are_material`], checks) bring "material
//!    overweight" and are searched to depth `d − 1`; quiet moves whose
//!    mobility gain is at least [`KkOptions::positional_threshold`] bring
//!    "positional overweight" and are searched
//!    [`KkOptions::depth_multiplier`] times shallower: to depth
//!    `⌈d / m⌉ − 1`. (3b) A mate among them ends the node through the
//!    alpha-beta cutoff.
//! 4. The best candidate is the node's value. With no candidate at all,
//!    every move is searched at the positional depth.
//!
//! Every search is fail-hard alpha-beta (the core's F2 recurrence) on the
//! material evaluator; the terminal positions of every search, the threat
//! tests included, are counted. With the selection switched off the same
//! recursion *is* the core's F2 in generator order, and the tests check that
//! it counts exactly the terminal positions the core counts.

use alphabeta_core::procedures::{FailHard, alpha_beta_with_hooks};
use alphabeta_core::value::WIN_THRESHOLD;
use alphabeta_core::{Game, INFINITY, NEG_INFINITY, Search, Stats, Value};
use cozy_chess::Move;

use super::{SelectiveConfig, gives_check, protecting_moves, selective_search};
use crate::game::{Chess, ExperimentConfig};
use crate::ordering::{KillerOrdering, is_tactical};
use alphabeta_chess::eval::{Evaluator, mobility};
use alphabeta_chess::position::Position;

/// The searches compared in Klyushin & Kruchinin's experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Plain fail-hard alpha-beta, moves in the generator's order (the
    /// paper's "clear Alpha-Beta search"; the core's F2).
    AlphaBeta,
    /// Fail-hard alpha-beta with MVV-LVA captures first and two killers a ply.
    AlphaBetaOrdered,
    /// The selective steps at the root only, alpha-beta below (the parent
    /// module's [`selective_search`]).
    RootOnly,
    /// The selective steps at every interior position (this module).
    Recursive,
}

impl Variant {
    /// Every variant, baselines first.
    pub const ALL: [Variant; 4] = [
        Variant::AlphaBeta,
        Variant::AlphaBetaOrdered,
        Variant::RootOnly,
        Variant::Recursive,
    ];

    /// The name used in tables and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::AlphaBeta => "alpha-beta",
            Variant::AlphaBetaOrdered => "alpha-beta ordered",
            Variant::RootOnly => "selective, root only",
            Variant::Recursive => "selective, every level",
        }
    }

    /// Whether it is one of the selective searches.
    pub const fn selective(self) -> bool {
        matches!(self, Variant::RootOnly | Variant::Recursive)
    }
}

/// The thresholds the paper leaves open, with our defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KkOptions {
    /// The depth `D` in plies (the paper: 4).
    pub depth: u32,
    /// The opponent's gain over the static value (points) that makes its
    /// free move a threat. Default 100, a pawn.
    pub threat_margin: Value,
    /// Mobility gain (moves) that makes a quiet move "positionally
    /// positive" — the paper's "benefit > 0.xxx … defined on programming
    /// stage". Default 4.
    pub positional_threshold: Value,
    /// How many times deeper material moves are searched than positional
    /// ones (the paper: "2–3 times"). Default 2.
    pub depth_multiplier: u32,
    /// Checks count as material moves (searched full depth). Default on.
    pub checks_are_material: bool,
    /// Step 2b: test whether the threat is a mate and, if so, search only
    /// the protecting moves. Default on.
    pub mate_check: bool,
}

impl Default for KkOptions {
    fn default() -> Self {
        KkOptions {
            depth: 4,
            threat_margin: 100,
            positional_threshold: 4,
            depth_multiplier: 2,
            checks_are_material: true,
            mate_check: true,
        }
    }
}

impl KkOptions {
    /// The root-only search's configuration with the same thresholds (it
    /// has a fixed multiplier of 2 and counts checks as material).
    pub fn root_only(&self) -> SelectiveConfig {
        SelectiveConfig {
            depth: self.depth,
            threat_margin: self.threat_margin,
            positional_threshold: self.positional_threshold,
        }
    }
}

/// What one search of one position did.
#[derive(Clone, Debug, PartialEq)]
pub struct KkResult {
    /// The variant.
    pub variant: Variant,
    /// The chosen move.
    pub best_move: Option<Move>,
    /// Its value for the side to move (as the variant computed it).
    pub value: Value,
    /// Terminal positions of every search made (threat tests included).
    pub terminals: u64,
    /// Positions examined.
    pub nodes: u64,
    /// Interior positions where the selection ran (0 for the baselines).
    pub selective_nodes: u64,
    /// Candidate moves searched at those positions, summed: the mean is the
    /// paper's `p`.
    pub candidates: u64,
    /// Threats found.
    pub threats: u64,
}

impl KkResult {
    /// The mean number of candidate moves a selective position searched:
    /// the paper's `p` ("the amount of these moves"); `None` for the
    /// baselines.
    pub fn mean_candidates(&self) -> Option<f64> {
        (self.selective_nodes > 0).then(|| self.candidates as f64 / self.selective_nodes as f64)
    }
}

/// The recursion (module documentation). `selective` false gives plain F2.
struct Recursion<'a> {
    game: &'a Chess,
    options: KkOptions,
    selective: bool,
    terminals: u64,
    nodes: u64,
    selective_nodes: u64,
    candidates: u64,
    threats: u64,
}

impl Recursion<'_> {
    fn leaf(&mut self, v: Value) -> (Value, Option<Move>) {
        self.terminals += 1;
        (v, None)
    }

    /// Fail-hard alpha-beta over the candidates: the value and the move
    /// that set it (`None` when every move failed low).
    fn node(
        &mut self,
        pos: &Position,
        d: u32,
        alpha: Value,
        beta: Value,
        ply: usize,
    ) -> (Value, Option<Move>) {
        self.nodes += 1;
        if let Some(v) = self.game.outcome(pos, ply) {
            return self.leaf(v);
        }
        if d == 0 {
            return self.leaf(self.game.evaluate(pos, ply));
        }
        let moves = self.game.successors(pos);
        if moves.is_empty() {
            return self.leaf(self.game.evaluate(pos, ply));
        }
        let candidates: Vec<(Move, u32)> = if self.selective {
            self.select(pos, &moves, d, ply)
        } else {
            moves.iter().map(|&m| (m, d - 1)).collect()
        };
        let mut m = alpha;
        let mut best = None;
        for (mv, depth) in candidates {
            let child = self.game.play(pos, mv);
            let t = -self.node(&child, depth, -beta, -m, ply + 1).0;
            if t > m {
                m = t;
                best = Some(mv);
            }
            if m >= beta {
                break;
            }
        }
        (m, best)
    }

    /// Whether the opponent, moving twice, reaches at least `target` (its
    /// view) within depth `d − 1`: a null-window test, with the refuting move.
    fn null_test(
        &mut self,
        passed: &Position,
        d: u32,
        target: Value,
        ply: usize,
    ) -> Option<Option<Move>> {
        let (v, mv) = self.node(passed, d - 1, target - 1, target, ply + 1);
        (v >= target).then_some(mv)
    }

    /// Steps 1–3: the candidate moves of `pos` and their depths.
    fn select(&mut self, pos: &Position, moves: &[Move], d: u32, ply: usize) -> Vec<(Move, u32)> {
        self.selective_nodes += 1;
        let o = self.options;
        let reduced = d.div_ceil(o.depth_multiplier.max(1)) - 1;
        let board = pos.board();
        if pos.in_check() {
            self.candidates += moves.len() as u64;
            return moves.iter().map(|&m| (m, d - 1)).collect();
        }
        let (mut threat, mut mate_threat) = (None, false);
        if d >= 2
            && let Some(passed) = board.null_move()
        {
            let passed = Position::from_board(passed);
            let stand = Evaluator::Material.evaluate(board);
            let target = (-stand).saturating_add(o.threat_margin);
            if let Some(mv) = self.null_test(&passed, d, target, ply) {
                threat = mv;
                self.threats += 1;
                if o.mate_check {
                    mate_threat = self.null_test(&passed, d, WIN_THRESHOLD, ply).is_some();
                }
            }
        }
        let protecting = threat.map_or_else(Vec::new, |t| protecting_moves(board, moves, t));
        let mut candidates: Vec<(Move, u32)> = protecting.iter().map(|&m| (m, d - 1)).collect();
        if !mate_threat {
            let us = board.side_to_move();
            let base = mobility(board, us);
            for &mv in moves {
                if protecting.contains(&mv) {
                    continue;
                }
                if is_tactical(board, mv) || (o.checks_are_material && gives_check(board, mv)) {
                    candidates.push((mv, d - 1));
                    continue;
                }
                let mut after = board.clone();
                after.play_unchecked(mv);
                if mobility(&after, us) - base >= o.positional_threshold {
                    candidates.push((mv, reduced));
                }
            }
        }
        if candidates.is_empty() {
            candidates = moves.iter().map(|&m| (m, reduced)).collect();
        }
        self.candidates += candidates.len() as u64;
        candidates
    }
}

/// Searches `pos` with `variant` to `options.depth`, full window.
pub fn search_variant(pos: &Position, variant: Variant, options: &KkOptions) -> KkResult {
    let game = Chess::new(ExperimentConfig::default());
    let d = options.depth;
    match variant {
        Variant::AlphaBeta | Variant::Recursive => {
            let mut r = Recursion {
                game: &game,
                options: *options,
                selective: variant == Variant::Recursive,
                terminals: 0,
                nodes: 0,
                selective_nodes: 0,
                candidates: 0,
                threats: 0,
            };
            let (value, best_move) = r.node(pos, d, NEG_INFINITY, INFINITY, 0);
            KkResult {
                variant,
                best_move,
                value,
                terminals: r.terminals,
                nodes: r.nodes,
                selective_nodes: r.selective_nodes,
                candidates: r.candidates,
                threats: r.threats,
            }
        }
        Variant::AlphaBetaOrdered => {
            let mut s = Search::with_observer(&game, Stats::default());
            let value = alpha_beta_with_hooks::<FailHard, _, _, _>(
                &mut s,
                &mut KillerOrdering::new(),
                pos,
                d,
                NEG_INFINITY,
                INFINITY,
            );
            let best_move = s.principal_variation().first().copied();
            let stats = s.into_observer();
            KkResult {
                variant,
                best_move,
                value,
                terminals: stats.leaves(),
                nodes: stats.nodes(),
                selective_nodes: 0,
                candidates: 0,
                threats: 0,
            }
        }
        Variant::RootOnly => {
            let r = selective_search(pos, &options.root_only());
            KkResult {
                variant,
                best_move: r.best_move,
                value: r.value,
                terminals: r.terminal_positions,
                nodes: 0,
                selective_nodes: 1,
                candidates: (r.protecting + r.positive) as u64,
                threats: u64::from(r.threat.is_some()),
            }
        }
    }
}

/// The value plain alpha-beta of depth `depth` gives the move `mv` (for
/// the side to move at `pos`): how good a selective search's choice is.
pub fn move_value(pos: &Position, mv: Move, depth: u32) -> Value {
    let game = Chess::new(ExperimentConfig::default());
    let child = game.play(pos, mv);
    let mut s = Search::new(&game);
    -alphabeta_core::procedures::alpha_beta_fail_hard(
        &mut s,
        &child,
        depth.saturating_sub(1),
        NEG_INFINITY,
        INFINITY,
    )
}

/// The paper's lower bound on the terminal positions of the recursive
/// algorithm with `p` "good" moves a position and depth `D`:
/// `V = Σ_{k=0}^{D} (p^⌈(D−k)/2⌉ + p^⌊(D−k)/2⌋ − 1) + 1`
/// (Klyushin & Kruchinin, "The lower bound of the algorithm").
pub fn lower_bound(p: f64, depth: u32) -> f64 {
    (0..=depth)
        .map(|k| {
            let r = depth - k;
            p.powi(r.div_ceil(2) as i32) + p.powi((r / 2) as i32) - 1.0
        })
        .sum::<f64>()
        + 1.0
}

/// The `p` at which [`lower_bound`] equals `terminals` (bisection; the
/// bound grows with `p`), `None` when `terminals` is below the bound at
/// `p = 1`.
pub fn implied_p(terminals: f64, depth: u32) -> Option<f64> {
    if terminals < lower_bound(1.0, depth) {
        return None;
    }
    let (mut lo, mut hi) = (1.0f64, 2.0f64);
    while lower_bound(hi, depth) < terminals {
        hi *= 2.0;
    }
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if lower_bound(mid, depth) < terminals {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// Knuth & Moore's minimum for full-width alpha-beta with `w` moves a
/// position: `w^⌈D/2⌉ + w^⌊D/2⌋ − 1` (quoted by the paper).
pub fn alpha_beta_minimum(w: f64, depth: u32) -> f64 {
    w.powi(depth.div_ceil(2) as i32) + w.powi((depth / 2) as i32) - 1.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::notation::to_san;
    use alphabeta_core::procedures::alpha_beta_fail_hard;

    fn italian() -> Position {
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
            .expect("fen")
    }

    #[test]
    fn the_recursion_without_selection_is_the_cores_f2() {
        // An independent count: the core's F2 with its own instruments.
        let game = Chess::new(ExperimentConfig::default());
        for depth in 1..=3 {
            let mut s = Search::with_observer(&game, Stats::default());
            let v = alpha_beta_fail_hard(&mut s, &italian(), depth, NEG_INFINITY, INFINITY);
            let pv = s.principal_variation();
            let stats = s.into_observer();
            let ours = search_variant(
                &italian(),
                Variant::AlphaBeta,
                &KkOptions {
                    depth,
                    ..Default::default()
                },
            );
            assert_eq!(ours.terminals, stats.leaves(), "depth {depth}");
            assert_eq!(ours.nodes, stats.nodes(), "depth {depth}");
            assert_eq!(ours.value, v);
            assert_eq!(ours.best_move, pv.first().copied());
        }
    }

    #[test]
    fn ordering_keeps_the_value_and_prunes_more() {
        let o = KkOptions {
            depth: 3,
            ..Default::default()
        };
        let plain = search_variant(&italian(), Variant::AlphaBeta, &o);
        let ordered = search_variant(&italian(), Variant::AlphaBetaOrdered, &o);
        assert_eq!(plain.value, ordered.value);
        assert!(ordered.terminals < plain.terminals, "{ordered:?} {plain:?}");
    }

    #[test]
    fn recursive_selection_examines_fewer_positions_and_finds_mates() {
        let o = KkOptions::default();
        let plain = search_variant(&italian(), Variant::AlphaBeta, &o);
        let rec = search_variant(&italian(), Variant::Recursive, &o);
        assert!(rec.terminals < plain.terminals, "{rec:?} {plain:?}");
        assert!(rec.mean_candidates().is_some_and(|p| p >= 1.0));
        let mate = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").expect("fen");
        let r = search_variant(&mate, Variant::Recursive, &o);
        assert_eq!(to_san(&mate, r.best_move.expect("move")), "Qb8#");
    }

    #[test]
    fn lower_bound_is_the_papers_formula() {
        // D = 4: V = 3p² + 4p − 1 (the five terms of the sum plus one).
        for p in [1.0, 2.0, 9.5, 35.0] {
            let closed = 3.0 * p * p + 4.0 * p - 1.0;
            assert!((lower_bound(p, 4) - closed).abs() < 1e-9, "{p}");
        }
        // Knuth & Moore's minimum at W = 35, D = 4: 2·35² − 1.
        assert_eq!(alpha_beta_minimum(35.0, 4), 2449.0);
        let p = implied_p(331.0, 4).expect("p");
        assert!((lower_bound(p, 4) - 331.0).abs() < 1e-6);
        assert!((9.8..9.9).contains(&p), "{p}");
    }
}
