//! Move ordering for the engine: the hash move, then captures by MVV-LVA
//! (most valuable victim, least valuable attacker) with promotions, then
//! the two killer moves of the ply, then quiet moves by the history
//! heuristic — and, when asked, the captures that lose by static exchange
//! last (the "bad captures" of Stockfish's move picker and of the Chess
//! Programming Wiki's "Move Ordering").

use cozy_chess::{Board, Move, Piece};

use crate::eval::PIECE_VALUES;

const HASH_MOVE: i64 = 1 << 40;
const CAPTURE: i64 = 1 << 30;
const KILLER: i64 = 1 << 20;
/// Below every quiet move (history counts stay in `0..KILLER`, or above
/// `-HISTORY_MAX` with gravity).
const LOSING_CAPTURE: i64 = -(1 << 30);

/// Killer moves (two a ply) and history counts (by side, from, to).
#[derive(Clone)]
pub struct MoveOrdering {
    killers: Vec<[Option<Move>; 2]>,
    history: Box<[[[i64; 64]; 64]; 2]>,
}

impl Default for MoveOrdering {
    fn default() -> Self {
        MoveOrdering {
            killers: vec![[None; 2]; 128],
            history: Box::new([[[0; 64]; 64]; 2]),
        }
    }
}

/// Whether `mv` captures (en passant included) on `board`.
#[inline]
pub fn is_capture(board: &Board, mv: Move) -> bool {
    board.colors(!board.side_to_move()).has(mv.to)
        || (board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file())
}

/// MVV-LVA score of a capture or promotion (0 for a quiet move).
#[inline]
pub fn tactical_score(board: &Board, mv: Move) -> i64 {
    let mut s = 0;
    if is_capture(board, mv) {
        let victim = board
            .piece_on(mv.to)
            .map_or(PIECE_VALUES[0], |p| PIECE_VALUES[p as usize]);
        let attacker = board.piece_on(mv.from).map_or(0, |p| p as i64);
        s += victim * 16 - attacker + 1;
    }
    if let Some(p) = mv.promotion {
        s += PIECE_VALUES[p as usize] * 16;
    }
    s
}

impl MoveOrdering {
    /// Forgets killers and history (a new search).
    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history
            .iter_mut()
            .flatten()
            .for_each(|row| row.fill(0));
    }

    /// Scores and sorts `moves` best first (a stable sort: equal scores
    /// keep their generation order). With `losing_last` a capture that loses
    /// material by static exchange ([`super::search::loses_by_exchange`])
    /// goes after the quiet moves, still by MVV-LVA among such captures.
    /// `scored` is scratch space, reused from node to node so that the
    /// search allocates nothing per position.
    pub fn sort(
        &self,
        board: &Board,
        moves: &mut [Move],
        hash_move: Option<Move>,
        ply: usize,
        losing_last: bool,
        scored: &mut Vec<(i64, Move)>,
    ) {
        let side = board.side_to_move() as usize;
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        scored.clear();
        scored.extend(moves.iter().map(|&mv| {
            let score = if Some(mv) == hash_move {
                HASH_MOVE
            } else {
                let t = tactical_score(board, mv);
                if t > 0 {
                    if losing_last
                        && is_capture(board, mv)
                        && super::search::loses_by_exchange(board, mv, 0)
                    {
                        LOSING_CAPTURE + t
                    } else {
                        CAPTURE + t
                    }
                } else if killers[0] == Some(mv) {
                    KILLER + 1
                } else if killers[1] == Some(mv) {
                    KILLER
                } else {
                    self.history[side][mv.from as usize][mv.to as usize].min(KILLER - 1)
                }
            };
            (score, mv)
        }));
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        for (slot, &(_, mv)) in moves.iter_mut().zip(scored.iter()) {
            *slot = mv;
        }
    }

    /// Whether `mv` is one of the two killer moves of `ply`.
    pub fn is_killer(&self, mv: Move, ply: usize) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&Some(mv)))
    }

    /// The history count of the quiet move `mv` on `board` (0: it never
    /// caused a cutoff in this search).
    pub fn history(&self, board: &Board, mv: Move) -> i64 {
        self.history[board.side_to_move() as usize][mv.from as usize][mv.to as usize]
    }

    /// Records that the quiet move `mv` caused a beta cutoff at `ply` with
    /// `depth` plies left.
    pub fn record_cutoff(&mut self, board: &Board, mv: Move, ply: usize, depth: i32) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(mv)
        {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let side = board.side_to_move() as usize;
        let h = &mut self.history[side][mv.from as usize][mv.to as usize];
        *h += i64::from(depth) * i64::from(depth);
        if *h > KILLER / 2 {
            // Age everything so that counts stay below the killers.
            self.history
                .iter_mut()
                .flatten()
                .flatten()
                .for_each(|v| *v /= 2);
        }
    }
}

/// The bound of a history value under [`MoveOrdering::record_quiet_results`].
pub const HISTORY_MAX: i64 = 16_384;

