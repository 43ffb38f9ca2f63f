//! A chess position with the history the draw rules need.
//!
//! [`Position`] wraps a `cozy_chess::Board` (piece placement, side to move,
//! castling, en passant, the fifty-move clock and a Zobrist key) and adds
//! the chain of earlier positions since the last irreversible move, so that
//! threefold repetition can be told. The chain is shared (`Arc`), so cloning
//! a position is cheap, as the core's copy-make procedures need.

use std::sync::Arc;

use cozy_chess::{Board, Color, GameStatus, Move, Piece, Rank, Square};

/// A FEN that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN {fen:?}: {reason}")]
pub struct FenError {
    /// The text given.
    pub fen: String,
    /// What is wrong with it.
    pub reason: String,
}

/// Why a game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// A hundred plies without a capture or a pawn move.
    FiftyMoves,
    /// The same position for the third time with the same side to move.
    ThreefoldRepetition,
    /// Neither side can ever mate (K–K, K+minor–K, bishops on one colour).
    InsufficientMaterial,
}

/// How a game stands in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Moves remain and no draw rule applies.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate,
    /// The game is drawn.
    Draw(DrawReason),
}

/// One earlier position in the repetition chain.
#[derive(Debug)]
struct Ancestor {
    key: u64,
    parent: Option<Arc<Ancestor>>,
}

/// A chess position and its history back to the last capture or pawn move.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    /// The position before this one, while the fifty-move clock runs.
    history: Option<Arc<Ancestor>>,
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl PartialEq for Position {
    /// Positions are equal when their boards are (the history is not part
    /// of FEN and is ignored).
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
    }
}

impl Position {
    /// The initial position.
    pub fn startpos() -> Self {
        Position::from_board(Board::default())
    }

    /// A position without history.
    pub fn from_board(board: Board) -> Self {
        Position {
            board,
            history: None,
        }
    }

    /// Reads a FEN (Forsyth–Edwards Notation). The two counters may be
    /// left out (they default to `0 1`, as many EPD files do).
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let err = |reason: String| FenError {
            fen: fen.to_string(),
            reason,
        };
        let text = match fields.len() {
            4 => format!("{} 0 1", fields.join(" ")),
            6 => fields.join(" "),
            n => {
                return Err(err(format!(
                    "expected 6 fields (or 4 without the counters), found {n}"
                )));
            }
        };
        let board = Board::from_fen(&text, false)
            .or_else(|_| Board::from_fen(&text, true))
            .map_err(|e| err(format!("{e:?}")))?;
        Ok(Position::from_board(board))
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        format!("{}", self.board)
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    /// The Zobrist key of the board (cozy-chess's).
    pub fn key(&self) -> u64 {
        self.board.hash()
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// The legal moves, in the move generator's order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(48);
        legal_moves_into(&self.board, &mut out);
        out
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.board.is_legal(mv)
    }

    /// The position after the legal move `mv`.
    pub fn play(&self, mv: Move) -> Position {
        let mut board = self.board.clone();
        board.play_unchecked(mv);
        let history = if board.halfmove_clock() == 0 {
            None
        } else {
            Some(Arc::new(Ancestor {
                key: repetition_key(&self.board),
                parent: self.history.clone(),
            }))
        };
        Position { board, history }
    }

    /// How many times this position occurred before (same placement, side
    /// to move, castling rights and en passant right), back to the last
    /// irreversible move.
    pub fn repetitions(&self) -> usize {
        let key = repetition_key(&self.board);
        let mut count = 0;
        let mut node = self.history.as_deref();
        let mut plies = 1;
        while let Some(a) = node {
            // Only positions an even number of plies back have the same side to move.
            if plies % 2 == 0 && a.key == key {
                count += 1;
            }
            node = a.parent.as_deref();
            plies += 1;
        }
        count
    }

    /// The repetition keys ([`repetition_key`]) of the earlier positions
    /// since the last irreversible move, oldest first.
    pub fn history_keys(&self) -> Vec<u64> {
        let mut keys = Vec::new();
        let mut node = self.history.as_deref();
        while let Some(a) = node {
            keys.push(a.key);
            node = a.parent.as_deref();
        }
        keys.reverse();
        keys
    }

    /// The state of the game: checkmate, a draw by one of the four rules,
    /// or ongoing.
    pub fn status(&self) -> Status {
        match self.board.status() {
            GameStatus::Won => return Status::Checkmate,
            GameStatus::Drawn if self.board.halfmove_clock() < 100 => {
                return Status::Draw(DrawReason::Stalemate);
            }
            GameStatus::Drawn => return Status::Draw(DrawReason::FiftyMoves),
            GameStatus::Ongoing => {}
        }
        if insufficient_material(&self.board) {
            Status::Draw(DrawReason::InsufficientMaterial)
        } else if self.repetitions() >= 2 {
            Status::Draw(DrawReason::ThreefoldRepetition)
        } else {
            Status::Ongoing
        }
    }

