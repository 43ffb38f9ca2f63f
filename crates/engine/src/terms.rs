//! Evaluation terms beyond material and piece-square tables, for the
//! playing engine's tapered evaluation ([`crate::pst::evaluate_with`]):
//! pawn structure (passed, doubled and isolated pawns), rooks on open and
//! half-open files, king safety (the pawn shield and the enemy pieces
//! that attack the squares around the king), piece mobility and threats
//! against pieces (after Stockfish 11). The classical terms of chess
//! programs since Chess 4.x (Slate & Atkin 1977) and described in most
//! engine write-ups (Fruit, the Chess Programming Wiki); the weights are
//! this project's own round numbers, or another engine's values scaled to
//! this engine's pawn where a constant says so, not tuned.
//!
//! Each term is switched by [`EvalTerms`] (one UCI check option each, in the
//! order of [`EvalTerms::SWITCHES`]), so that each can be measured by a
//! match with it off. Used only by the UCI
//! engine: the experiments evaluate with [`alphabeta_chess::eval::Evaluator`].

use alphabeta_core::Value;
use cozy_chess::{
    BitBoard, Board, Color, Piece, Square, get_bishop_moves, get_bishop_rays, get_king_moves,
    get_knight_moves, get_rook_moves, get_rook_rays,
};

use crate::switches::switch_set;

mod imbalance;
mod king;
mod mobility;
mod passed;
mod pieces;
mod shelter;
mod weak_pawns;
mod winnable;

pub use winnable::SCALE_NORMAL;

switch_set! {
    /// Which terms the tapered evaluation adds to its tables: by default the
    /// terms that gained in the matches of docs/chess.md and
    /// docs/performance-chess.md (threats, mobility with Stockfish's tables,
    /// piece placement, the passed pawn's path, the shelter and Stockfish's
    /// king danger among them); isolated pawns and the other pawn-structure
    /// terms did not and stay off.
    /// [`EvalTerms::NONE`] is the tables alone.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct EvalTerms {
        /// A bonus for a pawn with no enemy pawn ahead of it on its own or an
        /// adjacent file, growing with its rank (larger in the endgame).
        passed_pawns("PassedPawns"): default true, none false;
        /// A penalty for each pawn beyond the first on a file.
        doubled_pawns("DoubledPawns"): default true, none false;
        /// A penalty for a pawn with no friendly pawn on an adjacent file.
        isolated_pawns("IsolatedPawns"): default false, none false;
        /// A bonus for a rook on a file without pawns (open) or without its
        /// own pawns (half-open).
        rook_files("RookFiles"): default true, none false;
        /// Middlegame only: a bonus for the pawns sheltering a king on its
        /// first two ranks, and a penalty growing with the square of the
        /// enemy attacks on the squares around the king when two or more
        /// pieces attack them.
        king_safety("KingSafety"): default true, none false;
        /// A bonus for each square a knight, bishop, rook or queen attacks that
        /// holds no piece of its own side and no enemy pawn attacks, counted
        /// from the piece's typical number (so an average piece adds nothing).
        mobility("Mobility"): default MOBILITY_DEFAULT, none false;
        /// A bonus for a pawn defended by an own pawn or standing beside one
        /// on its rank, growing with its rank (less when an enemy pawn stands
        /// ahead on its file).
        connected_pawns("ConnectedPawns"): default CONNECTED_DEFAULT, none false;
        /// Half the passed-pawn bonus for a pawn that is not passed but whose
        /// only blockers on the adjacent files are pawns it can exchange with
        /// or outnumbers (a candidate passed pawn).
        candidate_passers("CandidatePassers"): default CANDIDATE_DEFAULT, none false;
        /// Middlegame only: a penalty for each enemy pawn advancing on the
        /// king's file or a neighbouring one that no own pawn blocks, growing as
        /// it comes nearer (a pawn storm); with `Shelter` on, on top of the
        /// storm that term counts.
        pawn_storm("PawnStorm"): default false, none false;
        /// Middlegame only, with most pieces on: a bonus for the safe squares
        /// of the four central files on the side's own second to fourth ranks
        /// (those behind its pawns counted twice), weighted by the square of
        /// its number of pieces (space).
        space("Space"): default false, none false;
        /// Threats: a bonus for the enemy pieces our pieces attack (by the
        /// kind of attacker and of target), for hanging ones, for the pieces
        /// our safe pawns attack and those a safe pawn push would attack, and
        /// for the squares we contest that the enemy does not hold strongly.
        threats("Threats"): default THREATS_DEFAULT, none false;
        /// Piece placement (Stockfish 11's `pieces()` terms, module
        /// `pieces`): knights and bishops on outposts, behind a pawn, near
        /// their king; own pawns on a bishop's colour; a bishop on a long
        /// diagonal; a rook on a queen's file or trapped by its own king.
        pieces("Pieces"): default PIECES_DEFAULT, none false;
        /// With king safety on, Stockfish 11's king danger (module `king`:
        /// attackers by kind, attacks next to the king, weak squares of its
        /// zone, safe and unsafe checks) in place of the square of the
        /// attack units.
        king_danger("KingDanger"): default KING_DANGER_DEFAULT, none false;
        /// From a passed pawn's 4th rank on (module `passed`): the kings'
        /// distances to the square in front of it (endgame) and a bonus by
        /// how much of its path the enemy attacks (Stockfish 11's).
        passed_path("PassedPawnPath"): default PASSED_PATH_DEFAULT, none false;
        /// How winnable the advantage is (Stockfish 12's `winnable`, module
        /// `winnable`): a complexity added to the endgame value on the side
        /// ahead (pawns, passed pawns, both flanks, the kings' places), and
        /// the endgame value scaled down in pawnless, opposite-bishop, one-flank
        /// rook, queen-against-none and few-pawn endings.
        winnable("Winnable"): default WINNABLE_DEFAULT, none false;
        /// With king safety on, Stockfish 11's pawn shelter and storm
        /// (module `shelter`: the own and the enemy pawns on the king's
        /// file and its neighbours by their ranks and the file's distance
        /// from the edge, the castled king's shelter while the side may
        /// castle, the king's distance to its pawns in the endgame) in
        /// place of the pawn shield.
        shelter("Shelter"): default SHELTER_DEFAULT, none false;
        /// With mobility on, Stockfish 11's mobility (module `mobility`: its
        /// tables by the number of squares, over its mobility area, with
        /// its x-rays) in place of Fruit's linear weights.
        stockfish_mobility("StockfishMobility"): default STOCKFISH_MOBILITY_DEFAULT, none false;
        /// Stockfish 11's piece-square bonuses for the knight, bishop, rook,
        /// queen and king (module `pst::stockfish`, each scaled to the
        /// piece's material here) in place of this engine's tables for them.
        stockfish_psqt("StockfishPsqt"): default STOCKFISH_PSQT_DEFAULT, none false;
        /// Stockfish 11's pawn weaknesses (module `weak_pawns`): isolated
        /// and backward pawns, more when unopposed, undefended doubled
        /// pawns and pawns two enemy pawns attack, in place of the doubled
        /// and isolated pawn terms.
        weak_pawns("WeakPawns"): default WEAK_PAWNS_DEFAULT, none false;
        /// Stockfish 11's material imbalance (module `imbalance`: a
        /// second-degree polynomial in both sides' piece counts, the bishop
        /// pair one of its terms) in place of the bishop pair bonus.
        imbalance("Imbalance"): default IMBALANCE_DEFAULT, none false;
    }
}

