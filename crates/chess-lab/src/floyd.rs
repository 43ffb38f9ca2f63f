//! Floyd's likelihood search on chess (Knuth & Moore 1975, §4), tried at
//! scale: the chess likelihood model, the two searchers compared at equal
//! node budgets, and a match between them.
//!
//! **The likelihood model** ([`ChessLikelihood`]) gives each legal move one
//! likelihood, the first rule that applies:
//!
//! | move | default |
//! |---|---|
//! | the only legal move (forced) | 1 |
//! | captures the piece that just moved (a recapture), not losing by SEE | 0.9 |
//! | promotion to a queen | 0.5 |
//! | capture not losing material by static exchange (SEE ≥ 0) | 0.5 |
//! | gives check | 0.3 |
//! | capture losing material (SEE < 0) | 0.03 |
//! | quiet move of rank r (by mobility gain, best first) | max(0.2 · 0.7^r, 0.01) |
//!
//! Floyd's own figures — forced 1, recapture high, the best strategic move
//! about 0.1, implausible moves about 0.01 — set the scale; the rest are
//! our choices and every number is a field.
//!
//! **The comparison.** Both searchers evaluate with the same function and
//! the same capture-chain quiescence ([`crate::game::Chess`] with
//! `captures`), and both run under the same budget of positions (tree
//! positions plus capture-chain positions). Alpha-beta deepens 1, 2, 3, …
//! plies with MVV-LVA and killer ordering; Floyd's search lowers its
//! threshold by a factor ([`FloydSearch::step`]) from [`FloydSearch::start`].
//! An iteration that the budget stops is thrown away; the move of the last
//! finished iteration is played.

use crate::game::{Chess, ExperimentConfig};
use crate::ordering::{KillerOrdering, is_tactical, order_moves};
use crate::selective::gives_check;
use alphabeta_chess::eval::{Evaluator, mobility};
use alphabeta_chess::position::Position;
use alphabeta_chess::see::see;
use alphabeta_core::mix::splitmix64;
use alphabeta_core::procedures::{
    FailHard, LikelihoodModel, Threshold, alpha_beta_with_hooks, likelihood_search,
};
use alphabeta_core::{INFINITY, NEG_INFINITY, Search, Value};
use cozy_chess::{Board, Color, Move, Piece};

/// The chess likelihoods of Floyd's scheme (module documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChessLikelihood {
    /// The only legal move.
    pub forced: f64,
    /// A capture of the piece that just moved, not losing by SEE.
    pub recapture: f64,
    /// A promotion to a queen.
    pub promotion: f64,
    /// A capture with SEE ≥ 0.
    pub good_capture: f64,
    /// A move giving check.
    pub check: f64,
    /// A capture with SEE < 0.
    pub bad_capture: f64,
    /// The best-ranked quiet move.
    pub quiet_top: f64,
    /// Each further quiet move's likelihood is the previous one's times this.
    pub quiet_decay: f64,
    /// No quiet move is less likely than this.
    pub quiet_floor: f64,
}

impl Default for ChessLikelihood {
    fn default() -> Self {
        ChessLikelihood {
            forced: 1.0,
            recapture: 0.9,
            promotion: 0.5,
            good_capture: 0.5,
            check: 0.3,
            bad_capture: 0.03,
            quiet_top: 0.2,
            quiet_decay: 0.7,
            quiet_floor: 0.01,
        }
    }
}

impl ChessLikelihood {
    /// The likelihoods of `moves` at `board`; `last` is the move that led here.
    pub fn of(&self, board: &Board, last: Option<Move>, moves: &[Move]) -> Vec<f64> {
        if moves.len() == 1 {
            return vec![self.forced];
        }
        let us = board.side_to_move();
        let base = mobility(board, us);
        let mut out = vec![0.0; moves.len()];
        let mut quiet: Vec<(usize, Value)> = Vec::new();
        for (i, &mv) in moves.iter().enumerate() {
            out[i] = if is_tactical(board, mv) {
                let s = see(board, mv);
                if last.is_some_and(|l| l.to == mv.to) && s >= 0 {
                    self.recapture
                } else if mv.promotion == Some(Piece::Queen) {
                    self.promotion
                } else if s >= 0 {
                    self.good_capture
                } else if gives_check(board, mv) {
                    self.check
                } else {
                    self.bad_capture
                }
            } else if gives_check(board, mv) {
                self.check
            } else {
                let mut after = board.clone();
                after.play_unchecked(mv);
                quiet.push((i, mobility(&after, us) - base));
                continue;
            };
        }
        // Stable: equal gains keep the generator's order.
        quiet.sort_by_key(|q| -q.1);
        let mut l = self.quiet_top;
        for (i, _) in quiet {
            out[i] = l.max(self.quiet_floor);
            l *= self.quiet_decay;
        }
        out
    }
}