    /// A draw by a rule that applies although moves remain: fifty moves,
    /// threefold repetition or insufficient material. (Stalemate needs the
    /// moves and is told apart where they are generated.)
    pub fn rule_draw(&self) -> Option<DrawReason> {
        if self.board.halfmove_clock() >= 100 {
            // A mate on the hundredth ply still counts as a mate.
            if self.board.checkers().is_empty() || has_legal_move(&self.board) {
                return Some(DrawReason::FiftyMoves);
            }
            return None;
        }
        if insufficient_material(&self.board) {
            return Some(DrawReason::InsufficientMaterial);
        }
        if self.board.halfmove_clock() >= 4 && self.repetitions() >= 2 {
            return Some(DrawReason::ThreefoldRepetition);
        }
        None
    }
}

/// Appends the legal moves of `board` to `out`, in cozy-chess's order
/// (piece by piece, squares in ascending order).
#[inline]
pub fn legal_moves_into(board: &Board, out: &mut Vec<Move>) {
    board.generate_moves(|moves| {
        out.extend(moves);
        false
    });
}

/// Whether the side to move has any legal move.
#[inline]
pub fn has_legal_move(board: &Board) -> bool {
    board.generate_moves(|_| true)
}

/// The key that identifies a position for repetition: the Zobrist key,
/// with the en passant file left out unless a capture there is legal (the
/// FIDE rule: an en passant right counts only if it can be used).
pub fn repetition_key(board: &Board) -> u64 {
    match board.en_passant() {
        None => board.hash_without_ep(),
        Some(file) => {
            let color = board.side_to_move();
            let target = Square::new(file, Rank::Sixth.relative_to(color));
            let mut legal = false;
            board.generate_moves_for(board.colored_pieces(color, Piece::Pawn), |moves| {
                legal = moves.to.has(target);
                legal
            });
            if legal {
                board.hash()
            } else {
                board.hash_without_ep()
            }
        }
    }
}

/// Whether neither side has mating material: only kings, or kings and one
/// knight or bishop, or kings and bishops all on squares of one colour.
pub fn insufficient_material(board: &Board) -> bool {
    let heavy = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !heavy.is_empty() {
        return false;
    }
    let knights = board.pieces(Piece::Knight);
    let bishops = board.pieces(Piece::Bishop);
    if knights.len() + bishops.len() <= 1 {
        return true;
    }
    if !knights.is_empty() {
        return false;
    }
    const DARK: u64 = 0xAA55_AA55_AA55_AA55;
    let on_dark = bishops.0 & DARK;
    on_dark == 0 || on_dark == bishops.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("test FEN")
    }

    #[test]
    fn fen_round_trips() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(pos(fen).fen(), fen);
        assert_eq!(
            Position::startpos().fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        // EPD-style FEN without counters.
        assert_eq!(
            pos("8/8/8/8/8/8/8/K1k5 w - -").fen(),
            "8/8/8/8/8/8/8/K1k5 w - - 0 1"
        );
    }

    #[test]
    fn bad_fens_are_errors() {
        for bad in [
            "",
            "rnbqkbnr/pppppppp w",
            "xnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ] {
            assert!(Position::from_fen(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn checkmate_and_stalemate() {
        assert_eq!(
            pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").status(),
            Status::Checkmate
        );
        assert_eq!(
            pos("7k/8/6QK/8/8/8/8/8 b - - 0 1").status(),
            Status::Draw(DrawReason::Stalemate)
        );
    }

    #[test]
    fn insufficient_material_cases() {
        assert!(insufficient_material(
            pos("8/8/8/4k3/8/8/8/4K3 w - - 0 1").board()
        ));
        assert!(insufficient_material(
            pos("8/8/8/4k3/8/8/8/4KN2 w - - 0 1").board()
        ));
        // Bishops on c1 and f8 are both on dark squares.
        assert!(insufficient_material(
            pos("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1").board()
        ));
        assert!(!insufficient_material(
            pos("4b3/8/8/4k3/8/8/8/2B1K3 w - - 0 1").board()
        ));
        assert!(!insufficient_material(
            pos("8/8/8/4k3/8/8/8/3NKN2 w - - 0 1").board()
        ));
        assert!(!insufficient_material(
            pos("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1").board()
        ));
    }

    #[test]
    fn threefold_repetition_by_knight_shuffles() {
        let mut p = Position::startpos();
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        for (i, uci) in shuffle.iter().cycle().take(8).enumerate() {
            assert_eq!(p.rule_draw(), None, "drawn too early at ply {i}");
            let mv = crate::notation::parse_uci(&p, uci).expect("legal");
            p = p.play(mv);
        }
        assert_eq!(p.repetitions(), 2);
        assert_eq!(p.rule_draw(), Some(DrawReason::ThreefoldRepetition));
        assert_eq!(p.status(), Status::Draw(DrawReason::ThreefoldRepetition));
    }

    #[test]
    fn fifty_move_rule() {
        let p = pos("8/8/8/4k3/8/8/R7/4K3 w - - 99 80");
        assert_eq!(p.rule_draw(), None);
        let p = p.play(crate::notation::parse_uci(&p, "a2b2").expect("legal"));
        assert_eq!(p.rule_draw(), Some(DrawReason::FiftyMoves));
    }
}