/// Whether [`EvalTerms::mobility`] is on by default: yes, it gains in play
/// against it off, at no measurable cost in speed, since it reads the
/// attack maps the threats term builds anyway (docs/performance-chess.md).
const MOBILITY_DEFAULT: bool = true;

/// Whether [`EvalTerms::connected_pawns`] is on by default.
const CONNECTED_DEFAULT: bool = false;

/// Whether [`EvalTerms::candidate_passers`] is on by default.
const CANDIDATE_DEFAULT: bool = false;

/// Whether [`EvalTerms::threats`] is on by default: yes, it gains in play
/// against it off (docs/chess.md).
const THREATS_DEFAULT: bool = true;

/// Whether [`EvalTerms::pieces`] is on by default: yes, it gains in play
/// against it off (docs/performance-chess.md, "Piece placement").
const PIECES_DEFAULT: bool = true;

/// Whether [`EvalTerms::king_danger`] is on by default: yes, Stockfish
/// 11's whole king danger, halved, gains in play against the attack units'
/// square (docs/performance-chess.md, "Stockfish's whole king danger,
/// halved").
const KING_DANGER_DEFAULT: bool = true;

/// Whether [`EvalTerms::passed_path`] is on by default: yes, it gains in
/// play against it off (docs/performance-chess.md, "The passed pawn's
/// path").
const PASSED_PATH_DEFAULT: bool = true;

/// Whether [`EvalTerms::winnable`] is on by default: not before a match
/// shows it gains (docs/performance-chess.md).
const WINNABLE_DEFAULT: bool = false;

/// Whether [`EvalTerms::shelter`] is on by default: yes, it gains in play
/// against the pawn shield (docs/performance-chess.md, "Stockfish's pawn
/// shelter and storm").
const SHELTER_DEFAULT: bool = true;

/// Whether [`EvalTerms::stockfish_mobility`] is on by default: yes, it
/// gains in play against Fruit's weights (docs/performance-chess.md,
/// "Stockfish's mobility tables").
const STOCKFISH_MOBILITY_DEFAULT: bool = true;

/// Whether [`EvalTerms::stockfish_psqt`] is on by default.
const STOCKFISH_PSQT_DEFAULT: bool = false;

/// Whether [`EvalTerms::weak_pawns`] is on by default.
const WEAK_PAWNS_DEFAULT: bool = false;

/// Whether [`EvalTerms::imbalance`] is on by default.
const IMBALANCE_DEFAULT: bool = false;

impl EvalTerms {
    /// Whether any term is on.
    #[inline]
    pub fn any(self) -> bool {
        self != EvalTerms::NONE
    }
}

/// Passed pawn bonus by rank from the pawn's side (index 1: its second
/// rank … 6: its seventh), middlegame and endgame.
pub const PASSED_MG: [Value; 8] = [0, 5, 5, 10, 20, 35, 60, 0];
/// See [`PASSED_MG`].
pub const PASSED_EG: [Value; 8] = [0, 10, 15, 25, 45, 70, 110, 0];
/// Penalty for each pawn beyond the first on a file (middlegame, endgame).
pub const DOUBLED: (Value, Value) = (10, 20);
/// Penalty for an isolated pawn (middlegame, endgame).
pub const ISOLATED: (Value, Value) = (10, 15);
/// A rook on a file without pawns (middlegame, endgame).
pub const ROOK_OPEN: (Value, Value) = (25, 10);
/// A rook on a file with enemy pawns only (middlegame, endgame).
pub const ROOK_HALF_OPEN: (Value, Value) = (12, 6);
/// Middlegame bonus for each own pawn directly in front of the king's
/// square or the next files, one rank ahead and two ranks ahead.
pub const SHIELD: (Value, Value) = (12, 6);
/// Mobility of a knight, bishop, rook and queen: (the typical number of
/// safe squares, middlegame and endgame centipawns a square above or below
/// it). Fruit 2.1's scheme and weights (Letouzey 2005), with safe squares
/// (not attacked by an enemy pawn) in place of all squares.
pub const MOBILITY: [(Value, Value, Value); 4] = [(4, 4, 4), (6, 5, 5), (7, 2, 4), (13, 1, 2)];
/// Connected pawns: the middlegame bonus by rank from the pawn's side
/// (index 1: its second rank … 6: its seventh), counted `2 + phalanx −
/// opposed` times (see [`EvalTerms::connected_pawns`]). Stockfish 11's
/// classical values (0, 7, 8, 12, 29, 48, 86 in its units, a pawn 128 in
/// the middlegame) scaled to a 100-centipawn pawn.
pub const CONNECTED: [Value; 8] = [0, 5, 6, 9, 23, 38, 67, 0];
/// Connected pawns: the middlegame bonus for each own pawn defending the
/// pawn (Stockfish 11's 21, scaled like [`CONNECTED`]).
pub const CONNECTED_SUPPORT: Value = 16;
/// Pawn storm: the middlegame penalty for an unblocked enemy pawn on the
/// king's file or a neighbouring one, by the pawn's rank from its own side
/// (index 3: its fourth rank … 5: its sixth); nothing further back, and
/// nothing when an own pawn stands directly in front of it. Round numbers,
/// 10 cp a rank from the attacker's fourth rank, in the manner of Fruit
/// 2.1's storm term.
pub const STORM: [Value; 8] = [0, 0, 0, 10, 20, 30, 0, 0];
/// Space: the central files c–f.
const CENTRE_FILES: u64 = 0x3C3C_3C3C_3C3C_3C3C;
/// Space: the side's second to fourth ranks, for White and for Black.
const SPACE_RANKS: [u64; 2] = [0x0000_0000_FFFF_FF00, 0x00FF_FFFF_0000_0000];
/// Space counts only while both sides together have at least this much of
/// the game phase's piece material (knight and bishop 1, rook 2, queen 4;
/// 24 at the start): about Stockfish's threshold (two thirds of the
/// starting non-pawn material and more).
pub const SPACE_MIN_PHASE: u32 = 16;
/// Stockfish 11's classical threat weights (`evaluate.cpp`, in its
/// units: a pawn 128 in the middlegame, 213 in the endgame) scaled to a
/// 100-centipawn pawn in both phases and halved (this project's choice:
/// the halved weights played better than the full scaled ones;
/// docs/chess.md); see [`threats`].
const fn sf11(mg: Value, eg: Value) -> (Value, Value) {
    (mg * 50 / 128, eg * 50 / 213)
}

/// Stockfish 11's classical weights (in its units: a pawn 128 in the
/// middlegame, 213 in the endgame) scaled to a 100-centipawn pawn in both
/// phases, not halved: for the terms that adjust values of this engine's of
/// that size (the passed pawn's path, the king danger).
const fn sf11_full(mg: Value, eg: Value) -> (Value, Value) {
    (mg * 100 / 128, eg * 100 / 213)
}

