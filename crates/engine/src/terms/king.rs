//! Stockfish 11's king danger (`evaluate.cpp`, `Evaluation::king`, tag
//! `sf_11`), for the switch
//! [`EvalTerms::king_danger`](super::EvalTerms::king_danger): in place of
//! the attack units' square, one sum of the attackers of the king's ring
//! and their kinds, the attacks next to the king, the weak squares of the
//! ring, the safe and unsafe checks the enemy has, the pieces that block a
//! slider's line to the king, the attacks on the king's flank, and the
//! enemy's mobility over ours, less the defenders beside the king, the
//! missing enemy queen, the shelter and the defence of the flank; above 100
//! it costs `danger² / 4096` in the middlegame and `danger / 16` in the
//! endgame. Then Stockfish's two flank penalties: a king on a flank without
//! pawns, and each attack on its flank.
//!
//! Every weight is Stockfish 11's, summed in its units (a pawn 128 in the
//! middlegame, 213 in the endgame); the shelter in the sum is Stockfish's
//! ([`super::shelter::shelter_in_stockfish_units`], whichever shield the
//! engine scores), and the mobility is this engine's read back into
//! Stockfish's units (× 128 / 50, the inverse of [`super::sf11`]; exactly
//! Stockfish's tables when `StockfishMobility` is on, up to rounding). The
//! penalties are scaled to a 100-centipawn pawn and halved ([`sf11`]), as
//! the threats and the mobility are (docs/performance-chess.md compares
//! this with the full scale). One
//! difference is kept: the enemy's attacks are this engine's attack maps,
//! whose sliders do not see through their own sliders as Stockfish's do.

use alphabeta_core::Value;
use cozy_chess::{
    Board, Color, File, Piece, Rank, Square, get_between_rays, get_bishop_moves, get_bishop_rays,
    get_king_moves, get_knight_moves, get_rook_moves, get_rook_rays,
};

use super::{AttackMap, FILE_A, pawn_attack_diagonals, sf11};

/// The weight of an attacker of the king's zone by its kind (pawn …
/// king), summed over the attackers and multiplied by their number
/// (`KingAttackWeights`).
pub const ATTACKER_WEIGHT: [Value; 6] = [0, 81, 52, 44, 10, 0];
/// Each attack of an enemy piece on a square next to the king.
const ADJACENT_ATTACK: Value = 69;
/// Each square of the king's ring the enemy attacks and we defend at most
/// once, or only with the king or queen.
const WEAK_RING_SQUARE: Value = 185;
/// A safe check by a queen, rook, bishop, knight (`QueenSafeCheck` …),
/// counted once each.
const SAFE_CHECK: [Value; 4] = [780, 1080, 635, 790];
/// Each square from which an enemy piece could check, but not safely.
const UNSAFE_CHECK: Value = 148;
/// Each piece (of either side) that alone stands between the king and an
/// enemy slider (`blockers_for_king`).
const BLOCKER: Value = 98;
/// Our knight defending next to the king.
const KNIGHT_DEFENDER: Value = 100;
/// The enemy has no queen.
const NO_QUEEN: Value = 873;
/// Stockfish 11's constant term of the sum.
const OFFSET: Value = 37;
/// A king on a flank without pawns (`PawnlessFlank`), Stockfish's units.
const PAWNLESS_FLANK: (Value, Value) = (17, 95);
/// Each enemy attack on the king's flank (`FlankAttacks`, middlegame).
const FLANK_ATTACK: Value = 8;

/// Files a–d, c–f and e–h.
const QUEEN_SIDE: u64 = FILE_A * 0x0F;
const CENTRE_FILES: u64 = FILE_A * 0x3C;
const KING_SIDE: u64 = FILE_A * 0xF0;
/// The flank of a king on each file (`KingFlank`): a–c, a–d, a–d, c–f,
/// c–f, e–h, e–h, f–h.
const KING_FLANK: [u64; 8] = [
    QUEEN_SIDE & !(FILE_A << 3),
    QUEEN_SIDE,
    QUEEN_SIDE,
    CENTRE_FILES,
    CENTRE_FILES,
    KING_SIDE,
    KING_SIDE,
    KING_SIDE & !(FILE_A << 4),
];
/// A side's camp (`Camp`): its first five ranks.
const CAMP: [u64; 2] = [0x0000_00FF_FFFF_FFFF, 0xFFFF_FFFF_FF00_0000];

/// Stockfish 11's king ring of `color`'s king: the king's square and its
/// neighbours, with the centre moved off the edge files and ranks (a king
/// on g1 has the ring of g2), less the squares two of its own pawns
/// defend.
pub(super) fn ring(board: &Board, color: Color) -> u64 {
    let king = board.king(color);
    let centre = Square::new(
        File::index((king.file() as usize).clamp(1, 6)),
        Rank::index((king.rank() as usize).clamp(1, 6)),
    );
    let (west, east) = pawn_attack_diagonals(board.colored_pieces(color, Piece::Pawn).0, color);
    (get_king_moves(centre).0 | centre.bitboard().0) & !(west & east)
}

