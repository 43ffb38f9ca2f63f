//! Klyushin & Kruchinin's selective search (2006), at the first level of
//! the tree, counted against plain alpha-beta of the same depth.
//!
//! The paper's algorithm, as we reconstruct it (it gives no code and leaves
//! "threat", "protecting" and "positive" informal):
//!
//! 1. **Threat.** Let the opponent move first (a null move at the root) and
//!    search its best reply with alpha-beta to depth `D − 1`. If that gains
//!    the opponent at least [`SelectiveConfig::threat_margin`] over the
//!    static value, its first move is the threat. In check, the check is the
//!    threat and every legal move protects.
//! 2. **Protecting moves** (2a): moves of the threatened piece, captures of
//!    the threatening piece, interpositions on the line between them, and
//!    moves after which the threatened square is defended. (2b: if the
//!    threat is a mate, the best protecting move is played.)
//! 3. **Positive moves** (3a): moves whose one-move benefit (the static
//!    change, the opponent's answer not considered) is positive: captures
//!    and promotions ("material overweight") and checks are searched to the
//!    full depth `D`; moves that gain at least
//!    [`SelectiveConfig::positional_threshold`] mobility points
//!    ("positional overweight") to depth `D / 2` — material moves are
//!    examined twice as deep, the low end of the paper's "2–3 times".
//!    (3b: a mate found among them is played — the maximum picks it.)
//! 4. The best of the protecting and positive moves is played; when there
//!    are none, every move is searched to depth `D / 2`.
//!
//! Each candidate is searched with fail-hard alpha-beta (the core's F2) on
//! the material evaluator; the terminal positions of all these searches
//! (the threat search included) are added up and compared with one plain
//! F2 search of depth `D` over every move, in the move generator's order.
//! The paper applies the selection at the first level only in its main
//! description and mentions a recursive use; only the first level is built.

pub mod recursive;
pub mod study;

use alphabeta_core::procedures::alpha_beta_fail_hard;
use alphabeta_core::value::{loss_in, win_in};
use alphabeta_core::{Game, INFINITY, NEG_INFINITY, Search, Stats, Value};
use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Square, get_between_rays, get_bishop_moves,
    get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves,
};

use crate::game::{Chess, ExperimentConfig};
use alphabeta_chess::eval::{Evaluator, mobility};
use alphabeta_chess::position::Position;

/// Parameters of the selective search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelectiveConfig {
    /// The depth `D` in plies.
    pub depth: u32,
    /// The opponent's gain (points) that makes its free move a threat.
    pub threat_margin: Value,
    /// Mobility gain that makes a quiet move "positionally positive".
    pub positional_threshold: Value,
}

impl Default for SelectiveConfig {
    fn default() -> Self {
        SelectiveConfig {
            depth: 4,
            threat_margin: 100,
            positional_threshold: 4,
        }
    }
}

/// What the selective search did.
#[derive(Clone, Debug, PartialEq)]
pub struct SelectiveReport {
    /// The chosen move.
    pub best_move: Option<Move>,
    /// Its value for the side to move.
    pub value: Value,
    /// The opponent's threat, if one was found.
    pub threat: Option<Move>,
    /// Protecting moves searched.
    pub protecting: usize,
    /// Positive moves searched (protecting ones not counted twice).
    pub positive: usize,
    /// Terminal positions of every search made, the threat search included.
    pub terminal_positions: u64,
}

/// The selective search next to plain alpha-beta.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The selective search.
    pub selective: SelectiveReport,
    /// Plain alpha-beta's move.
    pub alpha_beta_move: Option<Move>,
    /// Plain alpha-beta's value.
    pub alpha_beta_value: Value,
    /// Plain alpha-beta's terminal positions.
    pub alpha_beta_terminals: u64,
}

impl Comparison {
    /// Whether both chose the same move (the paper's check).
    pub fn same_move(&self) -> bool {
        self.selective.best_move == self.alpha_beta_move
    }
}

/// Fail-hard alpha-beta from `pos` to `depth`, window `(alpha, beta)`; the
/// value, the principal variation and the terminal positions examined.
fn f2(
    game: &Chess,
    pos: &Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Vec<Move>, u64) {
    let mut s = Search::with_observer(game, Stats::default());
    let v = alpha_beta_fail_hard(&mut s, pos, depth, alpha, beta);
    let pv = s.principal_variation();
    (v, pv, s.into_observer().leaves())
}