/// Threats: a minor piece attacking an enemy pawn, knight, bishop, rook,
/// queen (indexed by the target, king 0): Stockfish 11's `ThreatByMinor`.
pub const THREAT_BY_MINOR: [(Value, Value); 6] = [
    sf11(6, 32),
    sf11(59, 41),
    sf11(79, 56),
    sf11(90, 119),
    sf11(79, 161),
    (0, 0),
];
/// Threats: a rook attacking a weak enemy pawn … queen: `ThreatByRook`.
pub const THREAT_BY_ROOK: [(Value, Value); 6] = [
    sf11(3, 44),
    sf11(38, 71),
    sf11(38, 61),
    sf11(0, 38),
    sf11(51, 38),
    (0, 0),
];
/// Threats: the king attacks a weak enemy piece or pawn (`ThreatByKing`).
pub const THREAT_BY_KING: (Value, Value) = sf11(24, 89);
/// Threats: each weak enemy piece that is undefended, or a piece (not a
/// pawn) attacked twice (`Hanging`).
pub const HANGING: (Value, Value) = sf11(69, 36);
/// Threats: each square both sides attack that the enemy does not hold
/// strongly (`RestrictedPiece`).
pub const RESTRICTED: (Value, Value) = sf11(7, 7);
/// Threats: each enemy piece attacked by a safe own pawn
/// (`ThreatBySafePawn`).
pub const THREAT_BY_SAFE_PAWN: (Value, Value) = sf11(173, 94);
/// Threats: each enemy piece a safe pawn push would attack
/// (`ThreatByPawnPush`).
pub const THREAT_BY_PAWN_PUSH: (Value, Value) = sf11(48, 39);
/// Attack units of an enemy knight, bishop, rook and queen for each
/// square of the king's zone it attacks.
const ATTACK_WEIGHT: [Value; 6] = [0, 2, 2, 3, 5, 0];
/// The king-attack penalty is `units² / 2`, at most this (middlegame).
pub const KING_DANGER_MAX: Value = 300;

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The files of `file` and its neighbours, as a mask.
const fn files_around(file: usize) -> u64 {
    let mut m = FILE_A << file;
    if file > 0 {
        m |= FILE_A << (file - 1);
    }
    if file < 7 {
        m |= FILE_A << (file + 1);
    }
    m
}

/// For each colour and square: the squares on the same and adjacent files
/// strictly ahead of a pawn of that colour (a passed pawn has no enemy
/// pawn there).
const fn passed_masks() -> [[u64; 64]; 2] {
    let mut out = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        let around = files_around(file);
        // Ranks above `rank` (White) and below it (Black).
        let above = if rank == 7 {
            0
        } else {
            u64::MAX << (8 * (rank + 1))
        };
        let below = if rank == 0 {
            0
        } else {
            u64::MAX >> (8 * (8 - rank))
        };
        out[0][sq] = around & above;
        out[1][sq] = around & below;
        sq += 1;
    }
    out
}

static PASSED_MASK: [[u64; 64]; 2] = passed_masks();

/// The neighbouring files of each file (not the file itself).
const fn adjacent_files() -> [u64; 8] {
    let mut out = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        out[f] = files_around(f) & !(FILE_A << f);
        f += 1;
    }
    out
}

static ADJACENT: [u64; 8] = adjacent_files();

/// The (middlegame, endgame) value of the terms for `color`'s side alone.
/// `maps`, when the threats term has computed them, are both sides' attacks
/// (indexed by colour): king safety then reads the enemy's hits on
/// `color`'s king zone from them, and mobility `color`'s piece mobility,
/// instead of computing those slider attacks a second time.
fn side(
    board: &Board,
    color: Color,
    terms: EvalTerms,
    maps: Option<&[AttackMap; 2]>,
) -> (Value, Value) {
    let (mut mg, mut eg) = (0, 0);
    let ours = board.colored_pieces(color, Piece::Pawn).0;
    let theirs = board.colored_pieces(!color, Piece::Pawn).0;
    let isolated_pawns = terms.isolated_pawns && !terms.weak_pawns;
    if terms.passed_pawns || isolated_pawns || terms.connected_pawns || terms.candidate_passers {
        for sq in BitBoard(ours) {
            let s = sq as usize;
            let rank = sq.rank().relative_to(color) as usize;
            let stoppers = PASSED_MASK[color as usize][s] & theirs;
            if terms.passed_pawns && stoppers == 0 {
                mg += PASSED_MG[rank];
                eg += PASSED_EG[rank];
            }
            if terms.candidate_passers && stoppers != 0 && candidate(sq, color, ours, stoppers) {
                mg += PASSED_MG[rank] / 2;
                eg += PASSED_EG[rank] / 2;
            }
            if terms.connected_pawns {
                let (m, e) = connected(sq, color, ours, stoppers);
                mg += m;
                eg += e;
            }
            if isolated_pawns && ADJACENT[s % 8] & ours == 0 {
                mg -= ISOLATED.0;
                eg -= ISOLATED.1;
            }
        }
    }
    if terms.weak_pawns {
        let (m, e) = weak_pawns::weak_pawns(color, ours, theirs);
        mg += m;
        eg += e;
    } else if terms.doubled_pawns {
        // Every pawn beyond the first on its file: the pawns less the files
        // that hold one (the pawns folded onto a single rank).
        let mut files = ours;
        files |= files >> 32;
        files |= files >> 16;
        files |= files >> 8;
        let extra = (ours.count_ones() - (files & 0xFF).count_ones()) as Value;
        mg -= DOUBLED.0 * extra;
        eg -= DOUBLED.1 * extra;
    }
    if terms.rook_files {
        for sq in board.colored_pieces(color, Piece::Rook) {
            let file = FILE_A << (sq as usize % 8);
            if file & ours == 0 {
                if file & theirs == 0 {
                    mg += ROOK_OPEN.0;
                    eg += ROOK_OPEN.1;
                } else {
                    mg += ROOK_HALF_OPEN.0;
                    eg += ROOK_HALF_OPEN.1;
                }
            }
        }
    }
    if terms.king_safety {
        // Stockfish's shelter, in its units: the shelter term and the king
        // danger both read it.
        let danger_maps = maps.filter(|_| terms.king_danger);
        let shelter = (terms.shelter || danger_maps.is_some())
            .then(|| shelter::shelter_in_stockfish_units(board, color));
        match shelter.filter(|_| terms.shelter) {
            Some((m, e)) => {
                let (m, e) = sf11(m, e);
                mg += m;
                eg += e;
            }
            None => mg += king_shield(board, color, ours),
        }
        match (danger_maps, maps) {
            (Some(maps), _) => {
                let shelter_mg = shelter.map_or(0, |(m, _)| m);
                let (m, e) = king::king_danger(board, color, maps, shelter_mg);
                mg -= m;
                eg -= e;
            }
            (None, Some(maps)) => {
                let enemy = &maps[!color as usize];
                mg -= king_danger(enemy.king_attackers, enemy.king_units);
            }
            (None, None) => {
                let (attackers, units) = king_zone_attacks(board, color);
                mg -= king_danger(attackers, units);
            }
        }
    }
    if terms.pawn_storm {
        mg -= pawn_storm(board.king(color), color, ours, theirs);
    }
    if terms.space {
        mg += space(board, color, ours, theirs);
    }
    if let Some(maps) = maps.filter(|_| terms.passed_path) {
        let (m, e) = passed::passed_path(board, color, maps);
        mg += m;
        eg += e;
    }
    if terms.pieces {
        let (m, e) = pieces::pieces(board, color);
        mg += m;
        eg += e;
    }
    if let Some(style) = mobility::Style::of(terms) {
        let (m, e) = match maps {
            Some(maps) => maps[color as usize].mobility,
            None => mobility::mobility(board, color, style),
        };
        mg += m;
        eg += e;
    }
    (mg, eg)
}

/// `bits` moved one rank towards `color`'s last rank.
#[inline]
fn forward(bits: u64, color: Color) -> u64 {
    match color {
        Color::White => bits << 8,
        Color::Black => bits >> 8,
    }
}

