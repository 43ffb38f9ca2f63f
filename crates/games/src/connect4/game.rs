//! Connect Four as a [`Game`] of the core: the rules, the static move order,
//! and the exact values the rules settle without search.
//!
//! Values are the scores of the Connect Four solving literature, for the
//! side to move: a win with one's k-th disc is 22 − k, a draw 0, a loss to
//! the opponent's k-th disc k − 22 (so the score after the best move is the
//! negation of the score before it, the negamax convention of Knuth eq. (1)).
//! They are small integers in −21..=21, far from the core's distance-scored
//! wins, and depend on the position only (never on the ply), so a
//! transposition table may share them between paths.

use alphabeta_core::parallel::{Fork, ybwc};
use alphabeta_core::procedures::{Capabilities, McCarthy, Ybwc, alpha_beta_mccarthy};
use alphabeta_core::value::Value;
use alphabeta_core::{BoundedGame, Game, HashedGame, MoveList, Observer};

use super::board::{Board, SQUARES, WIDTH, column, winning_squares};

/// The columns (0–6) from the centre outwards: the static order, since a
/// central disc belongs to more lines of four.
pub const CENTRE_FIRST: [u8; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// How the successors are ordered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveOrder {
    /// Centre first ([`CENTRE_FIRST`]).
    Static,
    /// By the number of squares the move leaves the mover threatening to
    /// complete (more first), ties centre first: a cheap static hint.
    #[default]
    Threats,
}

/// Connect Four on the standard 7×6 board.
///
/// Besides the rules, [`Game::outcome`] settles the positions whose value
/// the rules decide at once, and [`Game::moves`] leaves out the moves that
/// lose at once; both are exact (see their docs), so the value of every
/// position is the game-theoretic score.
#[derive(Clone, Copy, Debug, Default)]
pub struct Connect4 {
    /// The successor order.
    pub order: MoveOrder,
}

/// The squares the side to move may play without losing at once: not below
/// an opponent's threat, and, if the opponent threatens a playable square,
/// only that square. Empty when every move loses to the opponent's next
/// disc (two playable threats, or one with a threat above it).
#[inline(always)]
fn safe_squares(pos: &Board) -> u64 {
    let playable = pos.playable();
    let theirs = winning_squares(pos.opponent(), pos.mask());
    let forced = playable & theirs;
    let candidates = if forced == 0 {
        playable
    } else if forced & (forced - 1) != 0 {
        // Two threats to parry at once: every move loses.
        return 0;
    } else {
        forced
    };
    // A disc right under an opponent's threat lets the opponent play there.
    candidates & !(theirs >> 1)
}

/// A list of at most seven columns, kept inline (no allocation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    columns: [u8; WIDTH],
    len: u8,
}

impl Columns {
    #[inline(always)]
    fn push(&mut self, c: u8) {
        self.columns[self.len as usize] = c;
        self.len += 1;
    }

    /// The columns in search order.
    pub fn as_slice(&self) -> &[u8] {
        &self.columns[..self.len as usize]
    }
}

impl MoveList<u8> for Columns {
    #[inline(always)]
    fn clear(&mut self) {
        self.len = 0;
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.len as usize
    }
    #[inline(always)]
    fn get(&self, i: usize) -> u8 {
        self.columns[i]
    }
    fn move_to_front(&mut self, mv: u8) -> bool {
        match self.as_slice().iter().position(|&c| c == mv) {
            Some(k) => {
                self.columns[..=k].rotate_right(1);
                true
            }
            None => false,
        }
    }
}

impl Connect4 {
    /// Connect Four with the default move order ([`MoveOrder::Threats`]).
    pub fn new() -> Self {
        Connect4::default()
    }

    /// The columns (0–6) a disc can be dropped into, centre first.
    pub fn legal_columns(pos: &Board) -> Vec<u8> {
        if pos.is_over() {
            return Vec::new();
        }
        CENTRE_FIRST
            .into_iter()
            .filter(|&c| pos.can_play(c as usize))
            .collect()
    }
}

impl Game for Connect4 {
    type Position = Board;
    type Move = u8;
    type Moves = Columns;