/// Whether the move gives check.
pub(crate) fn gives_check(board: &Board, mv: Move) -> bool {
    let mut b = board.clone();
    b.play_unchecked(mv);
    !b.checkers().is_empty()
}

/// Whether `color` attacks `square` on `board`.
fn attacks(board: &Board, color: Color, square: Square) -> bool {
    let occupied = board.occupied();
    let own = |p: Piece| board.colored_pieces(color, p);
    let queens = own(Piece::Queen);
    let attackers = (get_knight_moves(square) & own(Piece::Knight))
        | (get_bishop_moves(square, occupied) & (own(Piece::Bishop) | queens))
        | (get_rook_moves(square, occupied) & (own(Piece::Rook) | queens))
        | (get_pawn_attacks(square, !color) & own(Piece::Pawn))
        | (get_king_moves(square) & own(Piece::King));
    !attackers.is_empty()
}

/// Whether, after `mv`, the side that played it defends `square`.
fn defends(board: &Board, mv: Move, square: Square) -> bool {
    let mut b = board.clone();
    b.play_unchecked(mv);
    attacks(&b, board.side_to_move(), square)
}

/// Moves that answer the threat `t` (see the module documentation).
fn protecting_moves(board: &Board, moves: &[Move], t: Move) -> Vec<Move> {
    let line: BitBoard = get_between_rays(t.from, t.to);
    moves
        .iter()
        .copied()
        .filter(|&mv| {
            mv.from == t.to || mv.to == t.from || line.has(mv.to) || defends(board, mv, t.to)
        })
        .collect()
}

/// The selective search of `pos` (module documentation, steps 1–4).
pub fn selective_search(pos: &Position, config: &SelectiveConfig) -> SelectiveReport {
    let game = Chess::new(ExperimentConfig::default());
    let board = pos.board();
    let d = config.depth.max(1);
    let moves = pos.legal_moves();
    let mut terminals = 0u64;
    let stand = Evaluator::Material.evaluate(board);
    if moves.is_empty() {
        // The game is over: no threat to look for, no move to choose; the
        // position itself is the one terminal, valued as alpha-beta values it.
        return SelectiveReport {
            best_move: None,
            value: if pos.in_check() { loss_in(0) } else { 0 },
            threat: None,
            protecting: 0,
            positive: 0,
            terminal_positions: 1,
        };
    }

    // Step 1: the threat.
    let threat = if pos.in_check() {
        None
    } else {
        board.null_move().and_then(|passed| {
            let (v, pv, n) = f2(
                &game,
                &Position::from_board(passed),
                d - 1,
                NEG_INFINITY,
                INFINITY,
            );
            terminals += n;
            (v >= -stand + config.threat_margin)
                .then(|| pv.first().copied())
                .flatten()
        })
    };
    let protecting: Vec<Move> = match (pos.in_check(), threat) {
        (true, _) => moves.clone(),
        (false, Some(t)) => protecting_moves(board, &moves, t),
        (false, None) => Vec::new(),
    };

    // Step 3: positive moves and their depths.
    let us = board.side_to_move();
    let base_mobility = mobility(board, us);
    let mut candidates: Vec<(Move, u32)> = protecting.iter().map(|&m| (m, d)).collect();
    let mut positive = 0;
    for &mv in &moves {
        if candidates.iter().any(|c| c.0 == mv) {
            continue;
        }
        let material = board.colors(!us).has(mv.to)
            || mv.promotion.is_some()
            || (board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file());
        let depth = if material || gives_check(board, mv) {
            Some(d)
        } else {
            let mut after = board.clone();
            after.play_unchecked(mv);
            (mobility(&after, us) - base_mobility >= config.positional_threshold)
                .then_some(d.div_ceil(2))
        };
        if let Some(depth) = depth {
            candidates.push((mv, depth));
            positive += 1;
        }
    }
    if candidates.is_empty() {
        candidates = moves.iter().map(|&m| (m, d.div_ceil(2))).collect();
    }

    // Step 4: the best candidate.
    let mut best: Option<(Move, Value)> = None;
    for (mv, depth) in candidates {
        let child = game.play(pos, mv);
        let bound = best.map_or(NEG_INFINITY, |b| b.1);
        let (v, _, n) = f2(&game, &child, depth - 1, NEG_INFINITY, -bound);
        terminals += n;
        let v = -v;
        if best.is_none_or(|b| v > b.1) {
            best = Some((mv, v));
        }
        if v >= win_in(1) {
            break; // 3b: a mate on the move is played at once
        }
    }
    SelectiveReport {
        best_move: best.map(|b| b.0),
        value: best.map_or(0, |b| b.1),
        threat,
        protecting: protecting.len(),
        positive,
        terminal_positions: terminals,
    }
}

