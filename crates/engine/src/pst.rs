//! A tapered piece-square-table evaluation for the playing engine
//! ([`crate::EngineEval::Tapered`]): each piece has a middlegame and an
//! endgame value on each square (material included), and the two totals
//! are blended by the game phase, from 24 (every minor piece, rook and
//! queen on the board) down to 0 (pawns and kings only). The usual scheme
//! of programs since the 1990s (Fruit, PeSTO); the tables are this
//! project's own, written from the plain principles — centralise knights
//! and the endgame king, keep the middlegame king sheltered, advance
//! pawns, rooks on the seventh — and not tuned: weights tuned by
//! the tuner (`tune`) on Stockfish-labelled self-play positions did not gain in
//! matches against these (docs/chess.md), so these stay.
//!
//! Used only by the UCI engine: the experiments evaluate with
//! [`alphabeta_chess::eval::Evaluator`], and [`crate::EngineEval::Standard`] stays
//! as it was.

use alphabeta_core::Value;
use cozy_chess::{Board, Color, Piece};

use crate::terms::EvalTerms;

mod stockfish;

/// Middlegame and endgame material: pawn, knight, bishop, rook, queen, king.
pub(crate) const MATERIAL_MG: [Value; 6] = [90, 320, 330, 480, 950, 0];
const MATERIAL_EG: [Value; 6] = [110, 290, 310, 520, 930, 0];

/// Phase weight of each piece (pawns and kings 0); the sum at the start is 24.
pub const PHASE_WEIGHT: [Value; 6] = [0, 1, 1, 2, 4, 0];
pub const FULL_PHASE: Value = 24;

/// Bishop pair bonus (middlegame, endgame).
const BISHOP_PAIR: (Value, Value) = (30, 50);

/// Bonus for having the move.
const TEMPO: Value = 10;

// Tables from White's side, written as the board is seen: the first row is
// the eighth rank, a8 to h8; the last row the first rank, a1 to h1.