impl MoveOrdering {
    /// History with gravity and a malus (UCI `HistoryGravity`): the quiet
    /// move `best` that caused a cutoff at `ply` with `depth` plies left
    /// gains `b = min(depth², 1200)` and each quiet move `tried` before it
    /// loses `b`, every update `h ← h ± b − h·b / HISTORY_MAX`, which keeps
    /// `|h| ≤ HISTORY_MAX` without halving the whole table (the "history
    /// gravity" of Stockfish and most engines since; the Chess Programming
    /// Wiki, "History Heuristic"). The killers are updated as by
    /// [`MoveOrdering::record_cutoff`].
    pub fn record_quiet_results(
        &mut self,
        board: &Board,
        best: Move,
        tried: &[Move],
        ply: usize,
        depth: i32,
    ) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(best)
        {
            k[1] = k[0];
            k[0] = Some(best);
        }
        let side = board.side_to_move() as usize;
        let b = (i64::from(depth) * i64::from(depth)).min(1200);
        let mut update = |mv: Move, bonus: i64| {
            let h = &mut self.history[side][mv.from as usize][mv.to as usize];
            *h += bonus - *h * b / HISTORY_MAX;
        };
        update(best, b);
        for &mv in tried {
            if mv != best {
                update(mv, -b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_uci;
    use crate::position::Position;

    #[test]
    fn a_cutoff_makes_a_killer_and_a_history() {
        // What late-move reductions read to reduce a proven move less.
        let pos = Position::startpos();
        let (a, b) = (
            parse_uci(&pos, "g1f3").expect("move"),
            parse_uci(&pos, "b1c3").expect("move"),
        );
        let board = pos.board();
        let mut o = MoveOrdering::default();
        assert!(!o.is_killer(a, 3));
        assert_eq!(o.history(board, a), 0);
        o.record_cutoff(board, a, 3, 4);
        assert!(o.is_killer(a, 3));
        assert!(!o.is_killer(a, 2) && !o.is_killer(b, 3));
        assert_eq!(o.history(board, a), 16);
        // Two killers a ply: a third cutoff pushes the oldest out.
        o.record_cutoff(board, b, 3, 2);
        assert!(o.is_killer(a, 3) && o.is_killer(b, 3));
        let c = parse_uci(&pos, "e2e4").expect("move");
        o.record_cutoff(board, c, 3, 1);
        assert!(!o.is_killer(a, 3) && o.is_killer(b, 3) && o.is_killer(c, 3));
        o.clear();
        assert!(!o.is_killer(c, 3));
        assert_eq!(o.history(board, b), 0);
    }

    #[test]
    fn losing_captures_go_after_the_quiet_moves_when_asked() {
        // Nxd5 takes a pawn defended by e6 (exchange 100 − 330 < 0); Nxb5
        // takes an undefended pawn. Both are captures by MVV-LVA; with
        // `losing_last` Nxd5 follows every quiet move.
        let pos = Position::from_fen("4k3/8/4p3/1p1p4/8/2N5/8/4K3 w - - 0 1").expect("fen");
        let board = pos.board();
        let mv = |s: &str| parse_uci(&pos, s).expect("move");
        let (bad, good) = (mv("c3d5"), mv("c3b5"));
        let o = MoveOrdering::default();
        let mut scratch = Vec::new();
        for losing_last in [false, true] {
            let mut moves = Vec::new();
            board.generate_moves(|set| {
                moves.extend(set);
                false
            });
            o.sort(board, &mut moves, None, 0, losing_last, &mut scratch);
            let at = |m: Move| moves.iter().position(|&x| x == m).expect("listed");
            assert_eq!(at(good), 0, "{moves:?}");
            if losing_last {
                assert_eq!(at(bad), moves.len() - 1, "{moves:?}");
            } else {
                assert_eq!(at(bad), 1, "{moves:?}");
            }
        }
    }

    #[test]
    fn history_gravity_rewards_the_cutoff_punishes_the_rest_and_stays_bounded() {
        let pos = Position::startpos();
        let mv = |s: &str| parse_uci(&pos, s).expect("move");
        let (a, b, c) = (mv("g1f3"), mv("b1c3"), mv("e2e4"));
        let board = pos.board();
        let mut o = MoveOrdering::default();
        // depth 4: b = 16; from 0 the damping term is 0.
        o.record_quiet_results(board, a, &[b, c, a], 2, 4);
        assert!(o.is_killer(a, 2));
        assert_eq!(o.history(board, a), 16);
        assert_eq!((o.history(board, b), o.history(board, c)), (-16, -16));
        // Again at depth 40 (b = min(1600, 1200)): 16 + 1200 − 16·1200/16384 = 1216 − 1.
        o.record_quiet_results(board, a, &[b], 2, 40);
        assert_eq!(o.history(board, a), 1215);
        assert_eq!(o.history(board, b), -16 - 1200 + 1);
        // Many cutoffs approach the bound without passing it.
        for _ in 0..1000 {
            o.record_quiet_results(board, a, &[b], 2, 40);
        }
        assert!((16_000..=HISTORY_MAX).contains(&o.history(board, a)));
        assert!((-HISTORY_MAX..=-16_000).contains(&o.history(board, b)));
    }
}
