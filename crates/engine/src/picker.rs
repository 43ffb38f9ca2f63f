//! Move ordering for the engine: the hash move, then captures by MVV-LVA
//! (most valuable victim, least valuable attacker) with promotions, then
//! the two killer moves of the ply, then quiet moves by the history
//! heuristic — and, when asked, the captures that lose by static exchange
//! last (the "bad captures" of Stockfish's move picker and of the Chess
//! Programming Wiki's "Move Ordering").

use cozy_chess::{Board, Move, Piece, Square};

use alphabeta_chess::eval::PIECE_VALUES;

const HASH_MOVE: i64 = 1 << 40;
const CAPTURE: i64 = 1 << 30;
const KILLER: i64 = 1 << 20;
/// Below the killers, above every history count (those stay below
/// `KILLER / 2` plus a cutoff's bonus, or within `±HISTORY_MAX`).
const COUNTER: i64 = KILLER - 1;
/// Below every quiet move (history counts stay in `0..KILLER`, or above
/// `-HISTORY_MAX` with gravity).
const LOSING_CAPTURE: i64 = -(1 << 30);

/// The optional rules of the move order (the search's UCI options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrderingRules {
    /// A capture that loses material by static exchange
    /// ([`alphabeta_chess::see::loses_by_exchange`]) goes after the quiet moves,
    /// still by MVV-LVA among such captures.
    pub losing_captures_last: bool,
    /// The countermove of the opponent's last move
    /// ([`MoveOrdering::counter`]) follows the killers.
    pub countermoves: bool,
    /// Captures are ordered by MVV-LVA plus their capture history
    /// ([`MoveOrdering::capture_history`]).
    pub capture_history: bool,
    /// Quiet moves are ordered by their history plus their continuation
    /// histories ([`MoveOrdering::quiet_score`]).
    pub continuation_history: bool,
}

/// Killer moves (two a ply), history counts (by side, from, to),
/// countermoves (by the side to move and the from and to squares of the
/// opponent's move before), capture history (by side, moving piece, target
/// square and captured piece) and continuation history (by side, the piece
/// and target square of the move one or two plies before, and the piece and
/// target square of the move), with the move made at each ply of the
/// current line that the countermoves and continuation histories are looked
/// up by.
#[derive(Clone)]
pub struct MoveOrdering {
    killers: Vec<[Option<Move>; 2]>,
    history: Box<[[[i64; 64]; 64]; 2]>,
    counters: Box<[[[Option<Move>; 64]; 64]; 2]>,
    captures: Box<[[[[i64; 6]; 64]; 6]; 2]>,
    /// Indexed by [`continuation_index`].
    continuation: Vec<i16>,
    /// The move made at each ply of the line being searched, with the
    /// piece that made it (`None`: the null move, or not known).
    line: Vec<Option<(Move, Piece)>>,
}

/// The continuation histories' size: two tables (the move one ply before,
/// the move two plies before), each by side, earlier piece, earlier target,
/// piece and target.
const CONTINUATION_SIZE: usize = 2 * 2 * 6 * 64 * 6 * 64;

/// Where the continuation history of `piece` moving to `to` by `side`, after
/// `earlier` (the piece and target square of the move `back` plies before,
/// 1 or 2), is kept.
fn continuation_index(
    back: usize,
    side: usize,
    earlier: (Piece, Square),
    piece: Piece,
    to: Square,
) -> usize {
    ((((((back - 1) * 2 + side) * 6 + earlier.0 as usize) * 64 + earlier.1 as usize) * 6
        + piece as usize)
        * 64)
        + to as usize
}