#[rustfmt::skip]
const PAWN_MG: [Value; 64] = [
     0,   0,   0,   0,   0,   0,   0,   0,
    40,  40,  40,  45,  45,  40,  40,  40,
    15,  15,  20,  30,  30,  20,  15,  15,
     5,   5,  10,  25,  25,  10,   5,   5,
     0,   0,   5,  20,  20,   5,   0,   0,
     0,   0,   0,   5,   5,   0,   0,   0,
     0,   0,   0, -10, -10,   5,   5,   5,
     0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const PAWN_EG: [Value; 64] = [
     0,   0,   0,   0,   0,   0,   0,   0,
    90,  90,  90,  90,  90,  90,  90,  90,
    55,  55,  55,  55,  55,  55,  55,  55,
    30,  30,  30,  30,  30,  30,  30,  30,
    15,  15,  15,  15,  15,  15,  15,  15,
     5,   5,   5,   5,   5,   5,   5,   5,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const KNIGHT: [Value; 64] = [
   -50, -35, -25, -20, -20, -25, -35, -50,
   -35, -15,   0,   5,   5,   0, -15, -35,
   -25,   5,  15,  20,  20,  15,   5, -25,
   -20,   5,  20,  25,  25,  20,   5, -20,
   -20,   0,  15,  25,  25,  15,   0, -20,
   -25,   0,  10,  15,  15,  10,   0, -25,
   -35, -15,   0,   0,   0,   0, -15, -35,
   -50, -30, -25, -20, -20, -25, -30, -50,
];

#[rustfmt::skip]
const BISHOP_MG: [Value; 64] = [
   -20, -10, -10, -10, -10, -10, -10, -20,
   -10,   0,   0,   0,   0,   0,   0, -10,
   -10,   0,   5,  10,  10,   5,   0, -10,
   -10,   5,  10,  15,  15,  10,   5, -10,
   -10,   5,  10,  15,  15,  10,   5, -10,
   -10,   5,   5,  10,  10,   5,   5, -10,
   -10,  10,   0,   5,   5,   0,  10, -10,
   -20, -10, -15, -10, -10, -15, -10, -20,
];

#[rustfmt::skip]
const BISHOP_EG: [Value; 64] = [
   -15, -10, -10, -10, -10, -10, -10, -15,
   -10,  -5,   0,   0,   0,   0,  -5, -10,
   -10,   0,   5,   5,   5,   5,   0, -10,
   -10,   0,   5,  10,  10,   5,   0, -10,
   -10,   0,   5,  10,  10,   5,   0, -10,
   -10,   0,   5,   5,   5,   5,   0, -10,
   -10,  -5,   0,   0,   0,   0,  -5, -10,
   -15, -10, -10, -10, -10, -10, -10, -15,
];

#[rustfmt::skip]
const ROOK_MG: [Value; 64] = [
     5,   5,   5,  10,  10,   5,   5,   5,
    20,  25,  25,  25,  25,  25,  25,  20,
    -5,   0,   0,   0,   0,   0,   0,  -5,
    -5,   0,   0,   0,   0,   0,   0,  -5,
    -5,   0,   0,   0,   0,   0,   0,  -5,
    -5,   0,   0,   0,   0,   0,   0,  -5,
   -10,  -5,   0,   0,   0,   0,  -5, -10,
     0,   0,   5,  10,  10,   5,   0,   0,
];

#[rustfmt::skip]
const ROOK_EG: [Value; 64] = [
     5,   5,   5,   5,   5,   5,   5,   5,
    15,  15,  15,  15,  15,  15,  15,  15,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const QUEEN_MG: [Value; 64] = [
   -15, -10, -10,  -5,  -5, -10, -10, -15,
   -10,   0,   0,   0,   0,   0,   0, -10,
   -10,   0,   5,   5,   5,   5,   0, -10,
    -5,   0,   5,   5,   5,   5,   0,  -5,
    -5,   0,   5,   5,   5,   5,   0,  -5,
   -10,   0,   5,   5,   5,   5,   0, -10,
   -10,   0,   0,   0,   0,   0,   0, -10,
   -15, -10, -10,   0,  -5, -10, -10, -15,
];

#[rustfmt::skip]
const QUEEN_EG: [Value; 64] = [
   -20, -10, -10, -10, -10, -10, -10, -20,
   -10,   0,   0,   0,   0,   0,   0, -10,
   -10,   0,  10,  10,  10,  10,   0, -10,
   -10,   0,  10,  15,  15,  10,   0, -10,
   -10,   0,  10,  15,  15,  10,   0, -10,
   -10,   0,  10,  10,  10,  10,   0, -10,
   -10,   0,   0,   0,   0,   0,   0, -10,
   -20, -10, -10, -10, -10, -10, -10, -20,
];

#[rustfmt::skip]
const KING_MG: [Value; 64] = [
   -40, -50, -50, -60, -60, -50, -50, -40,
   -40, -50, -50, -60, -60, -50, -50, -40,
   -40, -50, -50, -60, -60, -50, -50, -40,
   -35, -45, -45, -55, -55, -45, -45, -35,
   -25, -35, -35, -45, -45, -35, -35, -25,
   -10, -20, -20, -25, -25, -20, -20, -10,
    10,  10,  -5, -15, -15,  -5,  10,  10,
    15,  30,  15,  -5,   0,  -5,  30,  20,
];

#[rustfmt::skip]
const KING_EG: [Value; 64] = [
   -50, -35, -25, -20, -20, -25, -35, -50,
   -30, -15,  -5,   0,   0,  -5, -15, -30,
   -25,  -5,  15,  20,  20,  15,  -5, -25,
   -20,   0,  20,  30,  30,  20,   0, -20,
   -20,   0,  20,  30,  30,  20,   0, -20,
   -25,  -5,  15,  20,  20,  15,  -5, -25,
   -30, -15,  -5,   0,   0,  -5, -15, -30,
   -50, -35, -25, -20, -20, -25, -35, -50,
];

/// The tables by piece (pawn … king), middlegame then endgame.
const TABLES: [(&[Value; 64], &[Value; 64]); 6] = [
    (&PAWN_MG, &PAWN_EG),
    (&KNIGHT, &KNIGHT),
    (&BISHOP_MG, &BISHOP_EG),
    (&ROOK_MG, &ROOK_EG),
    (&QUEEN_MG, &QUEEN_EG),
    (&KING_MG, &KING_EG),
];

/// Material plus table value of every piece on every square, for White,
/// indexed by piece and square (a1 = 0): `(middlegame, endgame)`.
const fn white_values() -> [[(Value, Value); 64]; 6] {
    let mut out = [[(0, 0); 64]; 6];
    let mut p = 0;
    while p < 6 {
        let mut sq = 0;
        while sq < 64 {
            // a1 is the first square of the last row as written.
            let seen = sq ^ 56;
            out[p][sq] = (
                MATERIAL_MG[p] + TABLES[p].0[seen],
                MATERIAL_EG[p] + TABLES[p].1[seen],
            );
            sq += 1;
        }
        p += 1;
    }
    out
}

/// [`white_values`] with Stockfish 11's bonuses ([`stockfish`]) in place of
/// the tables of the knight, bishop, rook, queen and king.
const fn stockfish_white_values() -> [[(Value, Value); 64]; 6] {
    let mut out = white_values();
    let mut p = 1;
    while p < 6 {
        let mut sq = 0;
        while sq < 64 {
            let (mg, eg) = stockfish::bonus(p, sq, (MATERIAL_MG[p], MATERIAL_EG[p]));
            out[p][sq] = (MATERIAL_MG[p] + mg, MATERIAL_EG[p] + eg);
            sq += 1;
        }
        p += 1;
    }
    out
}

/// The weights of the tapered evaluation: what [`evaluate_weighted`] reads
/// and what the tuner (`tune`) adjusts. The engine plays with
/// [`PstWeights::DEFAULT`], compiled in from the tables above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PstWeights {
    /// Material plus table value of each piece (pawn … king) on each square
    /// (a1 = 0) for White, `(middlegame, endgame)`; Black's are mirrored.
    pub values: [[(Value, Value); 64]; 6],
    /// Bishop pair bonus `(middlegame, endgame)`.
    pub bishop_pair: (Value, Value),
    /// Bonus for having the move.
    pub tempo: Value,
}

impl PstWeights {
    /// The engine's weights.
    pub const DEFAULT: PstWeights = PstWeights {
        values: white_values(),
        bishop_pair: BISHOP_PAIR,
        tempo: TEMPO,
    };

    /// [`PstWeights::DEFAULT`] with Stockfish 11's piece-square bonuses for
    /// the pieces ([`EvalTerms::stockfish_psqt`]).
    pub const STOCKFISH: PstWeights = PstWeights {
        values: stockfish_white_values(),
        bishop_pair: BISHOP_PAIR,
        tempo: TEMPO,
    };

    /// The weights `terms` play with: [`PstWeights::STOCKFISH`] when
    /// [`EvalTerms::stockfish_psqt`] is on, else [`PstWeights::DEFAULT`].
    pub fn of(terms: EvalTerms) -> &'static PstWeights {
        if terms.stockfish_psqt {
            &STOCKFISH_WEIGHTS
        } else {
            &DEFAULT_WEIGHTS
        }
    }
}

impl Default for PstWeights {
    fn default() -> Self {
        PstWeights::DEFAULT
    }
}

static DEFAULT_WEIGHTS: PstWeights = PstWeights::DEFAULT;
static STOCKFISH_WEIGHTS: PstWeights = PstWeights::STOCKFISH;

/// The middlegame and endgame values of `color`'s pieces.
#[inline]
fn side(board: &Board, color: Color, weights: &PstWeights) -> (Value, Value, Value) {
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    let flip = if color == Color::White { 0 } else { 56 };
    for piece in Piece::ALL {
        let table = &weights.values[piece as usize];
        let squares = board.colored_pieces(color, piece);
        phase += PHASE_WEIGHT[piece as usize] * squares.len() as Value;
        for sq in squares {
            let (m, e) = table[sq as usize ^ flip];
            mg += m;
            eg += e;
        }
    }
    if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
        mg += weights.bishop_pair.0;
        eg += weights.bishop_pair.1;
    }
    (mg, eg, phase)
}

