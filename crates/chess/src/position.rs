//! A chess position with the history the draw rules need.
//!
//! [`Position`] wraps a `cozy_chess::Board` (piece placement, side to move,
//! castling, en passant, the fifty-move clock and a Zobrist key) and adds
//! the chain of earlier positions since the last irreversible move, so that
//! threefold repetition can be told. The chain is shared (`Arc`), so cloning
//! a position is cheap, as the core's copy-make procedures need.

use std::sync::Arc;

use cozy_chess::{
    BitBoard, Board, Color, File, GameStatus, Move, Piece, Rank, Square, get_between_rays,
    get_bishop_moves, get_bishop_rays, get_knight_moves, get_pawn_attacks, get_rook_moves,
    get_rook_rays,
};

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

    /// Reads a FEN (Forsyth–Edwards Notation) of standard chess. The two
    /// counters may be left out (they default to `0 1`, as many EPD files
    /// do). Castling rights are `KQkq` (or `-`), and each needs its king on
    /// e1/e8 and its rook in that corner: rights of any other placement are
    /// Chess960's, refused here (castling would then be written in UCI
    /// notation as a king's step that reads back as another move); read
    /// them with [`Position::from_fen_960`].
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        let text = fen_fields(fen)?;
        let board = Board::from_fen(&text, false).map_err(|e| fen_error(fen, explain(e, &text)))?;
        placement_is_sound(&text, &board).map_err(|reason| fen_error(fen, reason))?;
        standard_castling(&board).map_err(|reason| fen_error(fen, reason))?;
        Ok(Position::from_board(board))
    }

    /// Reads a FEN of Chess960 (what `UCI_Chess960` sends): castling rights
    /// as Shredder-FEN rook files (`HFhf`) or as X-FEN letters (`K`/`Q`:
    /// the outermost rook on that side of the king), for any king and rook
    /// on the back rank. Every standard FEN reads to the same position as
    /// with [`Position::from_fen`].
    pub fn from_fen_960(fen: &str) -> Result<Self, FenError> {
        let text = fen_fields(fen)?;
        let shredder = xfen_to_shredder(&text).unwrap_or_else(|| text.clone());
        let board =
            Board::from_fen(&shredder, true).map_err(|e| fen_error(fen, explain(e, &text)))?;
        placement_is_sound(&text, &board).map_err(|reason| fen_error(fen, reason))?;
        Ok(Position::from_board(board))
    }

    /// The FEN of this position: standard FEN, or, where a castling right
    /// is Chess960's (see [`Position::from_fen`]), Shredder-FEN, which
    /// [`Position::from_fen_960`] reads back.
    pub fn fen(&self) -> String {
        if standard_castling(&self.board).is_ok() {
            format!("{}", self.board)
        } else {
            format!("{:#}", self.board)
        }
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

/// Whether the legal move `mv` of `board` gives check: whether a piece of
/// the side to move attacks the enemy king once `mv` is made, by the moved
/// piece itself or by a slider whose line the move opens (through the
/// origin square, or the square of a pawn taken en passant). The same answer
/// as the checkers of the position after `Board::play_unchecked`, without
/// copying the board and updating its keys and pins — a search asks it of
/// moves that it may then prune unmade (Stockfish's `Position::gives_check`
/// serves the same purpose); most moves are answered from the ray tables
/// alone. Castling is a king taking its own rook, as cozy-chess encodes it
/// (the rook can give the check).
pub fn gives_check(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    let Some(moved) = board.piece_on(mv.from) else {
        return false;
    };
    let king = board.king(!us);
    let castles = moved == Piece::King && board.colors(us).has(mv.to);
    let en_passant =
        moved == Piece::Pawn && mv.from.file() != mv.to.file() && !board.occupied().has(mv.to);
    if !castles && !en_passant {
        // The common case, from tables: a check by the piece that lands
        // on `to`, or else one discovered through the origin square.
        let before = board.occupied() & !mv.from.bitboard();
        let sees =
            |rays: BitBoard| rays.has(mv.to) && (get_between_rays(mv.to, king) & before).is_empty();
        let direct = match mv.promotion.unwrap_or(moved) {
            Piece::Pawn => get_pawn_attacks(king, !us).has(mv.to),
            Piece::Knight => get_knight_moves(king).has(mv.to),
            Piece::Bishop => sees(get_bishop_rays(king)),
            Piece::Rook => sees(get_rook_rays(king)),
            Piece::Queen => sees(get_bishop_rays(king) | get_rook_rays(king)),
            Piece::King => false,
        };
        if direct {
            return true;
        }
        if !(get_bishop_rays(king) | get_rook_rays(king)).has(mv.from) {
            return false;
        }
    }
    let ours = |p: Piece| board.colored_pieces(us, p) & !mv.from.bitboard();
    let mut pawns = ours(Piece::Pawn);
    let mut knights = ours(Piece::Knight);
    let mut diagonal = ours(Piece::Bishop) | ours(Piece::Queen);
    let mut straight = ours(Piece::Rook) | ours(Piece::Queen);
    let mut occupied = board.occupied() & !mv.from.bitboard();
    if castles {
        let rank = mv.from.rank();
        let (king_file, rook_file) = if mv.from.file() < mv.to.file() {
            (File::G, File::F)
        } else {
            (File::C, File::D)
        };
        let rook_to = Square::new(rook_file, rank).bitboard();
        straight = (straight & !mv.to.bitboard()) | rook_to;
        occupied =
            (occupied & !mv.to.bitboard()) | rook_to | Square::new(king_file, rank).bitboard();
    } else {
        if en_passant {
            // En passant: the pawn taken stands beside the mover's origin.
            occupied &= !Square::new(mv.to.file(), mv.from.rank()).bitboard();
        }
        let to = mv.to.bitboard();
        occupied |= to;
        match mv.promotion.unwrap_or(moved) {
            Piece::Pawn => pawns |= to,
            Piece::Knight => knights |= to,
            Piece::Bishop => diagonal |= to,
            Piece::Rook => straight |= to,
            Piece::Queen => {
                diagonal |= to;
                straight |= to;
            }
            Piece::King => {}
        }
    }
    let checkers = (get_pawn_attacks(king, !us) & pawns)
        | (get_knight_moves(king) & knights)
        | (get_bishop_moves(king, occupied) & diagonal)
        | (get_rook_moves(king, occupied) & straight);
    !checkers.is_empty()
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

fn fen_error(fen: &str, reason: String) -> FenError {
    FenError {
        fen: fen.to_string(),
        reason,
    }
}

/// What is wrong with the six-field FEN `text`, in the terms of the rules of
/// chess (cozy-chess says only which field is invalid).
fn explain(e: cozy_chess::FenParseError, text: &str) -> String {
    use cozy_chess::FenParseError as E;
    let field = |i: usize| text.split(' ').nth(i).unwrap_or("");
    match e {
        E::InvalidBoard => explain_placement(field(0), field(1)),
        E::InvalidSideToMove => format!(
            "the side to move is {:?}: write w (White) or b (Black)",
            field(1)
        ),
        E::InvalidCastlingRights => format!(
            "the castling rights {:?} do not fit the position: write - or letters of KQkq, \
             each with its king and that rook still on their home squares",
            field(2)
        ),
        E::InvalidEnPassant => format!(
            "the en passant square {:?} is impossible here: write - or the empty square \
             just behind a pawn that has just advanced two squares",
            field(3)
        ),
        E::InvalidHalfMoveClock => format!(
            "the halfmove clock {:?} must be a whole number of plies from 0 to 100",
            field(4)
        ),
        E::InvalidFullmoveNumber => format!(
            "the fullmove number {:?} must be a whole number from 1",
            field(5)
        ),
        E::MissingField | E::TooManyFields => {
            "expected 6 fields (or 4 without the counters)".to_string()
        }
    }
}

/// Why a piece placement (with its side to move) is no position of chess.
fn explain_placement(placement: &str, side: &str) -> String {
    let ranks: Vec<&str> = placement.split('/').collect();
    let mut counts = std::collections::HashMap::new();
    for (i, rank) in ranks.iter().enumerate() {
        let mut squares = 0;
        for c in rank.chars() {
            match c {
                '1'..='8' => squares += c as usize - '0' as usize,
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    squares += 1;
                    *counts.entry(c).or_insert(0) += 1;
                    if c.eq_ignore_ascii_case(&'p') && (i == 0 || i == 7) {
                        return format!(
                            "a pawn stands on rank {} (pawns never stand on the first or last rank)",
                            8 - i
                        );
                    }
                }
                _ => {
                    return format!(
                        "the placement has {c:?} on rank {}: write pieces as PNBRQK (White), \
                         pnbrqk (Black) and empty squares as digits 1-8",
                        8 - i
                    );
                }
            }
        }
        if squares != 8 {
            return format!(
                "rank {} of the placement has {squares} squares, not 8",
                8 - i
            );
        }
    }
    if ranks.len() != 8 {
        return format!("the placement has {} ranks, not 8", ranks.len());
    }
    for (name, king, pawn, lower) in [("White", 'K', 'P', false), ("Black", 'k', 'p', true)] {
        let n = |c: char| counts.get(&c).copied().unwrap_or(0);
        let kings = n(king);
        if kings != 1 {
            return format!("{name} has {kings} kings (each side has exactly one)");
        }
        if n(pawn) > 8 {
            return format!("{name} has {} pawns (at most 8)", n(pawn));
        }
        let pieces: usize = counts
            .iter()
            .filter(|(c, _)| c.is_ascii_lowercase() == lower)
            .map(|(_, k)| k)
            .sum();
        if pieces > 16 {
            return format!("{name} has {pieces} pieces (at most 16)");
        }
    }
    let (mover, other) = if side == "b" {
        ("Black", "White")
    } else {
        ("White", "Black")
    };
    format!(
        "{other} is in check with {mover} to move, or {mover} is checked by more pieces \
         than one move can give check with: no game reaches this position"
    )
}

/// The six fields of a FEN, the counters `0 1` added where left out.
fn fen_fields(fen: &str) -> Result<String, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    match fields.len() {
        4 => Ok(format!("{} 0 1", fields.join(" "))),
        6 => Ok(fields.join(" ")),
        n => Err(fen_error(
            fen,
            format!("expected 6 fields (or 4 without the counters), found {n}"),
        )),
    }
}