/// Every square on or ahead of `bits` on their files, towards `color`'s
/// last rank.
#[inline]
fn fill_forward(bits: u64, color: Color) -> u64 {
    let mut b = bits;
    match color {
        Color::White => {
            b |= b << 8;
            b |= b << 16;
            b |= b << 32;
        }
        Color::Black => {
            b |= b >> 8;
            b |= b >> 16;
            b |= b >> 32;
        }
    }
    b
}

/// The square of `bits` (not empty) nearest `color`'s first rank: the
/// lowest for White, the highest for Black (Stockfish's `frontmost_sq` of
/// the other colour).
#[inline]
fn rearmost(bits: u64, color: Color) -> Square {
    Square::index(match color {
        Color::White => bits.trailing_zeros(),
        Color::Black => 63 - bits.leading_zeros(),
    } as usize)
}

/// The king's (Chebyshev) distance between two squares: the larger of
/// their file and rank differences.
#[inline]
fn king_distance(a: Square, b: Square) -> Value {
    let file = (a.file() as i32 - b.file() as i32).abs();
    let rank = (a.rank() as i32 - b.rank() as i32).abs();
    file.max(rank) as Value
}

/// The squares attacked by the pawns `pawns` of `color`.
#[inline]
pub fn pawn_attacks(pawns: u64, color: Color) -> u64 {
    let (west, east) = pawn_attack_diagonals(pawns, color);
    west | east
}

/// The squares the pawns `pawns` of `color` attack towards the a-file
/// (west) and towards the h-file (east).
#[inline]
fn pawn_attack_diagonals(pawns: u64, color: Color) -> (u64, u64) {
    const NOT_A: u64 = !FILE_A;
    const NOT_H: u64 = !(FILE_A << 7);
    match color {
        Color::White => ((pawns << 7) & NOT_H, (pawns << 9) & NOT_A),
        Color::Black => ((pawns >> 9) & NOT_H, (pawns >> 7) & NOT_A),
    }
}

/// The own pawns beside the pawn on `sq` on its rank (its phalanx).
#[inline]
fn phalanx(sq: Square, ours: u64) -> u64 {
    ours & ADJACENT[sq as usize % 8] & (0xFFu64 << (8 * (sq as usize / 8)))
}

/// Whether the pawn of `color` on `sq`, not passed (`stoppers`, the enemy
/// pawns ahead of it on its own and the adjacent files, is not empty), is a
/// candidate passed pawn: every stopper is a pawn it attacks now (it can
/// exchange itself past them), or every stopper attacks the square in front
/// of it and it has at least as many own pawns beside it on its rank (they
/// outnumber the stoppers when they advance). The rule by which Stockfish's
/// classical evaluation (versions 10–11, `pawns.cpp`) counts such a pawn as
/// passed; a pawn with an enemy pawn ahead on its own file never qualifies.
fn candidate(sq: Square, color: Color, ours: u64, stoppers: u64) -> bool {
    let bit = sq.bitboard().0;
    let levers = stoppers & pawn_attacks(bit, color);
    if stoppers & !levers == 0 {
        return true;
    }
    let lever_pushes = stoppers & pawn_attacks(forward(bit, color), color);
    stoppers & !lever_pushes == 0 && phalanx(sq, ours).count_ones() >= lever_pushes.count_ones()
}

/// The (middlegame, endgame) bonus of the pawn of `color` on `sq` for being
/// connected: defended by own pawns (supporters) or beside one on its rank
/// (phalanx). `CONNECTED[rank] × (2 + phalanx − opposed) +
/// CONNECTED_SUPPORT × supporters` in the middlegame, `(rank − 2) / 4` of
/// that in the endgame (nothing up to the third rank), where `opposed` is
/// whether an enemy pawn stands ahead on its file (`stoppers` holds the enemy
/// pawns ahead on its own and the adjacent files).
fn connected(sq: Square, color: Color, ours: u64, stoppers: u64) -> (Value, Value) {
    let supporters = ours & pawn_attacks(sq.bitboard().0, !color);
    let beside = phalanx(sq, ours);
    if supporters | beside == 0 {
        return (0, 0);
    }
    let rank = sq.rank().relative_to(color) as usize;
    let opposed = stoppers & (FILE_A << (sq as usize % 8)) != 0;
    let v = CONNECTED[rank] * (2 + Value::from(beside != 0) - Value::from(opposed))
        + CONNECTED_SUPPORT * supporters.count_ones() as Value;
    (v, v * (rank as Value - 2).max(0) / 4)
}

/// The middlegame penalty of `color`'s king on `king` for the enemy pawns
/// storming it ([`STORM`]): on the king's file and its neighbours (the
/// king's file taken as b–g, so that three files always count), the
/// enemy's pawn nearest the king on each file, unless an own pawn stands
/// directly in front of it.
fn pawn_storm(king: Square, color: Color, ours: u64, theirs: u64) -> Value {
    let centre = (king.file() as usize).clamp(1, 6);
    let mut penalty = 0;
    for file in centre - 1..=centre + 1 {
        let on_file = theirs & (FILE_A << file);
        if on_file == 0 {
            continue;
        }
        // The enemy pawn nearest our side.
        let nearest = rearmost(on_file, color) as usize;
        let in_front = match color {
            Color::White => nearest - 8,
            Color::Black => nearest + 8,
        };
        if ours & (1u64 << in_front) != 0 {
            continue;
        }
        let rank = Square::index(nearest).rank().relative_to(!color) as usize;
        penalty += STORM[rank];
    }
    penalty
}

/// The middlegame space bonus of `color`: the squares of files c–f on its
/// second to fourth ranks that hold no own pawn and no enemy pawn attacks,
/// those up to two squares behind an own pawn counted twice, times
/// `w² / 16` (w: its pieces, pawns and king included, less one), scaled
/// from Stockfish 11's units (a pawn 128) to 100 centipawns; nothing while
/// fewer pieces than [`SPACE_MIN_PHASE`] remain. Stockfish 11's classical
/// space term, without its condition that a doubly counted square be
/// unattacked by every enemy piece.
fn space(board: &Board, color: Color, ours: u64, theirs: u64) -> Value {
    let phase = board.pieces(Piece::Knight).len()
        + board.pieces(Piece::Bishop).len()
        + 2 * board.pieces(Piece::Rook).len()
        + 4 * board.pieces(Piece::Queen).len();
    if phase < SPACE_MIN_PHASE {
        return 0;
    }
    let safe = CENTRE_FILES & SPACE_RANKS[color as usize] & !ours & !pawn_attacks(theirs, !color);
    let behind = match color {
        Color::White => (ours >> 8) | (ours >> 16),
        Color::Black => (ours << 8) | (ours << 16),
    };
    let bonus = (safe.count_ones() + (safe & behind).count_ones()) as Value;
    let weight = board.colors(color).len() as Value - 1;
    bonus * weight * weight * 100 / (16 * 128)
}