    /// The moves that do not lose at once, in [`MoveOrder`]. A move left out
    /// lets the opponent connect four with its next disc, the worst score
    /// the side to move can get, so the best move is never among them; when
    /// all of them would be, [`Game::outcome`] has already settled the
    /// position.
    #[inline]
    fn moves(&self, pos: &Board, out: &mut Columns) {
        let safe = safe_squares(pos);
        match self.order {
            MoveOrder::Static => {
                for c in CENTRE_FIRST {
                    if safe & column(c as usize) != 0 {
                        out.push(c);
                    }
                }
            }
            MoveOrder::Threats => {
                // Insertion by score, stable: ties keep the centre-first order.
                let mut scores = [0u32; WIDTH];
                for c in CENTRE_FIRST {
                    let sq = safe & column(c as usize);
                    if sq == 0 {
                        continue;
                    }
                    let score = winning_squares(pos.current() | sq, pos.mask()).count_ones();
                    let mut i = out.len as usize;
                    while i > 0 && scores[i - 1] < score {
                        scores[i] = scores[i - 1];
                        out.columns[i] = out.columns[i - 1];
                        i -= 1;
                    }
                    scores[i] = score;
                    out.columns[i] = c;
                    out.len += 1;
                }
            }
        }
    }

    #[inline(always)]
    fn play(&self, pos: &Board, c: u8) -> Board {
        pos.play(c as usize)
    }

    /// The value when the rules decide it without search:
    /// * the opponent has four in a line: it won with its k-th disc, k − 22;
    /// * the board is full: a draw, 0;
    /// * the side to move can connect four now: 22 − k for its next disc k
    ///   (no score is higher, so no move needs searching);
    /// * every move lets the opponent connect four with its next disc k:
    ///   k − 22.
    #[inline]
    fn outcome(&self, pos: &Board, _ply: usize) -> Option<Value> {
        if pos.is_won() {
            return Some(pos.opponent_discs() - 22);
        }
        if pos.discs() == SQUARES {
            return Some(0);
        }
        if winning_squares(pos.current(), pos.mask()) & pos.playable() != 0 {
            return Some(22 - pos.next_disc());
        }
        if safe_squares(pos) == 0 {
            return Some(pos.opponent_discs() + 1 - 22);
        }
        None
    }

    /// 0 (no heuristic): reached only at a depth limit, since every position
    /// without successors is settled by [`Game::outcome`].
    #[inline]
    fn evaluate(&self, _pos: &Board, _ply: usize) -> Value {
        0
    }
}

impl HashedGame for Connect4 {
    /// The position's [`Board::symmetric_key`] (a position and its mirror
    /// image have the same score, so they share a table entry), mixed by the
    /// splitmix64 finaliser (a bijection, so positions that are not mirror
    /// images keep distinct keys and a table entry is never mistaken for
    /// another position's).
    #[inline(always)]
    fn key(&self, pos: &Board) -> u64 {
        alphabeta_core::mix::mix64(pos.symmetric_key())
    }

    /// A move is two bit operations, so the key after it is given: the
    /// table prefetches the successors' slots.
    #[inline(always)]
    fn successor_key(&self, pos: &Board, c: u8) -> Option<u64> {
        Some(self.key(&pos.play(c as usize)))
    }
}

/// Connect Four has McCarthy's bounds (below) and can be shared between
/// threads: every procedure of the registry searches it.
impl Capabilities for Connect4 {
    fn mccarthy<O: Observer>() -> Option<McCarthy<Self, O>> {
        Some(alpha_beta_mccarthy)
    }
    fn ybwc<O: Fork>() -> Option<Ybwc<Self, O>> {
        Some(ybwc)
    }
}

impl BoundedGame for Connect4 {
    /// The best score left: a win with the next disc (22 − k), or, when the
    /// side to move has no square to win on now, with the disc after it; a
    /// draw when no disc is left to win with. When every move lets the
    /// opponent connect four at once, the loss [`Game::outcome`] gives (so
    /// the bounds meet): a null-window test then settles such a position by
    /// its bounds, before the table is probed for a position that is never
    /// stored there.
    #[inline]
    fn optimistic(&self, pos: &Board) -> Value {
        let next = pos.next_disc();
        if winning_squares(pos.current(), pos.mask()) & pos.playable() != 0 {
            22 - next
        } else if safe_squares(pos) == 0 {
            // Also right on a full board (a draw: the opponent has played
            // its 21st disc), and an upper bound if the game is already won.
            pos.opponent_discs() + 1 - 22
        } else {
            (22 - (next + 1)).max(0)
        }
    }

    /// The worst score left: a loss to the opponent's last disc if it has
    /// already connected four; to its next disc when every move lets it
    /// connect four at once; otherwise to the disc after its next one (a
    /// move that does not lose at once leaves the opponent no square to win
    /// on), or a draw when the opponent has no such disc left.
    #[inline]
    fn pessimistic(&self, pos: &Board) -> Value {
        if pos.is_won() {
            pos.opponent_discs() - 22
        } else if safe_squares(pos) == 0 {
            pos.opponent_discs() + 1 - 22
        } else {
            (pos.opponent_discs() + 2 - 22).min(0)
        }
    }
}