impl Default for MoveOrdering {
    fn default() -> Self {
        MoveOrdering {
            killers: vec![[None; 2]; 128],
            history: Box::new([[[0; 64]; 64]; 2]),
            counters: Box::new([[[None; 64]; 64]; 2]),
            captures: Box::new([[[[0; 6]; 64]; 6]; 2]),
            continuation: vec![0; CONTINUATION_SIZE],
            line: vec![None; 128],
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
        self.forget_line();
        self.counters
            .iter_mut()
            .flatten()
            .for_each(|row| row.fill(None));
        self.history
            .iter_mut()
            .flatten()
            .for_each(|row| row.fill(0));
        self.captures
            .iter_mut()
            .flatten()
            .flatten()
            .for_each(|row| row.fill(0));
        self.continuation.fill(0);
    }

    /// Scores and sorts `moves` best first (a stable sort: equal scores
    /// keep their generation order), by the [`OrderingRules`] asked for. `scored` is scratch
    /// space, reused from node to node so that the search allocates nothing
    /// per position.
    pub fn sort(
        &self,
        board: &Board,
        moves: &mut [Move],
        hash_move: Option<Move>,
        ply: usize,
        rules: OrderingRules,
        scored: &mut Vec<(i64, Move)>,
    ) {
        let mut picker = self.picker(board, moves, hash_move, ply, rules, scored);
        picker.sort_rest(0);
        for (slot, &(_, mv)) in moves.iter_mut().zip(picker.scored.iter()) {
            *slot = mv;
        }
    }

    /// A [`MovePicker`] over `moves`, scored as [`MoveOrdering::sort`]
    /// orders them (in `scored`, scratch space reused from node to node).
    pub fn picker<'s>(
        &self,
        board: &Board,
        moves: &[Move],
        hash_move: Option<Move>,
        ply: usize,
        rules: OrderingRules,
        scored: &'s mut Vec<(i64, Move)>,
    ) -> MovePicker<'s> {
        let side = board.side_to_move() as usize;
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let counter = if rules.countermoves {
            self.counter(board, ply)
        } else {
            None
        };
        scored.clear();
        scored.extend(moves.iter().enumerate().map(|(index, &mv)| {
            let score = if Some(mv) == hash_move {
                HASH_MOVE
            } else {
                let t = tactical_score(board, mv);
                if t > 0 {
                    let t = if rules.capture_history {
                        t + self.capture_history(board, mv) / CAPTURE_HISTORY_SCALE
                    } else {
                        t
                    };
                    if rules.losing_captures_last
                        && is_capture(board, mv)
                        && alphabeta_chess::see::loses_by_exchange(board, mv, 0)
                    {
                        LOSING_CAPTURE + t
                    } else {
                        CAPTURE + t
                    }
                } else if killers[0] == Some(mv) {
                    KILLER + 1
                } else if killers[1] == Some(mv) {
                    KILLER
                } else if counter == Some(mv) {
                    COUNTER
                } else if rules.continuation_history {
                    self.quiet_score(board, mv, ply).min(COUNTER - 1)
                } else {
                    self.history[side][mv.from as usize][mv.to as usize].min(COUNTER - 1)
                }
            };
            (pick_key(score, index), mv)
        }));
        MovePicker {
            scored,
            sorted_from: None,
        }
    }

    /// Forgets the killers and the line, keeping what the history tables
    /// and the countermoves learned (the next search of the same game,
    /// whose root is two plies further on, so that a killer's ply no
    /// longer matches).
    pub fn forget_line(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.line.fill(None);
    }

    /// Notes that `mv`, made by the piece with it (`None`: the null move),
    /// is made at `ply` of the line being searched, for the countermove and
    /// continuation history lookups of the positions after it.
    pub fn set_line_move(&mut self, ply: usize, mv: Option<(Move, Piece)>) {
        if let Some(slot) = self.line.get_mut(ply) {
            *slot = mv;
        }
    }

    /// The countermove at `ply`: the quiet move that last refuted, for the
    /// side to move on `board`, the opponent's move made at `ply − 1` (the
    /// countermove heuristic, Uiterwijk 1992; the Chess Programming Wiki's
    /// "Countermove Heuristic").
    pub fn counter(&self, board: &Board, ply: usize) -> Option<Move> {
        let (previous, _) = self.line.get(ply.checked_sub(1)?).copied().flatten()?;
        self.counters[board.side_to_move() as usize][previous.from as usize][previous.to as usize]
    }

    /// Records the quiet move `mv` that cut off at `ply` as the countermove
    /// of the opponent's move before it (nothing after a null move).
    pub fn record_counter(&mut self, board: &Board, ply: usize, mv: Move) {
        let Some((previous, _)) = ply
            .checked_sub(1)
            .and_then(|p| self.line.get(p).copied().flatten())
        else {
            return;
        };
        self.counters[board.side_to_move() as usize][previous.from as usize]
            [previous.to as usize] = Some(mv);
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

/// The most moves a position can have (218 is the known maximum): a
/// move's generation index fits below it in a [`pick_key`].
const MAX_MOVES: i64 = 256;

/// A move's ordering key: its score, ties broken by generation order (the
/// earlier move first), so that the keys are distinct and any sort, or
/// picking the largest one at a time, gives the stable sort's order.
fn pick_key(score: i64, index: usize) -> i64 {
    score * MAX_MOVES + (MAX_MOVES - 1 - index as i64)
}

/// The moves picked before the rest is sorted: most positions that cut off
/// do so on one of the first moves, and picking the best of the rest costs
/// a scan, cheaper than a sort when only a few moves are taken.
const PICKED_MOVES: usize = 3;

/// Moves scored once ([`MoveOrdering::picker`]) and handed out best first
/// on demand: the first three (`PICKED_MOVES`) by selection, then the rest
/// sorted. The order is exactly that of [`MoveOrdering::sort`]; a position
/// that cuts off on its first move never pays for sorting the others.
pub struct MovePicker<'s> {
    scored: &'s mut Vec<(i64, Move)>,
    /// From where `scored` is sorted (`None`: nothing sorted yet).
    sorted_from: Option<usize>,
}