/// What cozy-chess's FEN reader lets through and a position must not have
/// (both found by the `fen` fuzz target): a placement of fewer
/// than eight ranks (the missing ones were read as empty), and kings on
/// adjacent squares (a king is not counted as a checker, so the side to
/// move could capture the other king, and the next move generation or SAN
/// finds no king and panics).
fn placement_is_sound(text: &str, board: &Board) -> Result<(), String> {
    let ranks = text.split(' ').next().unwrap_or("").split('/').count();
    if ranks != 8 {
        return Err(format!("the placement has {ranks} ranks, not 8"));
    }
    let (white, black) = (board.king(Color::White), board.king(Color::Black));
    if cozy_chess::get_king_moves(white).has(black) {
        return Err(format!(
            "the kings stand next to each other ({white} and {black})"
        ));
    }
    Ok(())
}

/// Whether every castling right of `board` is one of standard chess: its
/// king on e1/e8 and its rook in the corner (a or h file). The error names
/// the first right that is not.
fn standard_castling(board: &Board) -> Result<(), String> {
    for color in Color::ALL {
        let rights = board.castle_rights(color);
        let king = board.king(color);
        let home = Square::new(File::E, Rank::First.relative_to(color));
        for (right, rook, corner) in [('k', rights.short, File::H), ('q', rights.long, File::A)] {
            let Some(rook) = rook else { continue };
            let right = match color {
                Color::White => right.to_ascii_uppercase(),
                Color::Black => right,
            };
            if king != home {
                return Err(format!(
                    "castling right `{right}` needs the king on {home} (it is on {king}); \
                     rights for other placements are Chess960's (UCI_Chess960)"
                ));
            }
            if rook != corner {
                return Err(format!(
                    "castling right `{right}` needs its rook on the {corner:?} file \
                     (it is on the {rook:?} file); such rights are Chess960's (UCI_Chess960)"
                ));
            }
        }
    }
    Ok(())
}