impl LikelihoodModel<Chess> for ChessLikelihood {
    fn likelihoods(
        &mut self,
        _game: &Chess,
        pos: &Position,
        _ply: usize,
        last: Option<Move>,
        moves: &Vec<Move>,
        out: &mut Vec<f64>,
    ) {
        out.extend(self.of(pos.board(), last, moves));
    }
}

/// The chess both searchers play: the evaluator with capture-chain
/// quiescence below every bottom position.
fn game(evaluator: Evaluator) -> Chess {
    Chess::new(ExperimentConfig {
        evaluator,
        captures: true,
        ..Default::default()
    })
}

/// A move chosen under a budget.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The move (`None` when the game is over).
    pub best: Option<Move>,
    /// Its value for the side to move.
    pub value: Value,
    /// Positions examined, capture chains included (under a budget: the
    /// finished iterations and the one the budget stopped; never more than
    /// the budget).
    pub nodes: u64,
    /// The last finished iteration: the depth for alpha-beta, `k` of the
    /// threshold `start · step^(k−1)` for Floyd's search; 0 when none
    /// finished within the budget.
    pub iteration: u32,
}

/// The two searchers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Searcher {
    /// Iterative deepening fail-hard alpha-beta, MVV-LVA and killers,
    /// capture-chain quiescence.
    AlphaBeta,
    /// Floyd's likelihood search with a lowering threshold.
    Floyd(FloydSearch),
}

/// Floyd's search with a lowering threshold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloydSearch {
    /// The model.
    pub model: ChessLikelihood,
    /// The first threshold.
    pub start: f64,
    /// The factor between thresholds (in (0, 1)).
    pub step: f64,
}

impl Default for FloydSearch {
    fn default() -> Self {
        FloydSearch {
            model: ChessLikelihood::default(),
            start: 0.1,
            step: 0.3,
        }
    }
}

impl Searcher {
    /// The name used in tables.
    pub fn name(&self) -> &'static str {
        match self {
            Searcher::AlphaBeta => "alpha-beta + quiescence",
            Searcher::Floyd(_) => "Floyd likelihood",
        }
    }

    /// One iteration without a budget: alpha-beta to depth `k`, or Floyd's
    /// search at threshold `start · step^(k−1)`.
    pub fn fixed(&self, pos: &Position, k: u32, evaluator: Evaluator) -> Decision {
        let chess = game(evaluator);
        let mut s = Search::new(&chess);
        let value = match self {
            Searcher::AlphaBeta => alpha_beta_with_hooks::<FailHard, _, _, _>(
                &mut s,
                &mut KillerOrdering::new(),
                pos,
                k,
                NEG_INFINITY,
                INFINITY,
            ),
            Searcher::Floyd(f) => {
                // Clamped into (0, 1], a threshold always exists (NaN aside).
                let t = (f.start * f.step.powi(k as i32 - 1)).clamp(f64::MIN_POSITIVE, 1.0);
                let Ok(t) = Threshold::new(t) else {
                    return Decision {
                        best: None,
                        value: 0,
                        nodes: 0,
                        iteration: k,
                    };
                };
                likelihood_search(&mut s, &mut f.model.clone(), pos, t, NEG_INFINITY, INFINITY)
            }
        };
        Decision {
            best: s.principal_variation().first().copied(),
            value,
            nodes: chess.positions_spent(),
            iteration: k,
        }
    }

    /// The move this searcher examines first at `pos`, played when not even
    /// one root move of its first iteration was searched within the budget:
    /// for alpha-beta the first move of
    /// its MVV-LVA order (no killers yet), for Floyd's search the most
    /// likely move (the first of equals in generator order, as
    /// `likelihood_search` orders them).
    pub fn first_choice(&self, pos: &Position) -> Option<Move> {
        let mut moves = pos.legal_moves();
        match self {
            Searcher::AlphaBeta => {
                order_moves(pos.board(), &mut moves, &[None, None]);
                moves.first().copied()
            }
            Searcher::Floyd(f) => {
                let l = f.model.of(pos.board(), None, &moves);
                let mut best: Option<(Move, f64)> = None;
                for (&mv, &x) in moves.iter().zip(&l) {
                    if best.is_none_or(|(_, b)| x > b) {
                        best = Some((mv, x));
                    }
                }
                best.map(|(mv, _)| mv)
            }
        }
    }

    /// Chooses a move at `pos` within a hard budget of `budget` positions.
    ///
    /// Every position is charged as it is visited — each position an
    /// iteration enters and each capture-chain position below its bottom
    /// positions ([`Chess::set_budget`]) — so the positions used never
    /// exceed the budget. The iteration running when the budget is spent is
    /// abandoned at once and thrown away; the move of the last finished
    /// iteration is played. If not even the first iteration (alpha-beta
    /// depth 1, Floyd's first threshold) finishes ([`Decision::iteration`]
    /// 0), the best root move of the partial first iteration is played, its
    /// value a lower bound (every position the budget refused counts as
    /// lost for the side to move here, [`Chess::set_budget`]); with no root
    /// move searched at all, the searcher's [`Searcher::first_choice`].
    pub fn decide(&self, pos: &Position, budget: u64, evaluator: Evaluator) -> Decision {
        let chess = game(evaluator);
        chess.set_budget(Some(budget), pos.side_to_move());
        let mut decision = Decision {
            best: None,
            value: 0,
            nodes: 0,
            iteration: 0,
        };
        let mut killers = KillerOrdering::new();
        for k in 1..=64u32 {
            let mut s = Search::new(&chess);
            let value = match self {
                Searcher::AlphaBeta => alpha_beta_with_hooks::<FailHard, _, _, _>(
                    &mut s,
                    &mut killers,
                    pos,
                    k,
                    NEG_INFINITY,
                    INFINITY,
                ),
                Searcher::Floyd(f) => {
                    let t = f.start * f.step.powi(k as i32 - 1);
                    let Ok(t) = Threshold::new(t) else { break };
                    likelihood_search(&mut s, &mut f.model.clone(), pos, t, NEG_INFINITY, INFINITY)
                }
            };
            if chess.budget_exhausted() {
                if k == 1 {
                    // The partial first iteration: its best root move so far
                    // and its value, a lower bound (refused positions count
                    // as lost for us, `Chess::set_budget`).
                    decision.best = s.principal_variation().first().copied();
                    decision.value = value;
                }
                break;
            }
            let best = s.principal_variation().first().copied();
            decision.best = best;
            decision.value = value;
            decision.iteration = k;
            if best.is_none() || alphabeta_core::value::is_win(value.abs()) {
                break;
            }
        }
        if decision.best.is_none() {
            decision.best = self.first_choice(pos);
        }
        decision.nodes = chess.positions_spent();
        decision
    }
}