impl MovePicker<'_> {
    /// How many moves there are.
    pub fn len(&self) -> usize {
        self.scored.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.scored.is_empty()
    }

    /// The `i`-th move in order; moves are taken in turn, `i` = 0, 1, 2, …
    pub fn pick(&mut self, i: usize) -> Move {
        if self.sorted_from.is_none() {
            if i < PICKED_MOVES {
                // The keys are distinct, so the largest is unique.
                let best = self.scored[i..]
                    .iter()
                    .enumerate()
                    .max_by_key(|(_, s)| s.0)
                    .map_or(0, |(j, _)| j);
                self.scored.swap(i, i + best);
            } else {
                self.sort_rest(i);
            }
        }
        self.scored[i].1
    }

    /// Sorts the moves from the `i`-th on (the earlier ones picked already).
    pub fn sort_rest(&mut self, i: usize) {
        self.scored[i..].sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
        self.sorted_from = Some(i);
    }

    /// All the moves in order (the rest sorted first), e.g. for a split
    /// point's brothers.
    pub fn write_all(&mut self, i: usize, moves: &mut [Move]) {
        if self.sorted_from.is_none() {
            self.sort_rest(i);
        }
        for (slot, &(_, mv)) in moves.iter_mut().zip(self.scored.iter()) {
            *slot = mv;
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
        let b = cutoff_bonus(depth);
        let mut update = |mv: Move, bonus: i64| {
            let h = &mut self.history[side][mv.from as usize][mv.to as usize];
            *h = gravity(*h, bonus);
        };
        update(best, b);
        for &mv in tried {
            if mv != best {
                update(mv, -b);
            }
        }
    }
}

/// A capture's history is divided by this before it is added to its MVV-LVA
/// score (`16·victim − attacker`): within `±HISTORY_MAX / 4`, it moves a
/// capture past others whose victims are worth up to about two and a half
/// pawns more or less, but not a queen capture past a pawn capture.
const CAPTURE_HISTORY_SCALE: i64 = 4;