/// The selective search and plain fail-hard alpha-beta of the same depth
/// on the same position (Klyushin & Kruchinin's experiment).
pub fn compare_with_alpha_beta(pos: &Position, config: &SelectiveConfig) -> Comparison {
    let selective = selective_search(pos, config);
    let game = Chess::new(ExperimentConfig::default());
    let (v, pv, n) = f2(&game, pos, config.depth, NEG_INFINITY, INFINITY);
    Comparison {
        selective,
        alpha_beta_move: pv.first().copied(),
        alpha_beta_value: v,
        alpha_beta_terminals: n,
    }
}

/// `count` positions spread evenly over `positions` from index `first` to
/// the last position that still has a move (the paper's "10 different
/// positions" of a game, whose choice it does not give).
pub fn spread_positions(positions: &[Position], first: usize, count: usize) -> Vec<Position> {
    let playable: Vec<&Position> = positions
        .iter()
        .filter(|p| !p.legal_moves().is_empty())
        .collect();
    let n = playable.len();
    if n == 0 || count == 0 {
        return Vec::new();
    }
    let first = first.min(n - 1);
    let span = n - 1 - first;
    let mut picked: Vec<usize> = (0..count)
        .map(|k| first + if count > 1 { k * span / (count - 1) } else { 0 })
        .collect();
    picked.dedup();
    picked.into_iter().map(|i| playable[i].clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::notation::to_san;

    #[test]
    fn a_finished_game_has_no_threat_and_the_alpha_beta_value() {
        for fen in [
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", // checkmate
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", // stalemate
        ] {
            let pos = Position::from_fen(fen).expect("fen");
            let c = compare_with_alpha_beta(&pos, &SelectiveConfig::default());
            assert_eq!(c.selective.best_move, None, "{fen}");
            assert_eq!(c.selective.threat, None, "{fen}");
            assert_eq!(c.selective.value, c.alpha_beta_value, "{fen}");
            assert_eq!(c.selective.terminal_positions, 1, "{fen}");
            assert_eq!(c.alpha_beta_terminals, 1, "{fen}");
        }
    }

    #[test]
    fn a_hanging_queen_is_a_threat_and_is_saved() {
        // Black's knight on c6 attacks White's queen on d4: after a pass,
        // Black would play Nxd4. The queen must move away.
        let pos =
            Position::from_fen("r1bqkbnr/pppp1ppp/2n5/8/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq - 0 1")
                .expect("fen");
        let r = selective_search(
            &pos,
            &SelectiveConfig {
                depth: 2,
                ..Default::default()
            },
        );
        let threat = r.threat.expect("threat found");
        assert_eq!(threat.to, Square::D4, "the threat is on the queen");
        assert!(r.protecting > 0);
        let best = r.best_move.expect("move");
        assert_eq!(
            best.from,
            threat.to,
            "the queen moves away: {}",
            to_san(&pos, best)
        );
    }

    #[test]
    fn fewer_terminals_than_alpha_beta_in_the_middle_game() {
        let pos = Position::from_fen(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        )
        .expect("fen");
        let c = compare_with_alpha_beta(&pos, &SelectiveConfig::default());
        assert!(
            c.selective.terminal_positions < c.alpha_beta_terminals,
            "{c:?}"
        );
        assert!(c.selective.best_move.is_some());
    }

    #[test]
    fn spread_positions_are_evenly_spaced() {
        let mut line = vec![Position::startpos()];
        for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"] {
            let p = line.last().expect("position");
            line.push(p.play(alphabeta_chess::notation::parse_uci(p, uci).expect("legal")));
        }
        let picked = spread_positions(&line, 2, 3);
        assert_eq!(picked.len(), 3);
        assert_eq!(picked[0], line[2]);
        assert_eq!(picked[1], line[4]);
        assert_eq!(picked[2], line[6]);
        assert!(spread_positions(&line, 0, 0).is_empty());
    }

    #[test]
    fn mate_in_one_is_played() {
        let pos = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").expect("fen");
        let r = selective_search(&pos, &SelectiveConfig::default());
        assert_eq!(to_san(&pos, r.best_move.expect("move")), "Qb8#");
    }
}