/// Wins, draws and losses of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won.
    pub wins: u32,
    /// Games drawn (by rule or by the ply limit).
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Score {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score fraction (a win 1, a draw ½).
    pub fn fraction(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// The Elo difference the score implies and its 95 % interval (normal
    /// approximation of the mean game score; the interval's ends are
    /// mapped through the same logistic formula, clamped to ±800).
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let s = self.fraction();
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let se = (var / n).sqrt();
        let elo = |p: f64| {
            let p = p.clamp(1e-6, 1.0 - 1e-6);
            (-400.0 * (1.0 / p - 1.0).log10()).clamp(-800.0, 800.0)
        };
        (elo(s), elo(s - 1.96 * se), elo(s + 1.96 * se))
    }
}

/// One game between `white` and `black` from `start`, at most `max_plies`
/// plies (then a draw); the result for White: 1, ½ or 0 as 2, 1, 0.
pub fn play_game(
    start: &Position,
    white: &Searcher,
    black: &Searcher,
    budget: u64,
    evaluator: Evaluator,
    max_plies: usize,
) -> u8 {
    let mut pos = start.clone();
    for _ in 0..max_plies {
        if pos.rule_draw().is_some() {
            return 1;
        }
        if pos.legal_moves().is_empty() {
            return if !pos.in_check() {
                1
            } else if pos.side_to_move() == Color::White {
                0
            } else {
                2
            };
        }
        let searcher = if pos.side_to_move() == Color::White {
            white
        } else {
            black
        };
        let d = searcher.decide(&pos, budget, evaluator);
        let Some(mv) = d.best.or_else(|| pos.legal_moves().first().copied()) else {
            return 1;
        };
        pos = pos.play(mv);
    }
    1
}