/// The gravity update of a history value `h` by `bonus` (`±b`): `h ← h ±
/// b − h·b / HISTORY_MAX`, which keeps `|h| ≤ HISTORY_MAX`.
fn gravity(h: i64, bonus: i64) -> i64 {
    h + bonus - h * bonus.abs() / HISTORY_MAX
}

/// The size `b = min(depth², 1200)` of a history update at a cutoff with
/// `depth` plies left: deeper cutoffs teach more, up to a cap.
fn cutoff_bonus(depth: i32) -> i64 {
    (i64::from(depth) * i64::from(depth)).min(1200)
}

impl MoveOrdering {
    /// Where the capture history of the capture `mv` on `board` is kept: the
    /// side, the moving piece, the target square and the captured piece (a
    /// pawn for en passant).
    fn capture_slot(board: &Board, mv: Move) -> Option<(usize, usize, usize, usize)> {
        let piece = board.piece_on(mv.from)?;
        let victim = board.piece_on(mv.to).unwrap_or(Piece::Pawn);
        Some((
            board.side_to_move() as usize,
            piece as usize,
            mv.to as usize,
            victim as usize,
        ))
    }

    /// The capture history of the capture `mv` on `board`: how often it cut
    /// off, less how often it was searched without cutting off before the
    /// move that did, weighted by depth (Stockfish's `captureHistory`, the
    /// Chess Programming Wiki's "History Heuristic" applied to captures).
    /// 0 for a move that is no capture.
    pub fn capture_history(&self, board: &Board, mv: Move) -> i64 {
        if !is_capture(board, mv) {
            return 0;
        }
        Self::capture_slot(board, mv).map_or(0, |(s, p, t, v)| self.captures[s][p][t][v])
    }

    /// Where the continuation history of the quiet move `mv` on `board` at
    /// `ply` after the move `back` plies before (1 or 2) is kept; `None`
    /// when that move is the null move or not known.
    fn continuation_slot(&self, board: &Board, mv: Move, ply: usize, back: usize) -> Option<usize> {
        let (earlier, earlier_piece) = self.line.get(ply.checked_sub(back)?).copied().flatten()?;
        let piece = board.piece_on(mv.from)?;
        Some(continuation_index(
            back,
            board.side_to_move() as usize,
            (earlier_piece, earlier.to),
            piece,
            mv.to,
        ))
    }

    /// The score of the quiet move `mv` at `ply` with continuation history:
    /// its history plus its counter-move history (after the opponent's
    /// move at `ply − 1`) and follow-up history (after our own move at `ply
    /// − 2`), each by the piece and target square of both moves (the
    /// continuation histories of Stockfish and of the Chess Programming
    /// Wiki's "History Heuristic"): what refuted a move in one line is
    /// likely to refute it in another.
    pub fn quiet_score(&self, board: &Board, mv: Move, ply: usize) -> i64 {
        let own = self.history(board, mv);
        (1..=2)
            .filter_map(|back| self.continuation_slot(board, mv, ply, back))
            .map(|i| i64::from(self.continuation[i]))
            .sum::<i64>()
            + own
    }

    /// Continuation history's update at a cutoff: the quiet move `best` that
    /// cut off at `ply` with `depth` plies left gains `b = min(depth², 1200)`
    /// in both continuation tables, each quiet move `tried` before it loses
    /// `b`, with gravity (as [`MoveOrdering::record_quiet_results`]).
    pub fn record_continuation_results(
        &mut self,
        board: &Board,
        best: Move,
        tried: &[Move],
        ply: usize,
        depth: i32,
    ) {
        let b = cutoff_bonus(depth);
        let moves = std::iter::once((best, b))
            .chain(tried.iter().filter(|&&m| m != best).map(|&m| (m, -b)));
        for (mv, bonus) in moves {
            for back in 1..=2 {
                if let Some(i) = self.continuation_slot(board, mv, ply, back) {
                    let h = &mut self.continuation[i];
                    *h = gravity(i64::from(*h), bonus) as i16;
                }
            }
        }
    }