/// The game phase of `board`: 24 with all pieces on, 0 with pawns and
/// kings only (more than the starting material counts as 24).
pub fn phase(board: &Board) -> Value {
    Piece::ALL
        .iter()
        .map(|&p| PHASE_WEIGHT[p as usize] * board.pieces(p).len() as Value)
        .sum::<Value>()
        .min(FULL_PHASE)
}

/// The tapered value of `board` for the side to move (centipawns), from
/// the tables alone.
pub fn evaluate(board: &Board) -> Value {
    evaluate_with(board, EvalTerms::NONE)
}

/// The tapered value of `board` for the side to move (centipawns): the
/// tables plus the `terms` of [`crate::terms`], each tapered as they are.
pub fn evaluate_with(board: &Board, terms: EvalTerms) -> Value {
    evaluate_weighted(board, terms, PstWeights::of(terms))
}

/// [`evaluate_with`] with the tables, bishop pair and tempo of `weights`
/// in place of the engine's: the one function the engine plays with (at
/// [`PstWeights::DEFAULT`]) and the tuner measures its loss with.
pub fn evaluate_weighted(board: &Board, terms: EvalTerms, weights: &PstWeights) -> Value {
    let (wm, we, wp) = side(board, Color::White, weights);
    let (bm, be, bp) = side(board, Color::Black, weights);
    let (tm, te) = crate::terms::white_minus_black(board, terms);
    let phase = (wp + bp).min(FULL_PHASE);
    let (mg, eg, scale) = crate::terms::winnable(board, terms, wm - bm + tm, we - be + te);
    let eg = eg * scale / crate::terms::SCALE_NORMAL;
    let white = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
    let us = if board.side_to_move() == Color::White {
        white
    } else {
        -white
    };
    us + weights.tempo
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::Position;

    /// The FEN of `fen` with the board mirrored top to bottom and the
    /// colours swapped (the same position for the other side).
    fn colour_flipped(fen: &str) -> String {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let rows: Vec<String> = fields[0].split('/').rev().map(swap).collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        let castling = if fields[2] == "-" {
            "-".to_string()
        } else {
            let mut c: Vec<char> = swap(fields[2]).chars().collect();
            c.sort_by_key(|&x| (x.is_ascii_lowercase(), x == 'q' || x == 'Q'));
            c.into_iter().collect()
        };
        let ep = if fields[3] == "-" {
            "-".to_string()
        } else {
            let b = fields[3].as_bytes();
            format!("{}{}", b[0] as char, if b[1] == b'3' { '6' } else { '3' })
        };
        format!(
            "{} {side} {castling} {ep} {}",
            rows.join("/"),
            fields[4..].join(" ")
        )
    }

    #[test]
    fn the_value_is_symmetric_under_a_colour_flip() {
        let records =
            alphabeta_chess::epd::read_epd(include_str!("../../chess/tests/data/wac.epd"));
        let mut checked = 0;
        for r in records.into_iter().take(60) {
            let pos = r.expect("wac").position;
            let fen = pos.fen();
            let flipped = Position::from_fen(&colour_flipped(&fen)).expect("flipped fen");
            assert_eq!(
                evaluate(pos.board()),
                evaluate(flipped.board()),
                "{fen} vs {}",
                flipped.fen()
            );
            // With every term of `crate::terms` too, and each alone.
            let mut each = vec![EvalTerms::ALL, EvalTerms::default()];
            for switch in EvalTerms::SWITCHES {
                let mut t = EvalTerms::NONE;
                *(switch.field)(&mut t) = true;
                each.push(t);
            }
            for terms in each {
                assert_eq!(
                    evaluate_with(pos.board(), terms),
                    evaluate_with(flipped.board(), terms),
                    "{terms:?}: {fen} vs {}",
                    flipped.fen()
                );
            }
            checked += 1;
        }
        assert_eq!(checked, 60);
        // The start position: equal, so the tempo bonus alone.
        assert_eq!(evaluate(Position::startpos().board()), TEMPO);
    }

    #[test]
    fn the_phase_tapers_from_the_opening_to_the_pawn_ending() {
        assert_eq!(phase(Position::startpos().board()), FULL_PHASE);
        let pawns = Position::from_fen("4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1").expect("fen");
        assert_eq!(phase(pawns.board()), 0);
        // In a pawn ending the king belongs in the centre; with queens and
        // rooks on, it belongs at home.
        let centre = Position::from_fen("8/8/8/4k3/8/3K4/8/8 w - - 0 1").expect("fen");
        let corner = Position::from_fen("8/8/8/4k3/8/8/8/K7 w - - 0 1").expect("fen");
        assert!(evaluate(centre.board()) > evaluate(corner.board()) + 50);
        let home = Position::from_fen("rnbqkbnr/8/8/8/8/8/8/RNBQ1RK1 w - - 0 1").expect("fen");
        let exposed = Position::from_fen("rnbqkbnr/8/8/8/4K3/8/8/RNBQ1R2 w - - 0 1").expect("fen");
        assert!(evaluate(home.board()) > evaluate(exposed.board()) + 50);
    }

    #[test]
    fn material_dominates_placement() {
        // A knight up on the worst square beats equal material anywhere.
        let up = Position::from_fen("4k3/8/8/8/8/8/8/N3K3 w - - 0 1").expect("fen");
        let even = Position::from_fen("4k3/8/8/8/3n4/8/8/3NK3 w - - 0 1").expect("fen");
        assert!(evaluate(up.board()) > evaluate(even.board()) + 150);
    }
}