/// `count` openings: the start position after `plies` random legal plies,
/// the choice a function of `seed` (openings that end the game are skipped).
pub fn random_openings(count: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut out = Vec::new();
    let mut state = splitmix64(seed);
    while out.len() < count {
        let mut pos = Position::startpos();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            state = splitmix64(state);
            pos = pos.play(moves[(state % moves.len() as u64) as usize]);
        }
        if !pos.legal_moves().is_empty() && pos.rule_draw().is_none() {
            out.push(pos);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::Square;
    use alphabeta_chess::notation::to_san;

    #[test]
    fn forced_and_recapture_likelihoods() {
        let m = ChessLikelihood::default();
        // One legal move: forced.
        let p = Position::from_fen("7k/8/8/8/8/8/6q1/7K w - - 0 1").expect("fen");
        let moves = p.legal_moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(m.of(p.board(), None, &moves), vec![1.0]);
        // After ...Nxd4 White recaptures with the queen... or the pawn.
        let p = Position::from_fen("4k3/8/8/8/3n4/2P5/8/3QK3 w - - 0 1").expect("fen");
        let last = Some(Move {
            from: Square::C6,
            to: Square::D4,
            promotion: None,
        });
        let moves = p.legal_moves();
        let l = m.of(p.board(), last, &moves);
        for (mv, x) in moves.iter().zip(&l) {
            let san = to_san(&p, *mv);
            if san == "cxd4" || san == "Qxd4" {
                assert_eq!(*x, 0.9, "{san}");
            } else {
                assert!(*x <= 0.3, "{san} {x}");
            }
        }
    }

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = Score {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (e, lo, hi) = even.elo();
        assert!(e.abs() < 1e-9 && lo < 0.0 && hi > 0.0);
        // 75 %: 400·log10(3) ≈ 190.8 Elo.
        let s = Score {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        assert!((s.elo().0 - 190.85).abs() < 0.01);
    }

    #[test]
    fn both_searchers_find_a_mate_in_one_within_budget() {
        let p = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").expect("fen");
        for s in [Searcher::AlphaBeta, Searcher::Floyd(FloydSearch::default())] {
            let d = s.decide(&p, 5_000, Evaluator::Material);
            assert_eq!(to_san(&p, d.best.expect("move")), "Qb8#", "{}", s.name());
            assert!(d.nodes <= 5_000, "{}", d.nodes);
        }
    }

    /// WAC.002 and WAC.003 (from the bundled suite), Black and White to move.
    fn positions() -> Vec<Position> {
        [
            "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
            "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
        ]
        .iter()
        .map(|f| Position::from_fen(f).expect("fen"))
        .collect()
    }

    #[test]
    fn the_game_counts_what_the_search_enters_plus_the_capture_chains() {
        // Without a budget the game's own charge is the search's count of
        // entered positions plus the capture-chain positions: nothing is
        // missed and nothing counted twice.
        for p in positions() {
            let chess = game(Evaluator::MaterialMobility);
            chess.set_budget(None, p.side_to_move());
            let mut s = Search::new(&chess);
            alpha_beta_with_hooks::<FailHard, _, _, _>(
                &mut s,
                &mut KillerOrdering::new(),
                &p,
                3,
                NEG_INFINITY,
                INFINITY,
            );
            let chains = chess.capture_counts().positions;
            assert!(chains > 0);
            assert_eq!(chess.positions_spent(), s.nodes() + chains);
            chess.reset_counts();
            chess.set_budget(None, p.side_to_move());
            let mut s = Search::new(&chess);
            let t = Threshold::new(0.01).expect("threshold");
            let mut model = ChessLikelihood::default();
            likelihood_search(&mut s, &mut model, &p, t, NEG_INFINITY, INFINITY);
            let chains = chess.capture_counts().positions;
            assert_eq!(chess.positions_spent(), s.nodes() + chains);
        }
    }

    #[test]
    fn the_budget_is_hard_for_both_searchers() {
        let floyd = FloydSearch::default();
        for p in positions() {
            for s in [Searcher::AlphaBeta, Searcher::Floyd(floyd)] {
                for budget in [1, 7, 40, 150, 600, 2_500, 9_000] {
                    let d = s.decide(&p, budget, Evaluator::MaterialMobility);
                    assert!(d.nodes <= budget, "{} {budget}: {}", s.name(), d.nodes);
                    assert!(d.best.is_some());
                    if d.iteration == 0 {
                        // Not even the first iteration fits: the whole budget
                        // went into it, and the partial search's value is a
                        // lower bound of the finished one's (refused
                        // positions count as lost for the side to move).
                        assert_eq!(d.nodes, budget);
                        let full = s.fixed(&p, 1, Evaluator::MaterialMobility);
                        assert!(full.nodes > budget);
                        assert!(d.value <= full.value, "{} {budget}", s.name());
                    }
                }
            }
        }
    }

    #[test]
    fn floyd_under_a_budget_plays_the_last_threshold_that_fits() {
        // Floyd's iterations are independent (no state carried between
        // thresholds), so with a budget of exactly the first k iterations'
        // positions the search finishes iteration k, is refused the first
        // position of iteration k + 1, and plays iteration k's move; one
        // position less and iteration k is abandoned.
        let s = Searcher::Floyd(FloydSearch::default());
        for p in positions() {
            let mut total = 0;
            for k in 1..=3 {
                let f = s.fixed(&p, k, Evaluator::MaterialMobility);
                total += f.nodes;
                let d = s.decide(&p, total, Evaluator::MaterialMobility);
                assert_eq!((d.iteration, d.nodes, d.best), (k, total, f.best));
                let short = s.decide(&p, total - 1, Evaluator::MaterialMobility);
                assert_eq!(short.iteration, k - 1);
                assert_eq!(short.nodes, total - 1);
            }
        }
    }
}