/// The (middlegame, endgame) threats of `color` against the other side,
/// given both sides' attacks `maps` (indexed by colour). Stockfish 11's
/// classical `Evaluation::threats` (`evaluate.cpp`, 2020; the Chess
/// Programming Wiki's "Attack and Defend Maps" and "Hanging Piece"): a
/// square is *strongly protected* by the enemy when an enemy pawn attacks
/// it or the enemy attacks it twice and we do not; an enemy piece or pawn
/// we attack that is not strongly protected is *weak*. Bonuses: each enemy
/// piece (pawns excepted, unless weak) attacked by our knights or bishops
/// ([`THREAT_BY_MINOR`], by the target), each weak one attacked by our
/// rooks ([`THREAT_BY_ROOK`]), one [`THREAT_BY_KING`] when our king
/// attacks a weak one, [`HANGING`] for each weak one that is undefended
/// or is a piece we attack twice, [`RESTRICTED`] for each square both
/// sides attack that the enemy does not hold strongly,
/// [`THREAT_BY_SAFE_PAWN`] for each enemy piece attacked by one of our
/// pawns that stands on a square the enemy does not attack or we defend,
/// and [`THREAT_BY_PAWN_PUSH`] for each enemy piece that a pawn pushed one
/// square (or two from its second rank) to an empty square, not attacked
/// by an enemy pawn and safe as above, would attack. The enemy king is
/// never a target here (Stockfish's king-attack terms are elsewhere); the
/// queen-threat bonuses (`KnightOnQueen`, `SliderOnQueen`) are left out.
/// Stockfish's weights scaled to a 100-centipawn pawn; they are not
/// retuned for this engine.
fn threats(board: &Board, color: Color, maps: &[AttackMap; 2]) -> (Value, Value) {
    let (us, them) = (&maps[color as usize], &maps[!color as usize]);
    let pawns = board.pieces(Piece::Pawn).0;
    let their_king = board.king(!color).bitboard().0;
    let enemies = board.colors(!color).0 & !their_king;
    let non_pawn_enemies = enemies & !pawns;
    let strongly_protected = them.by[Piece::Pawn as usize] | (them.twice & !us.twice);
    let defended = non_pawn_enemies & strongly_protected;
    let weak = enemies & !strongly_protected & us.all;
    let (mut mg, mut eg) = (0, 0);
    let mut add = |(m, e): (Value, Value), n: u32| {
        mg += m * n as Value;
        eg += e * n as Value;
    };
    let minors = us.by[Piece::Knight as usize] | us.by[Piece::Bishop as usize];
    for sq in BitBoard((defended | weak) & minors) {
        let target = board.piece_on(sq).unwrap_or(Piece::King);
        add(THREAT_BY_MINOR[target as usize], 1);
    }
    for sq in BitBoard(weak & us.by[Piece::Rook as usize]) {
        let target = board.piece_on(sq).unwrap_or(Piece::King);
        add(THREAT_BY_ROOK[target as usize], 1);
    }
    if weak & us.by[Piece::King as usize] != 0 {
        add(THREAT_BY_KING, 1);
    }
    let hanging = weak & (!them.all | (non_pawn_enemies & us.twice));
    add(HANGING, hanging.count_ones());
    add(
        RESTRICTED,
        (them.all & !strongly_protected & us.all).count_ones(),
    );
    // Squares the enemy does not attack, or that we defend.
    let safe = !them.all | us.all;
    let ours = board.colored_pieces(color, Piece::Pawn).0;
    add(
        THREAT_BY_SAFE_PAWN,
        (pawn_attacks(ours & safe, color) & non_pawn_enemies).count_ones(),
    );
    let empty = !board.occupied().0;
    let third = match color {
        Color::White => 0x0000_0000_00FF_0000u64,
        Color::Black => 0x0000_FF00_0000_0000u64,
    };
    let push = forward(ours, color) & empty;
    let double = forward(push & third, color) & empty;
    let pushes = (push | double) & !them.by[Piece::Pawn as usize] & safe;
    add(
        THREAT_BY_PAWN_PUSH,
        (pawn_attacks(pushes, color) & non_pawn_enemies).count_ones(),
    );
    (mg, eg)
}

/// The middlegame bonus of `color`'s king on its first two ranks for the
/// own pawns sheltering it ([`SHIELD`]: one and two ranks ahead, on its
/// file and the next ones); the first half of [`EvalTerms::king_safety`].
fn king_shield(board: &Board, color: Color, ours: u64) -> Value {
    let king = board.king(color);
    let rank = king.rank().relative_to(color) as i8;
    if rank > 1 {
        return 0;
    }
    let around = files_around(king.file() as usize);
    let ahead = |n: i8| -> u64 {
        let r = rank + n;
        if r > 7 {
            return 0;
        }
        let absolute = if color == Color::White { r } else { 7 - r };
        around & (0xFFu64 << (8 * absolute as u32))
    };
    SHIELD.0 * (ours & ahead(1)).count_ones() as Value
        + SHIELD.1 * (ours & ahead(2)).count_ones() as Value
}

/// The squares of the zone of the king on `king`: the king's square and
/// those it attacks.
#[inline]
fn king_zone(king: Square) -> BitBoard {
    get_king_moves(king) | king.bitboard()
}

/// The middlegame penalty for `attackers` enemy pieces attacking the king's
/// zone with `units` attack units ([`ATTACK_WEIGHT`] per square of the zone
/// each attacks): `units² / 2`, at most [`KING_DANGER_MAX`], and nothing
/// unless two or more pieces attack; the second half of
/// [`EvalTerms::king_safety`].
fn king_danger(attackers: u32, units: Value) -> Value {
    if attackers >= 2 {
        (units * units / 2).min(KING_DANGER_MAX)
    } else {
        0
    }
}

/// The enemy knights, bishops, rooks and queens attacking the zone of
/// `color`'s king (their number) and their attack units (see
/// [`king_danger`]); used when no [`AttackMap`] of the enemy was computed.
fn king_zone_attacks(board: &Board, color: Color) -> (u32, Value) {
    let zone = king_zone(board.king(color));
    let occupied = board.occupied();
    let (mut attackers, mut units) = (0, 0);
    for piece in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen] {
        for sq in board.colored_pieces(!color, piece) {
            // A slider whose rays on an empty board miss the zone cannot
            // attack it (saves the blocker lookup).
            let rays = match piece {
                Piece::Bishop => get_bishop_rays(sq),
                Piece::Rook => get_rook_rays(sq),
                Piece::Queen => get_bishop_rays(sq) | get_rook_rays(sq),
                _ => BitBoard::FULL,
            };
            if rays.is_disjoint(zone) {
                continue;
            }
            let hits = attacks(piece, sq, occupied) & zone;
            if !hits.is_empty() {
                attackers += 1;
                units += ATTACK_WEIGHT[piece as usize] * hits.len() as Value;
            }
        }
    }
    (attackers, units)
}

#[inline]
fn attacks(piece: Piece, sq: Square, occupied: BitBoard) -> BitBoard {
    match piece {
        Piece::Knight => get_knight_moves(sq),
        Piece::Bishop => get_bishop_moves(sq, occupied),
        Piece::Rook => get_rook_moves(sq, occupied),
        Piece::Queen => get_bishop_moves(sq, occupied) | get_rook_moves(sq, occupied),
        _ => BitBoard::EMPTY,
    }
}

/// The White-minus-Black `(mg, eg)` totals after [`EvalTerms::winnable`]'s
/// complexity, and the scale factor (out of [`SCALE_NORMAL`]) of the
/// endgame value; `(mg, eg, SCALE_NORMAL)` when the term is off.
pub fn winnable(board: &Board, terms: EvalTerms, mg: Value, eg: Value) -> (Value, Value, Value) {
    if terms.winnable {
        winnable::winnable(board, mg, eg)
    } else {
        (mg, eg, SCALE_NORMAL)
    }
}