    /// Capture history's update at a cutoff with `depth` plies left: the
    /// capture `best` that cut off (`None`: a quiet move did) gains `b =
    /// min(depth², 1200)`, each capture `tried` before it loses `b`, with
    /// gravity.
    pub fn record_capture_results(
        &mut self,
        board: &Board,
        best: Option<Move>,
        tried: &[Move],
        depth: i32,
    ) {
        let b = cutoff_bonus(depth);
        let moves = best
            .map(|m| (m, b))
            .into_iter()
            .chain(tried.iter().filter(|&&m| Some(m) != best).map(|&m| (m, -b)));
        for (mv, bonus) in moves {
            if let Some((s, p, t, v)) = Self::capture_slot(board, mv) {
                let h = &mut self.captures[s][p][t][v];
                *h = gravity(*h, bonus);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_chess::notation::parse_uci;
    use alphabeta_chess::position::Position;

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
            let rules = OrderingRules {
                losing_captures_last: losing_last,
                ..OrderingRules::default()
            };
            o.sort(board, &mut moves, None, 0, rules, &mut scratch);
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

    #[test]
    fn picking_gives_the_stable_sort_order_and_equal_scores_keep_generation_order() {
        // On WAC positions with a hash move, killers and history counts:
        // picking one move at a time (any number picked before the rest is
        // written out, as a split point does) gives the order of a stable
        // sort by score, and the quiet moves without history keep their
        // generation order.
        for record in alphabeta_chess::epd::read_epd(include_str!("../../chess/tests/data/wac.epd"))
            .into_iter()
            .take(30)
        {
            let record = record.expect("WAC parses");
            let fen = record.position.board().to_string();
            let board = record.position.board();
            let mut generated = Vec::new();
            board.generate_moves(|set| {
                generated.extend(set);
                false
            });
            let mut o = MoveOrdering::default();
            let quiets: Vec<Move> = generated
                .iter()
                .copied()
                .filter(|&m| tactical_score(board, m) == 0)
                .collect();
            if let [a, b, c, ..] = quiets[..] {
                o.record_cutoff(board, a, 0, 3);
                o.record_cutoff(board, b, 1, 2);
                o.record_cutoff(board, c, 2, 2);
            }
            let hash = generated.last().copied();
            let mut sorted = generated.clone();
            let mut scratch = Vec::new();
            o.sort(
                board,
                &mut sorted,
                hash,
                0,
                OrderingRules::default(),
                &mut scratch,
            );
            assert_eq!(sorted.first().copied(), hash);
            let plain: Vec<Move> = sorted
                .iter()
                .copied()
                .filter(|&m| {
                    Some(m) != hash
                        && tactical_score(board, m) == 0
                        && !o.is_killer(m, 0)
                        && o.history(board, m) == 0
                })
                .collect();
            let in_generation_order: Vec<Move> = generated
                .iter()
                .copied()
                .filter(|m| plain.contains(m))
                .collect();
            assert_eq!(plain, in_generation_order, "{fen}");
            for picked in 0..=generated.len().min(6) {
                let mut picker = o.picker(
                    board,
                    &generated,
                    hash,
                    0,
                    OrderingRules::default(),
                    &mut scratch,
                );
                let mut order: Vec<Move> = (0..picked).map(|i| picker.pick(i)).collect();
                let mut all = generated.clone();
                picker.write_all(picked, &mut all);
                assert_eq!(all, sorted, "{fen} after {picked} picked");
                order.extend((picked..generated.len()).map(|i| picker.pick(i)));
                assert_eq!(order, sorted, "{fen} after {picked} picked");
            }
        }
    }

    #[test]
    fn capture_history_rewards_the_capture_that_cut_off_and_reorders_equal_victims() {
        // Nxd5 and Bxd5 take the same pawn; by MVV-LVA the knight (the
        // lesser attacker by piece index) goes first. Once Bxd5 has cut off
        // after Nxd5 was tried, capture history puts Bxd5 first, only when
        // the rule is on; a quiet move has no capture history.
        let pos = Position::from_fen("4k3/8/8/3p4/8/2N2B2/8/4K3 w - - 0 1").expect("fen");
        let board = pos.board();
        let mv = |s: &str| parse_uci(&pos, s).expect("move");
        let (nxd5, bxd5, quiet) = (mv("c3d5"), mv("f3d5"), mv("e1d2"));
        let mut o = MoveOrdering::default();
        o.record_capture_results(board, Some(bxd5), &[nxd5], 5);
        assert_eq!(o.capture_history(board, bxd5), 25);
        assert_eq!(o.capture_history(board, nxd5), -25);
        assert_eq!(o.capture_history(board, quiet), 0);
        // A quiet move's cutoff punishes the captures tried before it.
        o.record_capture_results(board, None, &[bxd5], 3);
        assert_eq!(o.capture_history(board, bxd5), 25 - 9);
        let mut moves = Vec::new();
        board.generate_moves(|set| {
            moves.extend(set);
            false
        });
        let mut scratch = Vec::new();
        for (capture_history, first) in [(false, nxd5), (true, bxd5)] {
            // Enough cutoffs for the history to outweigh the attackers'
            // difference (a quarter of it is added to MVV-LVA's score).
            for _ in 0..3 {
                o.record_capture_results(board, Some(bxd5), &[nxd5], 5);
            }
            let rules = OrderingRules {
                capture_history,
                ..OrderingRules::default()
            };
            let mut m = moves.clone();
            o.sort(board, &mut m, None, 0, rules, &mut scratch);
            assert_eq!(m[0], first, "{m:?}");
        }
        o.clear();
        assert_eq!(o.capture_history(board, bxd5), 0);
    }

    #[test]
    fn continuation_history_follows_the_moves_before_it() {
        // After 1.e4 e5, White's Nf3 cut off at ply 2 after Bc4 was tried:
        // its score gains in both tables (after Black's e5 and after White's
        // own e4), Bc4's loses; after another line (1.d4 d5) neither has
        // any, and the plain history is the same as without the tables.
        let start = Position::startpos();
        let play = |pos: &Position, s: &str| (parse_uci(pos, s).expect("move"), pos.clone());
        let (e4, p0) = play(&start, "e2e4");
        let p1 = p0.play(e4);
        let (e5, _) = play(&p1, "e7e5");
        let p2 = p1.play(e5);
        let board = p2.board();
        let (nf3, _) = play(&p2, "g1f3");
        let (bc4, _) = play(&p2, "f1c4");
        let mut o = MoveOrdering::default();
        o.set_line_move(0, Some((e4, Piece::Pawn)));
        o.set_line_move(1, Some((e5, Piece::Pawn)));
        o.record_continuation_results(board, nf3, &[bc4, nf3], 2, 4);
        assert_eq!(o.history(board, nf3), 0);
        assert_eq!(o.quiet_score(board, nf3, 2), 2 * 16);
        assert_eq!(o.quiet_score(board, bc4, 2), -2 * 16);
        // Only the follow-up table when the opponent's move was a null move.
        o.set_line_move(1, None);
        assert_eq!(o.quiet_score(board, nf3, 2), 16);
        let d4 = parse_uci(&start, "d2d4").expect("move");
        o.set_line_move(0, Some((d4, Piece::Pawn)));
        assert_eq!(o.quiet_score(board, nf3, 2), 0);
        // With the rule on Nf3 goes before Bc4; with it off (no history)
        // the two keep the order they are given in.
        o.set_line_move(0, Some((e4, Piece::Pawn)));
        o.set_line_move(1, Some((e5, Piece::Pawn)));
        let mut moves = vec![bc4, nf3];
        let mut scratch = Vec::new();
        let rules = OrderingRules {
            continuation_history: true,
            ..OrderingRules::default()
        };
        o.sort(board, &mut moves, None, 2, rules, &mut scratch);
        assert_eq!(moves, [nf3, bc4]);
        moves = vec![bc4, nf3];
        o.sort(
            board,
            &mut moves,
            None,
            2,
            OrderingRules::default(),
            &mut scratch,
        );
        assert_eq!(moves, [bc4, nf3]);
        o.clear();
        assert_eq!(o.quiet_score(board, nf3, 2), 0);
    }

    #[test]
    fn forgetting_the_line_keeps_the_histories_and_drops_the_killers() {
        let start = Position::startpos();
        let e4 = parse_uci(&start, "e2e4").expect("move");
        let pos = start.play(e4);
        let board = pos.board();
        let nf6 = parse_uci(&pos, "g8f6").expect("move");
        let mut o = MoveOrdering::default();
        o.set_line_move(0, Some((e4, Piece::Pawn)));
        o.record_quiet_results(board, nf6, &[], 1, 3);
        o.record_counter(board, 1, nf6);
        o.record_continuation_results(board, nf6, &[], 1, 3);
        let score = o.quiet_score(board, nf6, 1);
        assert!(o.is_killer(nf6, 1) && score == 9 + 9);
        o.forget_line();
        assert!(!o.is_killer(nf6, 1));
        assert_eq!(
            (o.history(board, nf6), o.quiet_score(board, nf6, 1)),
            (9, 9)
        );
        o.set_line_move(0, Some((e4, Piece::Pawn)));
        assert_eq!(o.counter(board, 1), Some(nf6));
        assert_eq!(o.quiet_score(board, nf6, 1), score);
    }

    #[test]
    fn a_countermove_follows_the_killers_and_answers_the_move_it_refuted() {
        // After 1.e4 (the move at ply 0), Black's Nf6 refutes it at ply 1:
        // it is the countermove there, ordered after the killers and before
        // the quiet moves with a history; not after a null move, nor when
        // the rule is off, nor after `clear`.
        let start = Position::startpos();
        let e4 = parse_uci(&start, "e2e4").expect("move");
        let pos = start.play(e4);
        let board = pos.board();
        let mv = |s: &str| parse_uci(&pos, s).expect("move");
        let (nf6, d5, c5) = (mv("g8f6"), mv("d7d5"), mv("c7c5"));
        let mut o = MoveOrdering::default();
        o.set_line_move(0, Some((e4, Piece::Pawn)));
        assert_eq!(o.counter(board, 1), None);
        o.record_counter(board, 1, nf6);
        assert_eq!(o.counter(board, 1), Some(nf6));
        assert_eq!(o.counter(board, 0), None);
        o.record_cutoff(board, d5, 1, 2); // a killer at ply 1, with a history
        o.record_cutoff(board, c5, 3, 3); // a history only (killer at ply 3)
        let mut moves = Vec::new();
        board.generate_moves(|set| {
            moves.extend(set);
            false
        });
        let mut scratch = Vec::new();
        let ordered = |o: &MoveOrdering, countermoves: bool, scratch: &mut Vec<(i64, Move)>| {
            let mut m = moves.clone();
            let rules = OrderingRules {
                countermoves,
                ..OrderingRules::default()
            };
            o.sort(board, &mut m, None, 1, rules, scratch);
            m
        };
        assert_eq!(ordered(&o, true, &mut scratch)[..3], [d5, nf6, c5]);
        assert_eq!(ordered(&o, false, &mut scratch)[..2], [d5, c5]);
        o.set_line_move(0, None);
        assert_eq!(o.counter(board, 1), None);
        o.set_line_move(0, Some((e4, Piece::Pawn)));
        o.clear();
        assert_eq!(o.counter(board, 1), None);
    }
}
