//! Move notation: UCI (`e2e4`, `e7e8q`, castling as `e1g1`) and Standard
//! Algebraic Notation (`Nf3`, `exd6`, `O-O`, `e8=Q+`).
//!
//! cozy-chess writes castling as "king takes own rook" (`e1h1`); these
//! functions convert to and from the standard forms. SAN reading is
//! lenient about the spellings found in real PGN files: `0-0` for `O-O`,
//! annotation marks (`!`, `?`), a trailing `e.p.`, a promotion without `=`.

use cozy_chess::Move;
use cozy_chess::util::{display_san_move, display_uci_move, parse_san_move, parse_uci_move};

use crate::position::Position;

/// A move that could not be read, or is not legal in the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in the notation.
    #[error("{text:?} is not a {notation} move")]
    Syntax {
        /// The text given.
        text: String,
        /// `UCI` or `SAN`.
        notation: &'static str,
    },
    /// The move is well formed but not legal (or ambiguous) here.
    #[error("{text:?} is not a legal move in {fen}")]
    Illegal {
        /// The text given.
        text: String,
        /// The position.
        fen: String,
    },
}

/// Reads a UCI move and checks that it is legal in `pos`.
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let mv = parse_uci_move(pos.board(), text).map_err(|_| MoveError::Syntax {
        text: text.to_string(),
        notation: "UCI",
    })?;
    if pos.is_legal(mv) {
        Ok(mv)
    } else {
        Err(MoveError::Illegal {
            text: text.to_string(),
            fen: pos.fen(),
        })
    }
}

/// Writes a legal move in UCI notation (castling as the king's two-square move).
pub fn to_uci(pos: &Position, mv: Move) -> String {
    display_uci_move(pos.board(), mv).to_string()
}

/// Reads a SAN move, leniently, and checks that it is legal in `pos`.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let clean = normalize_san(text);
    if clean.is_empty() || !clean.is_ascii() {
        return Err(MoveError::Syntax {
            text: text.to_string(),
            notation: "SAN",
        });
    }
    parse_san_move(pos.board(), &clean)
        .or_else(|e| {
            // A promotion written without "=" and in lower case ("e8q").
            let bytes = clean.as_bytes();
            match bytes.last() {
                Some(c @ (b'q' | b'r' | b'b' | b'n')) if clean.len() >= 3 => {
                    let fixed = format!(
                        "{}={}",
                        &clean[..clean.len() - 1],
                        (*c as char).to_ascii_uppercase()
                    );
                    parse_san_move(pos.board(), &fixed)
                }
                _ => Err(e),
            }
        })
        .map_err(|_| MoveError::Illegal {
            text: text.to_string(),
            fen: pos.fen(),
        })
}

/// Writes a move in SAN, with `+` or `#`. A move that is not legal in
/// `pos` has no SAN; it is written in UCI notation instead.
pub fn to_san(pos: &Position, mv: Move) -> String {
    if pos.is_legal(mv) {
        display_san_move(pos.board(), mv).to_string()
    } else {
        mv.to_string()
    }
}

/// Strips what real files add to SAN and the move generator does not read.
fn normalize_san(text: &str) -> String {
    let mut s = text.trim().trim_end_matches(['!', '?']).to_string();
    if let Some(stripped) = s.strip_suffix("e.p.") {
        s = stripped.trim_end().to_string();
    }
    s = s.trim_end_matches(['+', '#']).to_string();
    if s.starts_with('0') {
        s = s.replace('0', "O");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_castling_is_the_kings_two_square_move() {
        let p = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("fen");
        let mv = parse_uci(&p, "e1g1").expect("castle");
        assert_eq!(to_uci(&p, mv), "e1g1");
        assert_eq!(to_san(&p, mv), "O-O");
        assert_eq!(to_san(&p, parse_uci(&p, "e1c1").expect("castle")), "O-O-O");
    }

    #[test]
    fn san_round_trips_every_legal_move() {
        let p = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .expect("kiwipete");
        for mv in p.legal_moves() {
            let san = to_san(&p, mv);
            assert_eq!(parse_san(&p, &san), Ok(mv), "{san}");
            assert_eq!(parse_uci(&p, &to_uci(&p, mv)), Ok(mv));
        }
    }

    #[test]
    fn lenient_san_spellings() {
        let p = Position::from_fen("4k3/1P6/8/3pP3/8/8/8/R3K3 w Q d6 0 1").expect("fen");
        assert_eq!(to_uci(&p, parse_san(&p, "exd6e.p.").expect("ep")), "e5d6");
        assert_eq!(to_uci(&p, parse_san(&p, "b8Q").expect("promo")), "b7b8q");
        assert_eq!(to_uci(&p, parse_san(&p, "b8=N!?").expect("promo")), "b7b8n");
        assert_eq!(to_uci(&p, parse_san(&p, "0-0-0").expect("castle")), "e1c1");
        assert_eq!(to_san(&p, parse_san(&p, "b8=Q").expect("promo")), "b8=Q+");
    }

    #[test]
    fn an_illegal_move_is_written_in_uci() {
        let p = Position::startpos();
        let mv: Move = "e2e5".parse().expect("move syntax");
        assert_eq!(to_san(&p, mv), "e2e5");
    }

    #[test]
    fn errors_name_the_move() {
        let p = Position::startpos();
        assert!(matches!(
            parse_uci(&p, "e2e5"),
            Err(MoveError::Illegal { .. })
        ));
        assert!(matches!(parse_uci(&p, "zz"), Err(MoveError::Syntax { .. })));
        assert!(matches!(
            parse_san(&p, "Nf6"),
            Err(MoveError::Illegal { .. })
        ));
        assert!(matches!(parse_san(&p, "Ж"), Err(MoveError::Syntax { .. })));
    }
}