/// The terms' (middlegame, endgame) value for White minus Black.
pub fn white_minus_black(board: &Board, terms: EvalTerms) -> (Value, Value) {
    if !terms.any() {
        return (0, 0);
    }
    // The threats term needs both sides' full attack maps; king safety
    // then reads the king-zone attacks recorded in them.
    let maps = (terms.threats || (terms.king_safety && terms.king_danger) || terms.passed_path)
        .then(|| AttackMap::both(board, mobility::Style::of(terms)));
    let (wm, we) = side(board, Color::White, terms, maps.as_ref());
    let (bm, be) = side(board, Color::Black, terms, maps.as_ref());
    let (mut mg, mut eg) = (wm - bm, we - be);
    if let Some(maps) = maps.as_ref().filter(|_| terms.threats) {
        let (tm, te) = threats(board, Color::White, maps);
        let (bm, be) = threats(board, Color::Black, maps);
        mg += tm - bm;
        eg += te - be;
    }
    if terms.imbalance {
        let pair = crate::pst::PstWeights::of(terms).bishop_pair;
        let (im, ie) = imbalance::in_place_of_bishop_pair(board, pair);
        mg += im;
        eg += ie;
    }
    (mg, eg)
}

/// The squares one side attacks: by each kind of piece (pawn … king), by
/// any, and by at least two of its pieces; and, for king safety, how many
/// of its knights, bishops, rooks and queens attack the enemy king's zone
/// and with how many attack units (what [`king_zone_attacks`] computes for
/// the enemy king, from the same attacks); and, when asked for, the
/// (middlegame, endgame) mobility of its pieces (what [`mobility`]
/// computes).
#[derive(Clone, Copy, Debug)]
struct AttackMap {
    by: [u64; 6],
    all: u64,
    twice: u64,
    king_attackers: u32,
    king_units: Value,
    /// The enemy king's ring as Stockfish 11 draws it ([`king::ring`]).
    enemy_ring: u64,
    /// The pieces attacking that ring.
    ring_attackers: u32,
    /// Their weights by kind ([`king::ATTACKER_WEIGHT`]), summed.
    king_weight: Value,
    /// Their attacks on squares next to the enemy king, one per piece and
    /// square.
    king_adjacent: u32,
    mobility: (Value, Value),
}

impl AttackMap {
    /// Both sides' attacks (indexed by colour), with the pieces' mobility
    /// scored in `mobility`'s style, if any.
    fn both(board: &Board, mobility: Option<mobility::Style>) -> [Self; 2] {
        [
            AttackMap::of(board, Color::White, mobility),
            AttackMap::of(board, Color::Black, mobility),
        ]
    }

    /// `color`'s attacks on `board` (sliders stop at the first piece; no
    /// x-rays through their own sliders, unlike Stockfish), with the
    /// pieces' mobility scored in `mobility`'s style, if any.
    fn of(board: &Board, color: Color, mobility: Option<mobility::Style>) -> Self {
        let pawns = board.colored_pieces(color, Piece::Pawn).0;
        // A square both diagonals of the pawns reach is attacked twice.
        let (west, east) = pawn_attack_diagonals(pawns, color);
        let pawn_all = west | east;
        let mut map = AttackMap {
            by: [0; 6],
            all: pawn_all,
            twice: west & east,
            king_attackers: 0,
            king_units: 0,
            enemy_ring: king::ring(board, !color),
            ring_attackers: 0,
            king_weight: 0,
            king_adjacent: 0,
            mobility: (0, 0),
        };
        map.by[Piece::Pawn as usize] = pawn_all;
        let occupied = board.occupied();
        let zone = king_zone(board.king(!color));
        let ring = map.enemy_ring;
        let beside_king = get_king_moves(board.king(!color)).0;
        let scorer = mobility.map(|style| mobility::Scorer::new(board, color, style));
        for (i, piece) in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
            .into_iter()
            .enumerate()
        {
            for sq in board.colored_pieces(color, piece) {
                let a = attacks(piece, sq, occupied);
                let hits = a & zone;
                if !hits.is_empty() {
                    map.king_attackers += 1;
                    map.king_units += ATTACK_WEIGHT[piece as usize] * hits.len() as Value;
                }
                if a.0 & ring != 0 {
                    map.ring_attackers += 1;
                    map.king_weight += king::ATTACKER_WEIGHT[piece as usize];
                    map.king_adjacent += (a.0 & beside_king).count_ones();
                }
                if let Some(scorer) = &scorer {
                    let (m, e) = scorer.score(i, sq, a.0);
                    map.mobility.0 += m;
                    map.mobility.1 += e;
                }
                map.add(piece, a.0);
            }
        }
        map.add(Piece::King, get_king_moves(board.king(color)).0);
        map
    }

