//! The pawn weaknesses of Stockfish 11's classical evaluation (`pawns.cpp`,
//! `evaluate<Us>`), for the switch
//! [`EvalTerms::weak_pawns`](super::EvalTerms::weak_pawns): a pawn that is
//! neither defended by an own pawn nor beside one is isolated (no own pawn
//! on an adjacent file) or backward (no own pawn on an adjacent file level
//! with it or behind it, and an enemy pawn blocks it or attacks the square
//! in front of it), with more when no enemy pawn stands ahead on its file
//! (unopposed: open to the enemy's rooks); a pawn without a defender is
//! penalised when an own pawn stands directly behind it (doubled) and when
//! two enemy pawns attack it (a weak lever).
//!
//! The weights are Stockfish 11's, scaled from its units to a 100-centipawn
//! pawn and not halved ([`super::sf11_full`]): they take the place of this
//! engine's doubled and isolated pawn terms, which are of that size.

use alphabeta_core::Value;
use cozy_chess::{BitBoard, Color};

use super::{ADJACENT, fill_forward, forward, pawn_attacks, phalanx, sf11_full};

/// An isolated pawn (`Isolated`).
pub const ISOLATED: (Value, Value) = sf11_full(5, 15);
/// A backward pawn (`Backward`).
pub const BACKWARD: (Value, Value) = sf11_full(9, 24);
/// An isolated or backward pawn with no enemy pawn ahead on its file, on top
/// of its penalty (`WeakUnopposed`).
pub const WEAK_UNOPPOSED: (Value, Value) = sf11_full(13, 27);
/// An undefended pawn with an own pawn directly behind it (`Doubled`).
pub const DOUBLED: (Value, Value) = sf11_full(11, 56);
/// An undefended pawn that two enemy pawns attack (`WeakLever`).
pub const WEAK_LEVER: (Value, Value) = sf11_full(0, 56);

/// The (middlegame, endgame) penalty of `color`'s pawns `ours` against the
/// enemy's pawns `theirs`, as a negative value.
pub(super) fn weak_pawns(color: Color, ours: u64, theirs: u64) -> (Value, Value) {
    let (mut mg, mut eg) = (0, 0);
    let mut sub = |(m, e): (Value, Value)| {
        mg -= m;
        eg -= e;
    };
    for sq in BitBoard(ours) {
        let bit = sq.bitboard().0;
        let stop = forward(bit, color);
        let opposed = theirs & fill_forward(stop, color) != 0;
        let lever = theirs & pawn_attacks(bit, color);
        let lever_push = theirs & pawn_attacks(stop, color);
        let doubled = ours & forward(bit, !color) != 0;
        let neighbours = ours & ADJACENT[sq as usize % 8];
        let support = ours & pawn_attacks(bit, !color);
        if support | phalanx(sq, ours) == 0 {
            // Backward: no own pawn on an adjacent file level with it or
            // behind it, and its advance blocked by a pawn or contested by
            // one.
            let level = 0xFFu64 << (8 * (sq as usize / 8));
            let ranks_ahead = fill_forward(forward(level, color), color);
            let backward = neighbours & !ranks_ahead == 0 && (lever_push | (theirs & stop)) != 0;
            if neighbours == 0 || backward {
                sub(if neighbours == 0 { ISOLATED } else { BACKWARD });
                if !opposed {
                    sub(WEAK_UNOPPOSED);
                }
            }
        }
        if support == 0 {
            if doubled {
                sub(DOUBLED);
            }
            if lever.count_ones() >= 2 {
                sub(WEAK_LEVER);
            }
        }
    }
    (mg, eg)
}

#[cfg(test)]
mod tests {
    use super::super::{EvalTerms, white_minus_black};
    use super::*;
    use alphabeta_chess::Position;

    fn weak(fen: &str) -> (Value, Value) {
        let terms = EvalTerms {
            weak_pawns: true,
            ..EvalTerms::NONE
        };
        white_minus_black(Position::from_fen(fen).expect("fen").board(), terms)
    }

    fn sum(parts: &[(Value, Value)]) -> (Value, Value) {
        parts.iter().fold((0, 0), |(m, e), p| (m + p.0, e + p.1))
    }

    fn neg((m, e): (Value, Value)) -> (Value, Value) {
        (-m, -e)
    }

    /// An isolated pawn costs more when no enemy pawn stands ahead on its
    /// file; Black's mirror image costs Black the same.
    #[test]
    fn an_unopposed_isolated_pawn_is_weaker_than_an_opposed_one() {
        assert_eq!(
            weak("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1"),
            neg(sum(&[ISOLATED, WEAK_UNOPPOSED]))
        );
        assert_eq!(
            weak("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"),
            sum(&[ISOLATED, WEAK_UNOPPOSED])
        );
        // With a black d-pawn ahead, both are isolated and opposed.
        assert_eq!(weak("4k3/3p4/8/8/8/8/3P4/4K3 w - - 0 1"), (0, 0));
    }

    /// d3 has its only neighbour (e4) ahead of it and Black's c5 attacks
    /// d4: backward and unopposed. e4, defended by d3, is not weak. Black's
    /// c5 is isolated and unopposed.
    #[test]
    fn a_pawn_left_behind_whose_advance_is_contested_is_backward() {
        let white = neg(sum(&[BACKWARD, WEAK_UNOPPOSED]));
        let black = neg(sum(&[ISOLATED, WEAK_UNOPPOSED]));
        assert_eq!(
            weak("4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1"),
            (white.0 - black.0, white.1 - black.1)
        );
        // Without the lever on d4 (Black's pawn on a5) d3 may advance.
        let black = neg(sum(&[ISOLATED, WEAK_UNOPPOSED]));
        assert_eq!(
            weak("4k3/8/8/p7/4P3/3P4/8/4K3 w - - 0 1"),
            (-black.0, -black.1)
        );
    }

    /// c3 with c2 behind it and no defender is doubled (both isolated and
    /// unopposed); a pawn beside or behind on the adjacent file takes every
    /// penalty away.
    #[test]
    fn only_an_undefended_doubled_pawn_is_penalised() {
        let isolated = sum(&[ISOLATED, WEAK_UNOPPOSED]);
        assert_eq!(
            weak("4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1"),
            neg(sum(&[isolated, isolated, DOUBLED]))
        );
        assert_eq!(weak("4k3/8/8/8/2P5/2PP4/8/4K3 w - - 0 1"), (0, 0));
    }

    /// d4, attacked by c5 and e5, is a weak lever (and isolated, unopposed);
    /// c5 and e5 are isolated and unopposed for Black.
    #[test]
    fn a_pawn_two_enemy_pawns_attack_is_a_weak_lever() {
        let isolated = sum(&[ISOLATED, WEAK_UNOPPOSED]);
        let white = sum(&[isolated, WEAK_LEVER]);
        let black = sum(&[isolated, isolated]);
        assert_eq!(
            weak("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1"),
            (black.0 - white.0, black.1 - white.1)
        );
    }

    /// The switch takes the place of the doubled and isolated pawn terms.
    #[test]
    fn it_replaces_the_doubled_and_isolated_terms() {
        let fen = "4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1";
        let board = Position::from_fen(fen).expect("fen");
        let all = EvalTerms {
            weak_pawns: true,
            doubled_pawns: true,
            isolated_pawns: true,
            ..EvalTerms::NONE
        };
        assert_eq!(white_minus_black(board.board(), all), weak(fen));
    }
}