/// The pieces of either side that alone stand between `color`'s king and
/// an enemy bishop, rook or queen on its line (Stockfish's
/// `blockers_for_king`; the other such sliders do not count as blockers).
fn blockers_for_king(board: &Board, color: Color) -> u64 {
    let king = board.king(color);
    let them = board.colors(!color);
    let queens = board.pieces(Piece::Queen);
    let snipers = (get_rook_rays(king) & (board.pieces(Piece::Rook) | queens) & them)
        | (get_bishop_rays(king) & (board.pieces(Piece::Bishop) | queens) & them);
    let occupancy = board.occupied() ^ snipers;
    let mut blockers = 0;
    for sniper in snipers {
        let between = get_between_rays(king, sniper) & occupancy;
        if between.len() == 1 {
            blockers |= between.0;
        }
    }
    blockers
}

/// The (middlegame, endgame) penalty of `color`'s king: its danger and the
/// two flank penalties, from both sides' attacks `maps` (indexed by
/// colour) and the king's middlegame shelter in Stockfish's units
/// (`shelter_mg`, [`super::shelter::shelter_in_stockfish_units`]), in this
/// engine's centipawns.
pub(super) fn king_danger(
    board: &Board,
    color: Color,
    maps: &[AttackMap; 2],
    shelter_mg: Value,
) -> (Value, Value) {
    let (us, them) = (&maps[color as usize], &maps[!color as usize]);
    let king = board.king(color);
    let weak = them.all
        & !us.twice
        & (!us.all | us.by[Piece::King as usize] | us.by[Piece::Queen as usize]);
    let safe = !board.colors(!color).0 & (!us.all | (weak & them.twice));

    // Our queens do not shield the king from checks along their lines.
    let sees = board.occupied() ^ board.colored_pieces(color, Piece::Queen);
    let rook_lines = get_rook_moves(king, sees).0;
    let bishop_lines = get_bishop_moves(king, sees).0;
    let mut danger = 0;
    let mut unsafe_checks = 0u64;
    let rook_checks = rook_lines & safe & them.by[Piece::Rook as usize];
    if rook_checks != 0 {
        danger += SAFE_CHECK[1];
    } else {
        unsafe_checks |= rook_lines & them.by[Piece::Rook as usize];
    }
    let queen_checks = (rook_lines | bishop_lines)
        & them.by[Piece::Queen as usize]
        & safe
        & !us.by[Piece::Queen as usize]
        & !rook_checks;
    if queen_checks != 0 {
        danger += SAFE_CHECK[0];
    }
    let bishop_checks = bishop_lines & them.by[Piece::Bishop as usize] & safe & !queen_checks;
    if bishop_checks != 0 {
        danger += SAFE_CHECK[2];
    } else {
        unsafe_checks |= bishop_lines & them.by[Piece::Bishop as usize];
    }
    let knight_checks = get_knight_moves(king).0 & them.by[Piece::Knight as usize];
    if knight_checks & safe != 0 {
        danger += SAFE_CHECK[3];
    } else {
        unsafe_checks |= knight_checks;
    }

    let king_flank = KING_FLANK[king.file() as usize];
    let flank = king_flank & CAMP[color as usize];
    let flank_attacks =
        ((them.all & flank).count_ones() + (them.all & them.twice & flank).count_ones()) as Value;
    let flank_defence = (us.all & flank).count_ones() as Value;
    // The ring's squares the enemy pawns attack count as attackers of no
    // weight, as Stockfish 11 counts them.
    let ring = them.enemy_ring;
    let attackers = them.ring_attackers + (ring & them.by[Piece::Pawn as usize]).count_ones();
    let mobility = (them.mobility.0 - us.mobility.0) * 128 / 50;
    danger += attackers as Value * them.king_weight
        + WEAK_RING_SQUARE * (ring & weak).count_ones() as Value
        + UNSAFE_CHECK * unsafe_checks.count_ones() as Value
        + BLOCKER * blockers_for_king(board, color).count_ones() as Value
        + ADJACENT_ATTACK * them.king_adjacent as Value
        + 3 * flank_attacks * flank_attacks / 8
        + mobility
        - NO_QUEEN * Value::from(board.colored_pieces(!color, Piece::Queen).is_empty())
        - KNIGHT_DEFENDER
            * Value::from(us.by[Piece::Knight as usize] & us.by[Piece::King as usize] != 0)
        - 6 * shelter_mg / 8
        - 4 * flank_defence
        + OFFSET;
    let (mut mg, mut eg) = if danger > 100 {
        (danger * danger / 4096, danger / 16)
    } else {
        (0, 0)
    };
    if board.pieces(Piece::Pawn).0 & king_flank == 0 {
        mg += PAWNLESS_FLANK.0;
        eg += PAWNLESS_FLANK.1;
    }
    mg += FLANK_ATTACK * flank_attacks;
    sf11(mg, eg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::Position;

    fn danger(fen: &str, color: Color) -> (Value, Value) {
        let position = Position::from_fen(fen).expect("fen");
        let board = position.board();
        let shelter = super::super::shelter::shelter_in_stockfish_units(board, color).0;
        king_danger(board, color, &AttackMap::both(board, None), shelter)
    }

    /// The start position: no king is in danger.
    #[test]
    fn no_danger_at_the_start() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(danger(start, Color::White), (0, 0));
        assert_eq!(danger(start, Color::Black), (0, 0));
    }

    /// A castled king with its shelter gone, the enemy queen and rook
    /// bearing on it with a safe check, is in danger; the same king with
    /// the enemy queen and rook off the board is not.
    #[test]
    fn an_exposed_king_under_attack_is_in_danger() {
        let attacked = "3r2k1/5ppp/8/8/6q1/8/5P2/6K1 w - - 0 1";
        let quiet = "6k1/5ppp/8/8/8/8/5P2/6K1 w - - 0 1";
        let (mg, eg) = danger(attacked, Color::White);
        assert!(mg > 50 && eg > 0, "{mg} {eg}");
        assert_eq!(danger(quiet, Color::White), (0, 0));
    }

    fn board(fen: &str) -> Board {
        Position::from_fen(fen).expect("fen").board().clone()
    }

    /// The ring of a king on g1 is the ring of g2 (f1 … h3), less what two
    /// own pawns defend: with pawns on f2 and h2, g3 is defended twice.
    #[test]
    fn the_ring_is_moved_off_the_edge_and_loses_doubly_defended_squares() {
        let sq = |s: &str| s.parse::<Square>().expect("square").bitboard().0;
        let g2_ring = ["f1", "g1", "h1", "f2", "g2", "h2", "f3", "g3", "h3"]
            .iter()
            .fold(0, |b, s| b | sq(s));
        let bare = board("6k1/8/8/8/8/8/8/6K1 w - - 0 1");
        assert_eq!(ring(&bare, Color::White), g2_ring);
        let pawns = board("6k1/8/8/8/8/8/5P1P/6K1 w - - 0 1");
        assert_eq!(ring(&pawns, Color::White), g2_ring & !sq("g3"));
        // Black's king on b8: the ring of b7.
        let b7_ring = ["a8", "b8", "c8", "a7", "b7", "c7", "a6", "b6", "c6"]
            .iter()
            .fold(0, |b, s| b | sq(s));
        let black = board("1k6/8/8/8/8/8/8/6K1 w - - 0 1");
        assert_eq!(ring(&black, Color::Black), b7_ring);
    }

    /// A piece alone between the king and an enemy slider blocks, of either
    /// colour; two pieces on the line do not; another slider behind the
    /// first is not a blocker.
    #[test]
    fn blockers_are_single_pieces_on_an_enemy_sliders_line() {
        let sq = |s: &str| s.parse::<Square>().expect("square").bitboard().0;
        // The e-file: the rook e8, our knight e4; the diagonal: the bishop
        // a5, the black pawn c3 (either colour blocks).
        let one = board("4r1k1/8/8/b7/4N3/2p5/8/4K3 w - - 0 1");
        assert_eq!(blockers_for_king(&one, Color::White), sq("e4") | sq("c3"));
        // Two pieces between the rook and the king: no blocker.
        let two = board("4r1k1/8/8/8/4N3/4P3/8/4K3 w - - 0 1");
        assert_eq!(blockers_for_king(&two, Color::White), 0);
        // A queen behind the rook: the rook is a sniper, not a blocker.
        let battery = board("4q1k1/8/4r3/8/4N3/8/8/4K3 w - - 0 1");
        assert_eq!(blockers_for_king(&battery, Color::White), sq("e4"));
    }

    /// The flanks are Stockfish's: a king on e–h has e–h, on c–f or d the
    /// centre files, on a the files a–c.
    #[test]
    fn the_flanks_are_stockfishs() {
        assert_eq!(KING_FLANK[6], FILE_A * 0xF0);
        assert_eq!(KING_FLANK[0], FILE_A * 0x07);
        assert_eq!(KING_FLANK[7], FILE_A * 0xE0);
        assert_eq!(KING_FLANK[3], FILE_A * 0x3C);
        // A king alone on its flank, no pawn there: the pawnless flank
        // penalty, and nothing else where no enemy piece attacks.
        let pawnless = "6k1/8/8/8/8/8/PPP5/6K1 w - - 0 1";
        assert_eq!(
            danger(pawnless, Color::White),
            sf11(PAWNLESS_FLANK.0, PAWNLESS_FLANK.1)
        );
    }
}