    #[inline]
    fn add(&mut self, piece: Piece, a: u64) {
        self.twice |= self.all & a;
        self.all |= a;
        self.by[piece as usize] |= a;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::Position;

    fn only(f: fn(&mut EvalTerms)) -> EvalTerms {
        let mut t = EvalTerms::NONE;
        f(&mut t);
        t
    }

    fn terms_of(fen: &str, terms: EvalTerms) -> (Value, Value) {
        white_minus_black(Position::from_fen(fen).expect("fen").board(), terms)
    }

    /// The king-zone attacks and the mobility recorded in the attack maps
    /// (the path the evaluation takes with threats on) are exactly those
    /// king safety and mobility compute alone (with threats off), so
    /// sharing them changes no value: on every position of WAC and
    /// Bratko–Kopec, for both sides.
    #[test]
    fn the_attack_maps_hold_the_king_zone_attacks_of_king_safety() {
        let suites = [
            include_str!("../../chess/tests/data/wac.epd"),
            include_str!("../../chess/tests/data/bratko-kopec.epd"),
        ];
        let (mut positions, mut dangerous) = (0, 0);
        for text in suites {
            for record in alphabeta_chess::epd::read_epd(text) {
                let position = record.expect("epd").position;
                let board = position.board();
                positions += 1;
                for style in [mobility::Style::Linear, mobility::Style::Stockfish] {
                    let maps = AttackMap::both(board, Some(style));
                    for color in [Color::White, Color::Black] {
                        let enemy = &maps[!color as usize];
                        let direct = king_zone_attacks(board, color);
                        assert_eq!(
                            (enemy.king_attackers, enemy.king_units),
                            direct,
                            "{}",
                            position.fen()
                        );
                        if style == mobility::Style::Linear {
                            dangerous += usize::from(king_danger(direct.0, direct.1) > 0);
                        }
                        assert_eq!(
                            maps[color as usize].mobility,
                            mobility::mobility(board, color, style)
                        );
                        // King danger and the passed pawns' path read the
                        // maps only (the evaluation builds them whenever
                        // either is on), so they are compared with them off.
                        let alike = |terms: EvalTerms| EvalTerms {
                            king_danger: false,
                            passed_path: false,
                            stockfish_mobility: style == mobility::Style::Stockfish,
                            ..terms
                        };
                        for terms in [EvalTerms::default(), EvalTerms::ALL].map(alike) {
                            assert_eq!(
                                side(board, color, terms, Some(&maps)),
                                side(board, color, terms, None)
                            );
                        }
                    }
                }
            }
        }
        assert_eq!(positions, 324);
        // The penalty itself is exercised, not only its absence.
        assert!(dangerous > 50, "{dangerous}");
    }

    #[test]
    fn a_passed_pawn_is_worth_more_the_further_it_has_gone() {
        let passed = only(|t| t.passed_pawns = true);
        let third = terms_of("4k3/8/8/8/8/P7/8/4K3 w - - 0 1", passed);
        let sixth = terms_of("4k3/8/P7/8/8/8/8/4K3 w - - 0 1", passed);
        assert_eq!(third, (PASSED_MG[2], PASSED_EG[2]));
        assert_eq!(sixth, (PASSED_MG[5], PASSED_EG[5]));
        assert!(sixth.0 > third.0 && sixth.1 > third.1);
        // More in the endgame than in the middlegame.
        assert!(sixth.1 > sixth.0);
        // A black pawn on its sixth rank (a3) is the mirror image.
        assert_eq!(
            terms_of("4k3/8/8/8/8/p7/8/4K3 w - - 0 1", passed),
            (-PASSED_MG[5], -PASSED_EG[5])
        );
        // An enemy pawn ahead on an adjacent file stops it being passed;
        // one behind it does not.
        assert_eq!(terms_of("4k3/1p6/P7/8/8/8/8/4K3 w - - 0 1", passed), (0, 0));
        // b2 is passed too, for Black, on its seventh rank.
        assert_eq!(
            terms_of("4k3/8/P7/8/8/8/1p6/4K3 w - - 0 1", passed),
            (PASSED_MG[5] - PASSED_MG[6], PASSED_EG[5] - PASSED_EG[6])
        );
    }

    #[test]
    fn doubled_and_isolated_pawns_are_penalised() {
        let doubled = only(|t| t.doubled_pawns = true);
        // Two pawns on the a-file, and three on the h-file for Black.
        assert_eq!(
            terms_of("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", doubled),
            (-DOUBLED.0, -DOUBLED.1)
        );
        assert_eq!(
            terms_of("4k3/7p/7p/7p/8/8/8/4K3 w - - 0 1", doubled),
            (2 * DOUBLED.0, 2 * DOUBLED.1)
        );
        let isolated = only(|t| t.isolated_pawns = true);
        // a2 and c2 are isolated, b-file empty; e2 f2 support each other.
        assert_eq!(
            terms_of("4k3/8/8/8/8/8/P1P1PP2/4K3 w - - 0 1", isolated),
            (-2 * ISOLATED.0, -2 * ISOLATED.1)
        );
        assert_eq!(
            terms_of("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1", isolated),
            (0, 0)
        );
    }

    #[test]
    fn rooks_like_open_files_more_than_half_open_ones() {
        let rooks = only(|t| t.rook_files = true);
        // The white rook on the open d-file (the only pawn is on the e-file).
        assert_eq!(
            terms_of("4k3/4p3/8/8/8/8/8/3RK3 w - - 0 1", rooks),
            ROOK_OPEN
        );
        // Half-open: only a black pawn on the d-file.
        assert_eq!(
            terms_of("4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1", rooks),
            ROOK_HALF_OPEN
        );
        // Closed: its own pawn in front.
        assert_eq!(terms_of("4k3/8/8/8/8/8/3P4/3RK3 w - - 0 1", rooks), (0, 0));
    }

    #[test]
    fn a_sheltered_king_is_safer_than_an_attacked_one() {
        let safety = only(|t| t.king_safety = true);
        // Both castled; White's shield f2 g2 h2 intact, Black's g7 gone.
        let (mg, eg) = terms_of("5rk1/5p1p/8/8/8/8/5PPP/5RK1 w - - 0 1", safety);
        assert_eq!((mg, eg), (SHIELD.0, 0));
        // A queen and a knight bearing on the black king's zone.
        let quiet = terms_of("6k1/5ppp/8/8/8/8/5PPP/1Q4K1 w - - 0 1", safety);
        let attacked = terms_of("6k1/5ppp/5N2/7Q/8/8/5PPP/6K1 b - - 0 1", safety);
        assert!(attacked.0 >= quiet.0 + 50, "{attacked:?} vs {quiet:?}");
        assert_eq!(attacked.1, 0, "king safety is a middlegame term");
        assert!(attacked.0 - quiet.0 <= KING_DANGER_MAX);
    }

    #[test]
    fn pawn_attacks_do_not_wrap_around_the_board() {
        let bb = |sqs: &[Square]| sqs.iter().fold(0u64, |b, &s| b | s.bitboard().0);
        use Square::*;
        assert_eq!(
            pawn_attacks(bb(&[A2, H2, E4]), Color::White),
            bb(&[B3, G3, D5, F5])
        );
        assert_eq!(
            pawn_attacks(bb(&[A7, H7, E5]), Color::Black),
            bb(&[B6, G6, D4, F4])
        );
    }

    #[test]
    fn mobility_counts_safe_squares_from_the_typical_number() {
        let mob = only(|t| t.mobility = true);
        let (n, b, r, q) = (MOBILITY[0], MOBILITY[1], MOBILITY[2], MOBILITY[3]);
        // A lone knight on d4: 8 squares, 4 above the typical 4.
        assert_eq!(
            terms_of("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", mob),
            (4 * n.1, 4 * n.2)
        );
        // In the corner: 2 squares; one of them (c2) held by its own pawn.
        assert_eq!(
            terms_of("4k3/8/8/8/8/8/2P5/N3K3 w - - 0 1", mob),
            (-3 * n.1, -3 * n.2)
        );
        // Black pawns on c6 and e6 guard b5, d5 and f5: the d4 knight's
        // b5 and f5 are unsafe, 6 squares left.
        assert_eq!(
            terms_of("4k3/8/2p1p3/8/3N4/8/8/4K3 w - - 0 1", mob),
            (2 * n.1, 2 * n.2)
        );
        // A rook on a1 with its king on e1: a2–a8 and b1–d1, 10 squares;
        // a black queen on h8 sees the long diagonal to a1 (7) and the
        // eighth rank up to its king on e8 (2) and the h-file (7): 16.
        assert_eq!(
            terms_of("4k2q/8/8/8/8/8/8/R3K3 w - - 0 1", mob),
            (3 * r.1 - 3 * q.1, 3 * r.2 - 3 * q.2)
        );
        // A bishop hemmed in by its own pawns on b2 and d2 from c1: 0 squares.
        assert_eq!(
            terms_of("4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1", mob),
            (-6 * b.1, -6 * b.2)
        );
        // The colour mirror of the d4 knight is its negative.
        assert_eq!(
            terms_of("4k3/8/8/3n4/8/8/8/4K3 w - - 0 1", mob),
            (-4 * n.1, -4 * n.2)
        );
    }

    #[test]
    fn connected_pawns_score_phalanx_support_and_rank() {
        let conn = only(|t| t.connected_pawns = true);
        // d4 and e4 side by side on the fourth rank (index 3): each
        // CONNECTED[3] × (2 + 1), a quarter of that in the endgame.
        let v = CONNECTED[3] * 3;
        assert_eq!(
            terms_of("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", conn),
            (2 * v, 2 * (v / 4))
        );
        // d4 defended by e3: CONNECTED[3] × 2 + one supporter; e3 has
        // neither a supporter nor a neighbour on its rank.
        let v = CONNECTED[3] * 2 + CONNECTED_SUPPORT;
        assert_eq!(
            terms_of("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1", conn),
            (v, v / 4)
        );
        // The same, opposed by a black pawn on d6 (which is alone: 0).
        let v = CONNECTED[3] + CONNECTED_SUPPORT;
        assert_eq!(
            terms_of("4k3/8/3p4/8/3P4/4P3/8/4K3 w - - 0 1", conn),
            (v, v / 4)
        );
        // Further up the board it is worth more, and more in the endgame.
        let v = CONNECTED[5] * 2 + CONNECTED_SUPPORT;
        assert_eq!(
            terms_of("4k3/8/3P4/4P3/8/8/8/4K3 w - - 0 1", conn),
            (v, v * 3 / 4)
        );
        // The colour mirror of the d4/e3 chain is its negative, and a
        // symmetric structure is worth nothing.
        let v = CONNECTED[3] * 2 + CONNECTED_SUPPORT;
        assert_eq!(
            terms_of("4k3/8/4p3/3p4/8/8/8/4K3 w - - 0 1", conn),
            (-v, -(v / 4))
        );
        assert_eq!(
            terms_of("4k3/pp3ppp/2p5/3p4/3P4/2P5/PP3PPP/4K3 w - - 0 1", conn),
            (0, 0)
        );
        // Isolated pawns are not connected.
        assert_eq!(terms_of("4k3/8/8/8/P1P1P3/8/8/4K3 w - - 0 1", conn), (0, 0));
    }

    #[test]
    fn candidate_passers_get_half_the_passed_bonus() {
        let cand = only(|t| t.candidate_passers = true);
        let half = |rank: usize| (PASSED_MG[rank] / 2, PASSED_EG[rank] / 2);
        // b4 beside c4 against c6 alone: c6 attacks b5, the square in
        // front of b4, and b4 has one neighbour (c4) to outnumber it, so
        // b4 is a candidate (fourth rank, index 3); c4, opposed on its
        // file, is not, nor is c6 (b4 and c4 ahead of it, c4 on its file).
        assert_eq!(
            terms_of("4k3/8/2p5/8/1PP5/8/8/4K3 w - - 0 1", cand),
            half(3)
        );
        // Without c4, b4 has nothing to outnumber c6 with: not a candidate.
        assert_eq!(terms_of("4k3/8/2p5/8/1P6/8/8/4K3 w - - 0 1", cand), (0, 0));
        // A lever: d5 attacks c6, its only stopper, so it is a candidate
        // (fifth rank, index 4); c6 attacks d5 in turn and is one too,
        // for Black on its third rank (index 2): the further lever gains.
        let (w, b) = (half(4), half(2));
        assert_eq!(
            terms_of("4k3/8/2p5/3P4/8/8/8/4K3 w - - 0 1", cand),
            (w.0 - b.0, w.1 - b.1)
        );
        // The colour mirror negates it.
        assert_eq!(
            terms_of("4k3/8/8/8/3p4/2P5/8/4K3 w - - 0 1", cand),
            (b.0 - w.0, b.1 - w.1)
        );
        // A passed pawn is scored by `passed_pawns`, not here.
        assert_eq!(terms_of("4k3/8/8/8/8/P7/8/4K3 w - - 0 1", cand), (0, 0));
    }

    #[test]
    fn storming_pawns_cost_the_king_they_advance_on() {
        let storm = only(|t| t.pawn_storm = true);
        // A black pawn on g4 (its fifth rank, index 4) before White's king
        // on g1, nothing in front of it; no white pawn near Black's king.
        assert_eq!(
            terms_of("6k1/8/8/8/6p1/8/8/6K1 w - - 0 1", storm),
            (-STORM[4], 0)
        );
        // One rank nearer, it costs more.
        assert_eq!(
            terms_of("6k1/8/8/8/8/6p1/8/6K1 w - - 0 1", storm),
            (-STORM[5], 0)
        );
        // Blocked by White's g3: nothing (and g3, on White's third rank,
        // is no storm against Black's king either).
        assert_eq!(terms_of("6k1/8/8/8/6p1/6P1/8/6K1 w - - 0 1", storm), (0, 0));
        // A king in the corner counts the f-, g- and h-files: e4 is too
        // far, f4 counts.
        assert_eq!(
            terms_of("7k/8/8/8/4pp2/8/8/7K w - - 0 1", storm),
            (-STORM[4], 0)
        );
        // The colour mirror: a white pawn on g5 against Black's king on g8.
        assert_eq!(
            terms_of("6k1/8/8/6P1/8/8/8/6K1 w - - 0 1", storm),
            (STORM[4], 0)
        );
    }

    #[test]
    fn space_counts_safe_central_squares_behind_the_pawns() {
        let space = only(|t| t.space = true);
        // The start position: the same for both sides.
        assert_eq!(
            terms_of(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                space
            ),
            (0, 0)
        );
        // After 1.e4: White has c3 d3 e3 f3 c4 d4 f4 e2 safe (e2 and e3
        // behind e4, twice): 10; Black's d5 and f5 are attacked by e4, so
        // 6. Each times 15² / 16 (16 pieces less one) in Stockfish's
        // units, 100/128 of that in centipawns: 109 against 65.
        assert_eq!(
            terms_of(
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                space
            ),
            (109 - 65, 0)
        );
        // With four rooks and two bishops left (phase 10 < 16): no space term.
        assert_eq!(
            terms_of(
                "r1b1k2r/pppppppp/8/8/4P3/8/PPPP1PPP/R1B1K2R w - - 0 1",
                space
            ),
            (0, 0)
        );
    }

    #[test]
    fn threats_score_attacked_hanging_and_pawn_threatened_pieces() {
        let threats = only(|t| t.threats = true);
        // The weights in centipawns: Stockfish 11's, times 50/128 in the
        // middlegame and 50/213 in the endgame (half a 100-cp pawn's
        // scaling), rounded down.
        assert_eq!(THREAT_BY_MINOR[Piece::Pawn as usize], (2, 7));
        assert_eq!(THREAT_BY_MINOR[Piece::Rook as usize], (35, 27));
        assert_eq!(HANGING, (26, 8));
        assert_eq!(RESTRICTED, (2, 1));
        assert_eq!(THREAT_BY_SAFE_PAWN, (67, 22));
        assert_eq!(THREAT_BY_PAWN_PUSH, (18, 9));
        // A white pawn on e4 attacks the black knight on d5, which no black
        // piece defends and which does not attack e4: a safe pawn threat
        // and a hanging piece; nothing else (no square both sides attack,
        // and e5 would attack nothing).
        assert_eq!(
            terms_of("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", threats),
            (67 + 26, 22 + 8)
        );
        // With the pawn on e3 instead: the push to e4 (empty, safe) would
        // attack d5 (White: a pawn-push threat), White contests f4 with the
        // knight, which Black does not hold strongly (one restricted
        // square); the knight attacks the undefended e3 pawn (Black: a minor
        // on a pawn, hanging), and f4 is held by White's pawn.
        assert_eq!(
            terms_of("4k3/8/8/3n4/8/4P3/8/4K3 w - - 0 1", threats),
            (18 + 2 - 2 - 26, 9 + 1 - 7 - 8)
        );
        // A knight on e3 attacks a rook on d5 that the e6 pawn defends: a
        // minor on a rook, not hanging. Squares contested: White holds d1
        // twice (king and knight), so Black restricts d2, d5 and f5 (3);
        // Black holds d5 and f5 by the pawn and d7, d8, f5 twice, so White
        // restricts d1 and d2 (2).
        assert_eq!(
            terms_of("4k3/8/4p3/3r4/8/4N3/8/4K3 w - - 0 1", threats),
            (35 + 2 * 2 - 3 * 2, 27 + 2 - 3)
        );
        // The colour mirror of the first position is its negative.
        assert_eq!(
            terms_of("4k3/8/8/4p3/3N4/8/8/4K3 b - - 0 1", threats),
            (-(67 + 26), -(22 + 8))
        );
    }

    #[test]
    fn no_terms_add_nothing() {
        let p =
            Position::from_fen("r3k2r/1pp2ppp/8/3P4/8/8/PP3PPP/R3K2R w KQkq - 0 1").expect("fen");
        assert_eq!(white_minus_black(p.board(), EvalTerms::NONE), (0, 0));
        assert_ne!(white_minus_black(p.board(), EvalTerms::ALL), (0, 0));
    }
}