/// Rewrites the X-FEN castling rights of `fen` (`K`/`Q`: the outermost
/// rook on that side of the king; a file letter: that rook) as Shredder-FEN
/// file letters, which the board parser reads for any rook placement.
/// `None` when the FEN has no such field or no rook where a right says.
fn xfen_to_shredder(fen: &str) -> Option<String> {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    let rows: Vec<&str> = fields.first()?.split('/').collect();
    if rows.len() != 8 || fields.len() < 3 {
        return None;
    }
    // The back rank of each side as 8 squares.
    let rank = |row: &str| -> Option<Vec<char>> {
        let mut squares = Vec::with_capacity(8);
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => squares.extend(std::iter::repeat_n(' ', n as usize)),
                None => squares.push(c),
            }
        }
        (squares.len() == 8).then_some(squares)
    };
    let (white, black) = (rank(rows[7])?, rank(rows[0])?);
    let mut rights = String::new();
    for c in fields[2].chars() {
        if c == '-' {
            continue;
        }
        let (squares, rook, king) = if c.is_ascii_uppercase() {
            (&white, 'R', 'K')
        } else {
            (&black, 'r', 'k')
        };
        let king_file = squares.iter().position(|&p| p == king)?;
        let file = match c.to_ascii_lowercase() {
            'k' => (king_file + 1..8).rev().find(|&f| squares[f] == rook)?,
            'q' => (0..king_file).find(|&f| squares[f] == rook)?,
            f @ 'a'..='h' => f as usize - 'a' as usize,
            _ => return None,
        };
        let letter = (b'a' + file as u8) as char;
        rights.push(if c.is_ascii_uppercase() {
            letter.to_ascii_uppercase()
        } else {
            letter
        });
    }
    if rights.is_empty() {
        rights.push('-');
    }
    fields[2] = &rights;
    Some(fields.join(" "))
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
            // Found by the `fen` fuzz target: seven ranks, and kings side by
            // side (White could take the king; SAN then panicked).
            "8/2q5/8/2q5/3p4/1P3RKk/8 w - - 0 1",
            "8/2q5/8/2q5/3p4/1P3RKk/8/8 w - - 0 1",
            "8/8/8/8/8/8/6Kk/8 b - - 0 1",
            "8/8/8/8/8/5k2/6K1/8 w - - 0 1",
        ] {
            assert!(Position::from_fen(bad).is_err(), "{bad:?} accepted");
            assert!(Position::from_fen_960(bad).is_err(), "{bad:?} accepted");
        }
        let err = Position::from_fen("8/8/8/8/8/6Kk/8 w - - 0 1").expect_err("7 ranks");
        assert!(err.reason.contains("7 ranks, not 8"), "{err}");
        let err = Position::from_fen("8/8/8/8/8/8/6Kk/8 w - - 0 1").expect_err("kings");
        assert!(
            err.reason
                .contains("kings stand next to each other (g2 and h2)"),
            "{err}"
        );
        // Kings a square apart are fine.
        assert!(Position::from_fen("8/8/8/8/8/8/5K1k/8 w - - 0 1").is_ok());
    }

    #[test]
    fn fen_errors_say_what_is_wrong_in_chess_terms() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        for (fen, says) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
                "'X' on rank 1",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
                "rank 1 of the placement has 7 squares",
            ),
            ("8/8/8/8/8/8/8/8 w - - 0 1", "White has 0 kings"),
            ("k7/8/8/8/8/8/8/KK6 w - - 0 1", "White has 2 kings"),
            ("kP6/8/8/8/8/8/8/K7 w - - 0 1", "a pawn stands on rank 8"),
            (
                "k7/8/8/8/8/8/8/R6K w - - 0 1",
                "Black is in check with White to move",
            ),
            (
                &format!("{start} x KQkq - 0 1"),
                "side to move is \"x\": write w",
            ),
            (
                &format!("{start} w KQkqX - 0 1"),
                "castling rights \"KQkqX\" do not fit",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
                "castling rights \"K\" do not fit",
            ),
            (
                &format!("{start} w KQkq e4 0 1"),
                "en passant square \"e4\" is impossible",
            ),
            (
                &format!("{start} w KQkq - 101 1"),
                "halfmove clock \"101\" must be",
            ),
            (
                &format!("{start} w KQkq - -1 1"),
                "halfmove clock \"-1\" must be",
            ),
            (
                &format!("{start} w KQkq - 0 0"),
                "fullmove number \"0\" must be",
            ),
        ] {
            for err in [
                Position::from_fen(fen).expect_err(fen),
                Position::from_fen_960(fen).expect_err(fen),
            ] {
                assert!(err.reason.contains(says), "{fen}: {err}");
                // No names of the parser's error variants.
                assert!(!err.reason.contains("Invalid"), "{fen}: {err}");
            }
        }
    }

    /// Found by the `fen` fuzz target: a right `k` with the
    /// black king on f8 was accepted in standard chess, and castling
    /// (king takes rook, f8h8) was then written `f8g8` in UCI notation,
    /// which reads back as the king's plain step.
    #[test]
    fn castling_rights_off_the_home_squares_are_chess960s() {
        let fen = "rnbq1k1r/ppQPbppp/2p5/8/2B5/8/PPPQNnPP/RNBQK2R b Kk - 1 8";
        let err = Position::from_fen(fen).expect_err("king on f8 with right k");
        assert!(
            err.reason
                .contains("`k` needs the king on e8 (it is on f8)")
                && err.reason.contains("Chess960"),
            "{err}"
        );
        // White's king off e1, in X-FEN and in Shredder-FEN letters.
        for fen in [
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4k3/8/8/8/8/8/8/5K1R w K - 0 1",
        ] {
            assert!(Position::from_fen(fen).is_err(), "{fen} accepted");
        }
        // The same rights without the right in question are standard.
        let pos = Position::from_fen("rnbq1k1r/ppQPbppp/2p5/8/2B5/8/PPPQNnPP/RNBQK2R b K - 1 8")
            .expect("only White's right, king on e1");
        for mv in pos.legal_moves() {
            let text = crate::notation::to_uci(&pos, mv);
            assert_eq!(crate::notation::parse_uci(&pos, &text), Ok(mv), "{text}");
        }
    }

    #[test]
    fn chess960_fens_read_and_write_back() {
        // X-FEN `KQkq` (the outermost rooks) and Shredder-FEN `HFhf` name
        // one position; it is written in Shredder-FEN and reads back.
        let x = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
        let s = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let (px, ps) = (
            Position::from_fen_960(x).expect("X-FEN"),
            Position::from_fen_960(s).expect("Shredder-FEN"),
        );
        assert_eq!(px, ps);
        assert_eq!(px.fen(), s);
        assert_eq!(Position::from_fen_960(&px.fen()), Ok(px.clone()));
        // A standard FEN reads to the same position either way.
        let std = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(Position::from_fen_960(std), Position::from_fen(std));
        assert_eq!(Position::from_fen_960(std).expect("fen").fen(), std);
        // The king on f8 with right `k`: Chess960's, written as `h`.
        let f8 = "rnbq1k1r/ppQPbppp/2p5/8/2B5/8/PPPQNnPP/RNBQK2R b Kk - 1 8";
        let p = Position::from_fen_960(f8).expect("Chess960 rights");
        assert_eq!(
            p.fen(),
            "rnbq1k1r/ppQPbppp/2p5/8/2B5/8/PPPQNnPP/RNBQK2R b Hh - 1 8"
        );
        assert!(Position::from_fen(&p.fen()).is_err());
        // Castling is king takes rook, f8h8 (cozy-chess's notation), and
        // lands the king on g8, which its plain step f8g8 also does.
        let (castle, step): (Move, Move) =
            ("f8h8".parse().expect("move"), "f8g8".parse().expect("move"));
        assert!(p.is_legal(castle) && p.is_legal(step));
        assert_ne!(p.play(castle), p.play(step));
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

    /// Checks [`gives_check`] against the checkers after
    /// `Board::play_unchecked` on every legal move of `board`; returns how
    /// many of them check.
    fn checks_agree(board: &Board) -> usize {
        let mut checks = 0;
        for mv in Position::from_board(board.clone()).legal_moves() {
            let mut after = board.clone();
            after.play_unchecked(mv);
            let expected = !after.checkers().is_empty();
            assert_eq!(gives_check(board, mv), expected, "{mv} in {board}");
            checks += usize::from(expected);
        }
        checks
    }

    #[test]
    fn gives_check_agrees_with_making_the_move() {
        // Castling with the rook's check (both sides), a discovered check by
        // an en passant capture (the rook on h5 sees a5 once e5 and d5 are
        // gone), promotions to a checking knight and queen, a discovered
        // check by a knight leaving the bishop's diagonal.
        for (fen, at_least) in [
            ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 3),
            ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 3),
            ("8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1", 1),
            ("3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", 2),
            ("7k/8/5N2/8/3B4/8/8/4K3 w - - 0 1", 8),
        ] {
            let checks = checks_agree(pos(fen).board());
            assert!(checks >= at_least, "{checks} checks in {fen}");
        }
        let castle: Move = "e1h1".parse().expect("move");
        assert!(gives_check(
            pos("5k2/8/8/8/8/8/8/4K2R w K - 0 1").board(),
            castle
        ));
        // Every move of the perft suite's positions to two plies, then of
        // long random games from them and from Chess960 starts.
        let mut boards: Vec<Board> = Vec::new();
        for line in include_str!("../tests/data/perft.txt").lines() {
            let board = pos(line.split(';').next().expect("fen").trim())
                .board()
                .clone();
            if !boards.contains(&board) {
                boards.push(board);
            }
        }
        for fen in [
            "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1",
            "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1",
        ] {
            boards.push(Position::from_fen_960(fen).expect("960").board().clone());
        }
        let (mut checks, mut moves) = (0, 0);
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for start in &boards {
            for mv in Position::from_board(start.clone()).legal_moves() {
                let mut child = start.clone();
                child.play_unchecked(mv);
                checks += checks_agree(&child);
            }
            for _ in 0..20 {
                let mut board = start.clone();
                for _ in 0..120 {
                    let legal = Position::from_board(board.clone()).legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    checks += checks_agree(&board);
                    moves += legal.len();
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    board.play_unchecked(legal[(seed % legal.len() as u64) as usize]);
                }
            }
        }
        assert!(
            moves > 100_000 && checks > 5_000,
            "{moves} moves, {checks} checks"
        );
    }

    #[test]
    fn fifty_move_rule() {
        let p = pos("8/8/8/4k3/8/8/R7/4K3 w - - 99 80");
        assert_eq!(p.rule_draw(), None);
        let p = p.play(crate::notation::parse_uci(&p, "a2b2").expect("legal"));
        assert_eq!(p.rule_draw(), Some(DrawReason::FiftyMoves));
    }
}
