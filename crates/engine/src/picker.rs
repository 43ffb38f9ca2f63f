//! Move ordering for the engine: the hash move, then captures by MVV-LVA
//! (most valuable victim, least valuable attacker) with promotions, then
//! the two killer moves of the ply, then quiet moves by the history
//! heuristic — and, when asked, the captures that lose by static exchange
//! last (the "bad captures" of Stockfish's move picker and of the Chess
//! Programming Wiki's "Move Ordering").

use cozy_chess::{Board, Move, Piece, PieceMoves, Rank, Square};

use alphabeta_chess::eval::PIECE_VALUES;

use crate::correction::CorrectionHistory;

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
    /// By side: the history, capture-history and continuation-history
    /// entries ([`JournalSlot`]) overwritten since the oldest [`MovePicker`] of that
    /// side still waiting to score its quiet moves began, each with the
    /// value it held before; a waiting picker undoes its part to score its
    /// moves by the tables of the moment it began ([`MovePicker::generate`],
    /// [`MovePicker::score_quiets`]).
    journal: [Vec<(JournalSlot, i64)>; 2],
    /// By side: how many pickers are waiting (nothing is journaled for a
    /// side none waits for).
    waiting: [u32; 2],
    /// The static value's corrections by pawn structure, learnt and kept
    /// with the histories ([`crate::search::Pruning::correction_history`]).
    pub correction: CorrectionHistory,
}

/// An entry of the tables a waiting picker's scores read, as the journal
/// names it: the side's history at `from · 64 + to`, the side's capture
/// history at `(piece · 64 + to) · 6 + victim`, or the continuation history
/// at its [`continuation_index`] (whose side is the journal's).
#[derive(Clone, Copy, Debug)]
enum JournalSlot {
    History(u16),
    Capture(u16),
    Continuation(u32),
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
            journal: [Vec::new(), Vec::new()],
            waiting: [0; 2],
            correction: CorrectionHistory::default(),
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
    let attacker = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    mvv_lva(mv, attacker, victim_value(board, mv, is_capture(board, mv)))
}

/// The value of the piece `mv` captures (a pawn for en passant), `None`
/// when it is no capture.
#[inline]
fn victim_value(board: &Board, mv: Move, capture: bool) -> Option<i64> {
    capture.then(|| {
        board
            .piece_on(mv.to)
            .map_or(PIECE_VALUES[0], |p| PIECE_VALUES[p as usize])
    })
}

/// [`tactical_score`] of `mv`, made by `attacker`, taking a piece worth
/// `victim` (`None`: no capture).
#[inline]
fn mvv_lva(mv: Move, attacker: Piece, victim: Option<i64>) -> i64 {
    let mut s = 0;
    if let Some(victim) = victim {
        s += victim * 16 - attacker as i64 + 1;
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
        self.correction.clear();
    }

    /// Scores and sorts `moves` best first (a stable sort: equal scores
    /// keep their generation order), by the [`OrderingRules`] asked for:
    /// the whole order at once, which [`MovePicker`] hands out stage by
    /// stage. `scored` is scratch space.
    pub fn sort(
        &self,
        board: &Board,
        moves: &mut [Move],
        hash_move: Option<Move>,
        ply: usize,
        rules: OrderingRules,
        scored: &mut Vec<(i64, Move)>,
    ) {
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
            } else if tactical_score(board, mv) > 0 {
                self.tactical_key(board, mv, rules)
            } else if killers[0] == Some(mv) {
                KILLER + 1
            } else if killers[1] == Some(mv) {
                KILLER
            } else if counter == Some(mv) {
                COUNTER
            } else {
                self.quiet_key(board, mv, ply, rules)
            };
            (pick_key(score, index), mv)
        }));
        scored.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
        for (slot, &(_, mv)) in moves.iter_mut().zip(scored.iter()) {
            *slot = mv;
        }
    }

    /// The score of the capture or promotion `mv`: `CAPTURE` plus its
    /// MVV-LVA score (and a share of its capture history when asked), or
    /// `LOSING_CAPTURE` plus that when it loses by exchange and losing
    /// captures go last. It reads only the board unless capture history
    /// is asked for.
    fn tactical_key(&self, board: &Board, mv: Move, rules: OrderingRules) -> i64 {
        let attacker = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        self.tactical_key_of(board, mv, attacker, is_capture(board, mv), rules)
    }

    /// [`MoveOrdering::tactical_key`] of `mv`, made by `attacker`, a
    /// capture or not, as the move generator tells them.
    fn tactical_key_of(
        &self,
        board: &Board,
        mv: Move,
        attacker: Piece,
        capture: bool,
        rules: OrderingRules,
    ) -> i64 {
        let victim = victim_value(board, mv, capture);
        let t = mvv_lva(mv, attacker, victim);
        let t = if rules.capture_history {
            t + self.capture_history(board, mv) / CAPTURE_HISTORY_SCALE
        } else {
            t
        };
        // Taking a piece worth at least the mover cannot lose by exchange:
        // the swap's value is at least the difference of the two.
        let may_lose =
            victim.is_some_and(|v| attacker == Piece::King || v < PIECE_VALUES[attacker as usize]);
        if rules.losing_captures_last
            && may_lose
            && alphabeta_chess::see::loses_by_exchange(board, mv, 0)
        {
            LOSING_CAPTURE + t
        } else {
            CAPTURE + t
        }
    }

    /// The score of the quiet move `mv` (neither the table move, a killer
    /// nor the countermove) at `ply`: its history, with its continuation
    /// histories when asked, kept below the countermove's.
    fn quiet_key(&self, board: &Board, mv: Move, ply: usize, rules: OrderingRules) -> i64 {
        if rules.continuation_history {
            self.quiet_score(board, mv, ply).min(COUNTER - 1)
        } else {
            self.history[board.side_to_move() as usize][mv.from as usize][mv.to as usize]
                .min(COUNTER - 1)
        }
    }

    /// A [`MovePicker`] over the legal moves of `board` that `filter`
    /// allows, handed out in [`MoveOrdering::sort`]'s order, stage by stage.
    ///
    /// With `wait`, the picker generates and scores nothing before the
    /// table move (legal by `Board::is_legal`, else left out) has been
    /// searched, and scores the quiet moves only when it reaches them —
    /// by the history, capture history and continuation history as they
    /// were when the picker began, which the searches of the earlier moves
    /// change (their positions two plies down have the same side to move):
    /// those changes are journaled while a picker waits and undone for its
    /// scoring (of the captures once the table move is searched, of the
    /// quiet moves when they are reached), so that the order is the one an
    /// eager picker gives. Without `wait` (or with a filter) every move is
    /// generated and scored now, as must be when the scores read a table
    /// the journal does not keep (a history aged by halving).
    #[allow(clippy::too_many_arguments)]
    pub fn picker<'s>(
        &mut self,
        board: &Board,
        table_move: Option<Move>,
        ply: usize,
        rules: OrderingRules,
        filter: MoveFilter<'_>,
        wait: bool,
        lists: &'s mut PickerLists,
    ) -> MovePicker<'s> {
        let side = board.side_to_move() as usize;
        let table_move = table_move.filter(|&m| filter.allows(m) && board.is_legal(m));
        let [first, second] = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let counter = if rules.countermoves {
            self.counter(board, ply)
        } else {
            None
        };
        let refutations = [first, second, counter].map(|m| m.filter(|&m| filter.allows(m)));
        lists.tactical.clear();
        lists.quiet_sets.clear();
        lists.quiet.clear();
        let mut picker = MovePicker {
            lists,
            stage: Stage::TableMove,
            table_move,
            refutations,
            refuted: 0,
            generated: false,
            quiets_scored: false,
            tactical_next: 0,
            quiet_next: 0,
            quiet_sorted: false,
            waiting_since: None,
            side,
            ply,
            rules,
            handed_out: 0,
        };
        if wait && matches!(filter, MoveFilter::All) {
            self.waiting[side] += 1;
            picker.waiting_since = Some(self.journal[side].len());
        } else {
            picker.generate(board, self, filter);
            picker.score_quiets(board, self, filter);
        }
        picker
    }

    /// Undoes, newest first, the history changes of `side` journaled since
    /// `mark`, keeping each undone value in its journal entry so that
    /// [`MoveOrdering::replay`] can redo them.
    fn rewind(&mut self, side: usize, mark: usize) {
        let mut journal = std::mem::take(&mut self.journal[side]);
        for (at, value) in journal[mark..].iter_mut().rev() {
            self.swap_journaled(side, *at, value);
        }
        self.journal[side] = journal;
    }

    /// Redoes, oldest first, what [`MoveOrdering::rewind`] undid.
    fn replay(&mut self, side: usize, mark: usize) {
        let mut journal = std::mem::take(&mut self.journal[side]);
        for (at, value) in journal[mark..].iter_mut() {
            self.swap_journaled(side, *at, value);
        }
        self.journal[side] = journal;
    }

    /// Swaps the entry of `side`'s tables that `at` names with `value` (a
    /// continuation entry is an `i16`, within `±HISTORY_MAX`).
    fn swap_journaled(&mut self, side: usize, at: JournalSlot, value: &mut i64) {
        match at {
            JournalSlot::History(i) => {
                let (from, to) = (usize::from(i / 64), usize::from(i % 64));
                std::mem::swap(&mut self.history[side][from][to], value);
            }
            JournalSlot::Capture(i) => {
                let (piece, to, victim) = (
                    usize::from(i / 384),
                    usize::from(i / 6 % 64),
                    usize::from(i % 6),
                );
                std::mem::swap(&mut self.captures[side][piece][to][victim], value);
            }
            JournalSlot::Continuation(i) => {
                let entry = &mut self.continuation[i as usize];
                let held = i64::from(*entry);
                *entry = *value as i16;
                *value = held;
            }
        }
    }

    /// A picker of `side` no longer waits; with none waiting, the side's
    /// journal is forgotten.
    fn stop_waiting(&mut self, side: usize) {
        self.waiting[side] -= 1;
        if self.waiting[side] == 0 {
            self.journal[side].clear();
        }
    }

    /// Forgets the killers and the line, keeping what the history tables
    /// and the countermoves learned (the next search of the same game,
    /// whose root is two plies further on, so that a killer's ply no
    /// longer matches).
    pub fn forget_line(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.line.fill(None);
        // No picker outlives its search.
        self.journal.iter_mut().for_each(Vec::clear);
        self.waiting = [0; 2];
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

/// The quiet moves picked before the rest is sorted: most positions that
/// cut off do so on one of the first moves, and picking the best of the
/// rest costs a scan, cheaper than a sort when only a few moves are taken.
const PICKED_MOVES: usize = 3;

/// Which legal moves a [`MovePicker`] hands out.
#[derive(Clone, Copy, Debug)]
pub enum MoveFilter<'m> {
    /// All of them.
    All,
    /// Those in the list (the root's `searchmoves`).
    Only(&'m [Move]),
    /// All but this one (the table move, in a singular extension's test).
    Except(Move),
}

impl MoveFilter<'_> {
    fn allows(&self, mv: Move) -> bool {
        match *self {
            MoveFilter::All => true,
            MoveFilter::Only(moves) => moves.contains(&mv),
            MoveFilter::Except(left_out) => mv != left_out,
        }
    }
}

/// A [`MovePicker`]'s lists, reused from position to position so that the
/// search allocates nothing per position.
#[derive(Default)]
pub struct PickerLists {
    /// The captures and promotions, with their keys.
    tactical: Vec<(i64, Move)>,
    /// The quiet moves of each piece, as generated.
    quiet_sets: Vec<PieceMoves>,
    /// The quiet moves with their keys, once reached.
    quiet: Vec<(i64, Move)>,
}

/// Where a [`MovePicker`] is: the order of [`MoveOrdering::sort`]'s score
/// tiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The table move (`HASH_MOVE`).
    TableMove,
    /// Captures and promotions that do not lose by exchange (`CAPTURE`).
    Tactical,
    /// The two killers and the countermove (`KILLER + 1`, `KILLER`,
    /// `COUNTER`).
    Refutations,
    /// The other quiet moves, by history.
    Quiet,
    /// Captures that lose by exchange (`LOSING_CAPTURE`), when they go last.
    LosingCaptures,
    /// Every move handed out.
    Done,
}

/// Staged move generation (the move picker of Stockfish and of the Chess
/// Programming Wiki's "Move Generation", staged): the table move is handed
/// out before any other move is generated; then the captures and
/// promotions are generated and scored, and the quiet moves only split
/// off, unexpanded; then the killers and the countermove, each when it is
/// a legal quiet move; then the quiet moves are expanded and scored; then
/// the losing captures. A position that cuts off on the table move or a
/// capture never scores its quiet moves. The order is exactly
/// [`MoveOrdering::sort`]'s: the score tiers are disjoint and within a
/// tier the keys (ties broken by generation order) are the same.
pub struct MovePicker<'s> {
    lists: &'s mut PickerLists,
    stage: Stage,
    /// The table move, when legal (and allowed by the filter).
    table_move: Option<Move>,
    /// The killers and the countermove, as they were when the picker began.
    refutations: [Option<Move>; 3],
    /// How many of `refutations` have been considered.
    refuted: usize,
    generated: bool,
    quiets_scored: bool,
    /// The next capture to hand out (those before it are handed out).
    tactical_next: usize,
    /// The next quiet move to hand out.
    quiet_next: usize,
    /// Whether the quiet moves from `quiet_next` on are sorted.
    quiet_sorted: bool,
    /// The journal's length when the picker began, while it waits to score
    /// its quiet moves.
    waiting_since: Option<usize>,
    side: usize,
    ply: usize,
    rules: OrderingRules,
    handed_out: usize,
}

impl MovePicker<'_> {
    /// The next move in order, `None` when all are handed out.
    pub fn next(&mut self, board: &Board, ordering: &mut MoveOrdering) -> Option<Move> {
        let mv = self.find_next(board, ordering)?;
        self.handed_out += 1;
        Some(mv)
    }

    /// How many moves have been handed out (0 at the end: the position
    /// has no legal move the filter allows).
    pub fn handed_out(&self) -> usize {
        self.handed_out
    }

    /// How many moves the picker hands out in all, when known before they
    /// are handed out (every move was generated when the picker began).
    pub fn len(&self) -> Option<usize> {
        (self.waiting_since.is_none() && self.generated).then(|| {
            usize::from(self.table_move.is_some())
                + self.lists.tactical.len()
                + self.lists.quiet.len()
                + self
                    .refutations
                    .iter()
                    .enumerate()
                    .filter(|&(i, &m)| self.is_refutation(m, i))
                    .count()
        })
    }

    /// Whether the picker hands out no move at all (known only when every
    /// move was generated when it began).
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    /// Ends the picker's wait, if it still waits (a position that cut off
    /// before its quiet moves): the journal need not keep its changes.
    pub fn finish(&mut self, ordering: &mut MoveOrdering) {
        if self.waiting_since.take().is_some() {
            ordering.stop_waiting(self.side);
        }
    }

    fn find_next(&mut self, board: &Board, ordering: &mut MoveOrdering) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::Tactical;
                    if self.table_move.is_some() {
                        return self.table_move;
                    }
                }
                Stage::Tactical => {
                    if !self.generated {
                        // A waiting picker scores its captures by the
                        // tables of the moment it began, as it will its
                        // quiet moves; only the capture history's score
                        // reads a journaled table.
                        let waiting = self.waiting_since.filter(|_| self.rules.capture_history);
                        if let Some(mark) = waiting {
                            ordering.rewind(self.side, mark);
                        }
                        self.generate(board, ordering, MoveFilter::All);
                        if let Some(mark) = waiting {
                            ordering.replay(self.side, mark);
                        }
                    }
                    match self.take_tactical() {
                        Some((key, mv)) if key > 0 => return Some(mv),
                        Some(_) => {
                            // A losing capture: it waits for its stage.
                            self.tactical_next -= 1;
                            self.stage = Stage::Refutations;
                        }
                        None => self.stage = Stage::Refutations,
                    }
                }
                Stage::Refutations => {
                    while self.refuted < self.refutations.len() {
                        let (i, mv) = (self.refuted, self.refutations[self.refuted]);
                        self.refuted += 1;
                        if self.is_refutation(mv, i) {
                            return mv;
                        }
                    }
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    if !self.quiets_scored {
                        self.score_quiets(board, ordering, MoveFilter::All);
                    }
                    if let Some(mv) = self.take_quiet() {
                        return Some(mv);
                    }
                    self.stage = Stage::LosingCaptures;
                }
                Stage::LosingCaptures => {
                    if let Some((_, mv)) = self.take_tactical() {
                        return Some(mv);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Whether the `i`-th refutation `mv` (killer, killer, countermove) is
    /// handed out in its stage: a legal quiet move, not the table move nor
    /// an earlier refutation (the killers of a ply differ; the countermove
    /// may be one of them).
    fn is_refutation(&self, mv: Option<Move>, i: usize) -> bool {
        let Some(mv) = mv else {
            return false;
        };
        Some(mv) != self.table_move
            && !self.refutations[..i].contains(&Some(mv))
            && mv.promotion.is_none()
            && self
                .lists
                .quiet_sets
                .iter()
                .any(|set| set.from == mv.from && set.to.has(mv.to))
    }

    /// Generates the legal moves: the captures and promotions scored
    /// (the table move left out), the quiet moves kept as each piece's
    /// set of target squares. A pawn's move is a capture (en passant
    /// included) when it changes file, a promotion when it reaches the
    /// last rank.
    fn generate(&mut self, board: &Board, ordering: &MoveOrdering, filter: MoveFilter<'_>) {
        self.generated = true;
        let us = board.side_to_move();
        let enemy = board.colors(!us);
        let last_rank = Rank::Eighth.relative_to(us).bitboard();
        let PickerLists {
            tactical,
            quiet_sets,
            ..
        } = &mut *self.lists;
        let (table_move, rules) = (self.table_move, self.rules);
        board.generate_moves(|set| {
            let tactical_to = if set.piece == Piece::Pawn {
                enemy | !set.from.file().bitboard() | last_rank
            } else {
                enemy
            };
            let captures = PieceMoves {
                to: set.to & tactical_to,
                ..set
            };
            for mv in captures {
                if Some(mv) != table_move && filter.allows(mv) {
                    let capture = enemy.has(mv.to)
                        || (set.piece == Piece::Pawn && mv.from.file() != mv.to.file());
                    let key = ordering.tactical_key_of(board, mv, set.piece, capture, rules);
                    tactical.push((pick_key(key, tactical.len()), mv));
                }
            }
            let quiet_to = set.to - tactical_to;
            if !quiet_to.is_empty() {
                quiet_sets.push(PieceMoves {
                    to: quiet_to,
                    ..set
                });
            }
            false
        });
    }

    /// Expands the quiet moves (the table move and the refutations left
    /// out) and scores them, by the history of the moment the picker began.
    fn score_quiets(&mut self, board: &Board, ordering: &mut MoveOrdering, filter: MoveFilter<'_>) {
        self.quiets_scored = true;
        // The moves handed out before this stage, left out here.
        let mut before = [self.table_move, None, None, None];
        for (i, &mv) in self.refutations.iter().enumerate() {
            if self.is_refutation(mv, i) {
                before[i + 1] = mv;
            }
        }
        let waited = self.waiting_since.take();
        if let Some(mark) = waited {
            ordering.rewind(self.side, mark);
        }
        let PickerLists {
            quiet_sets, quiet, ..
        } = &mut *self.lists;
        let (ply, rules) = (self.ply, self.rules);
        let mut add = |mv: Move| {
            let key = pick_key(ordering.quiet_key(board, mv, ply, rules), quiet.len());
            quiet.push((key, mv));
        };
        for &set in quiet_sets.iter() {
            // Most pieces have none of the moves handed out before.
            if matches!(filter, MoveFilter::All)
                && !before.iter().flatten().any(|m| m.from == set.from)
            {
                set.into_iter().for_each(&mut add);
            } else {
                set.into_iter()
                    .filter(|&mv| !before.contains(&Some(mv)) && filter.allows(mv))
                    .for_each(&mut add);
            }
        }
        if let Some(mark) = waited {
            ordering.replay(self.side, mark);
            ordering.stop_waiting(self.side);
        }
    }

    /// The best capture not yet handed out, with its key (a selection:
    /// positions have few captures).
    fn take_tactical(&mut self) -> Option<(i64, Move)> {
        let rest = self.lists.tactical.get_mut(self.tactical_next..)?;
        // The keys are distinct, so the largest is unique.
        let best = rest.iter().enumerate().max_by_key(|(_, s)| s.0)?.0;
        rest.swap(0, best);
        self.tactical_next += 1;
        Some(rest[0])
    }

    /// The best quiet move not yet handed out: the first few by selection,
    /// then the rest sorted once.
    fn take_quiet(&mut self) -> Option<Move> {
        let i = self.quiet_next;
        let rest = self.lists.quiet.get_mut(i..).filter(|r| !r.is_empty())?;
        if !self.quiet_sorted {
            if i < PICKED_MOVES {
                // The keys are distinct, so the largest is unique.
                let best = rest
                    .iter()
                    .enumerate()
                    .max_by_key(|(_, s)| s.0)
                    .map_or(0, |(j, _)| j);
                rest.swap(0, best);
            } else {
                rest.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
                self.quiet_sorted = true;
            }
        }
        self.quiet_next += 1;
        Some(rest[0].1)
    }
}
/// The bound of a history value under [`MoveOrdering::record_quiet_results`].
pub const HISTORY_MAX: i64 = 16_384;

impl MoveOrdering {
    /// History with gravity and a malus (UCI `HistoryGravity`): the quiet
    /// move `best` that caused a cutoff at `ply` with `depth` plies left
    /// gains `b` of [`cutoff_bonus`] and each quiet move `tried` before it
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
        let history = &mut self.history[side];
        let mut journal = (self.waiting[side] > 0).then_some(&mut self.journal[side]);
        let mut update = |mv: Move, bonus: i64| {
            let h = &mut history[mv.from as usize][mv.to as usize];
            if let Some(journal) = journal.as_mut() {
                journal.push((JournalSlot::History(mv.from as u16 * 64 + mv.to as u16), *h));
            }
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

/// The size `b` of a history update at a cutoff with `depth` plies left:
/// Stockfish 15.1's `stat_bonus(depth + 1)`, `min((12·d + 282)·d − 349,
/// 1594)` with `d = depth + 1`, scaled from the bound of its butterfly
/// history (7183) to [`HISTORY_MAX`] — 599 at one ply left, 1379 at two,
/// 2214 at three, 3104 at four, 3635 from five. Deeper cutoffs teach more,
/// up to a cap; a step of 4 % to 22 % of the range lets a move's record
/// follow what refuted what lately rather than sum the whole game
/// (docs/performance-chess.md, "The history's step at a cutoff").
fn cutoff_bonus(depth: i32) -> i64 {
    let d = i64::from(depth.max(0)) + 1;
    (((12 * d + 282) * d - 349) * HISTORY_MAX / 7183).clamp(0, 1594 * HISTORY_MAX / 7183)
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
    /// cut off at `ply` with `depth` plies left gains `b` of [`cutoff_bonus`]
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
        let side = board.side_to_move() as usize;
        let journaling = self.waiting[side] > 0;
        for (mv, bonus) in moves {
            for back in 1..=2 {
                if let Some(i) = self.continuation_slot(board, mv, ply, back) {
                    let h = &mut self.continuation[i];
                    if journaling {
                        self.journal[side]
                            .push((JournalSlot::Continuation(i as u32), i64::from(*h)));
                    }
                    *h = gravity(i64::from(*h), bonus) as i16;
                }
            }
        }
    }

    /// Capture history's update at a cutoff with `depth` plies left: the
    /// capture `best` that cut off (`None`: a quiet move did) gains `b =
    /// cutoff_bonus(depth)`, each capture `tried` before it loses `b`, with
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
                if self.waiting[s] > 0 {
                    let at = ((p * 64 + t) * 6 + v) as u16;
                    self.journal[s].push((JournalSlot::Capture(at), *h));
                }
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
        // depth 4: b = (12·5 + 282)·5 − 349 = 1361 in Stockfish's units,
        // 1361·16384/7183 = 3104 here; from 0 the damping term is 0.
        o.record_quiet_results(board, a, &[b, c, a], 2, 4);
        assert!(o.is_killer(a, 2));
        assert_eq!(o.history(board, a), 3104);
        assert_eq!((o.history(board, b), o.history(board, c)), (-3104, -3104));
        // Again at depth 40 (the cap, 1594·16384/7183 = 3635):
        // 3104 + 3635 − 3104·3635/16384 = 6739 − 688.
        o.record_quiet_results(board, a, &[b], 2, 40);
        assert_eq!(o.history(board, a), 6051);
        assert_eq!(o.history(board, b), -6051);
        // Many cutoffs approach the bound without passing it.
        for _ in 0..1000 {
            o.record_quiet_results(board, a, &[b], 2, 40);
        }
        assert!((16_000..=HISTORY_MAX).contains(&o.history(board, a)));
        assert!((-HISTORY_MAX..=-16_000).contains(&o.history(board, b)));
    }

    fn legal(board: &Board) -> Vec<Move> {
        let mut moves = Vec::new();
        alphabeta_chess::position::legal_moves_into(board, &mut moves);
        moves
    }

    /// The quiet moves among `moves` (neither capture nor promotion).
    fn quiet_moves(board: &Board, moves: &[Move]) -> Vec<Move> {
        moves
            .iter()
            .copied()
            .filter(|&m| tactical_score(board, m) == 0)
            .collect()
    }

    /// Every move `picker` hands out, in order.
    fn drain(picker: &mut MovePicker<'_>, board: &Board, o: &mut MoveOrdering) -> Vec<Move> {
        std::iter::from_fn(|| picker.next(board, o)).collect()
    }

    #[test]
    fn sorting_keeps_generation_order_among_equal_scores() {
        // On WAC positions with a hash move, killers and history counts,
        // the quiet moves without history keep their generation order.
        for record in alphabeta_chess::epd::read_epd(include_str!("../../chess/tests/data/wac.epd"))
            .into_iter()
            .take(30)
        {
            let record = record.expect("WAC parses");
            let fen = record.position.board().to_string();
            let board = record.position.board();
            let generated = legal(board);
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
        }
    }

    /// The perft suite's positions and two Chess960 starts, then the
    /// positions of random games from them (a xorshift generator), each
    /// with the move that led to it (`None` at a start).
    fn positions_and_moves() -> Vec<(Board, Option<Move>)> {
        let mut starts: Vec<Board> = Vec::new();
        for line in include_str!("../../chess/tests/data/perft.txt").lines() {
            let fen = line.split(';').next().expect("fen").trim();
            let board = Position::from_fen(fen).expect("fen").board().clone();
            if !starts.contains(&board) {
                starts.push(board);
            }
        }
        for fen in [
            "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1",
            "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1",
        ] {
            starts.push(Position::from_fen_960(fen).expect("960").board().clone());
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut out = Vec::new();
        for start in &starts {
            for _ in 0..6 {
                let (mut board, mut last) = (start.clone(), None);
                for _ in 0..100 {
                    out.push((board.clone(), last));
                    let moves = legal(&board);
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let mv = moves[(seed % moves.len() as u64) as usize];
                    board.play_unchecked(mv);
                    last = Some(mv);
                }
            }
        }
        out
    }

    #[test]
    fn the_staged_picker_hands_out_every_legal_move_once_in_the_sorted_order() {
        // Killers, countermoves and histories carried over from earlier
        // positions (so often illegal or captures here), and as table move
        // none, a legal move or one of the previous position (a hash
        // collision: mostly illegal here): waiting or not, under each
        // rule, the picker hands out exactly the sorted legal moves —
        // each once, the table move first when legal, never an illegal one.
        let all_rules = [
            OrderingRules::default(),
            OrderingRules {
                losing_captures_last: true,
                countermoves: true,
                ..OrderingRules::default()
            },
            OrderingRules {
                losing_captures_last: true,
                countermoves: true,
                capture_history: true,
                continuation_history: true,
            },
        ];
        let mut o = MoveOrdering::default();
        let mut lists = PickerLists::default();
        let mut scratch = Vec::new();
        let (mut positions, mut illegal_tables) = (0, 0);
        let mut previous: Vec<Move> = Vec::new();
        for (i, (board, last)) in positions_and_moves().into_iter().enumerate() {
            let moves = legal(&board);
            let quiets = quiet_moves(&board, &moves);
            o.set_line_move(0, last.map(|m| (m, Piece::Pawn)));
            if let [best, ref tried @ ..] = quiets[i % quiets.len().max(1)..] {
                o.record_quiet_results(&board, best, &tried[..tried.len().min(3)], 1, 5);
                o.record_counter(&board, 1, best);
                o.record_continuation_results(&board, best, tried, 1, 4);
            }
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| is_capture(&board, m))
                .collect();
            if let [best, ref tried @ ..] = captures[..] {
                o.record_capture_results(&board, Some(best), tried, 6);
            }
            let stale = previous.get(i % previous.len().max(1)).copied();
            let tables = [None, moves.get(i % moves.len().max(1)).copied(), stale];
            for table in tables {
                illegal_tables += usize::from(table.is_some_and(|m| !moves.contains(&m)));
                for rules in all_rules {
                    let mut expected = moves.clone();
                    o.sort(&board, &mut expected, table, 1, rules, &mut scratch);
                    for wait in [false, true] {
                        let mut picker =
                            o.picker(&board, table, 1, rules, MoveFilter::All, wait, &mut lists);
                        let got = drain(&mut picker, &board, &mut o);
                        assert_eq!(got, expected, "{board} table {table:?} {rules:?} {wait}");
                        assert_eq!(picker.handed_out(), moves.len());
                        picker.finish(&mut o);
                    }
                }
            }
            positions += 1;
            previous = moves;
        }
        assert!(
            positions > 4_000 && illegal_tables > 3_000,
            "{positions} {illegal_tables}"
        );
    }

    #[test]
    fn taking_a_piece_worth_at_least_the_mover_never_loses_by_exchange() {
        // The shortcut of the captures' scoring, against the exchange
        // itself on every capture of the positions.
        let mut checked = 0;
        for (board, _) in positions_and_moves() {
            for mv in legal(&board) {
                let attacker = board.piece_on(mv.from).expect("a piece moves");
                if let Some(victim) = victim_value(&board, mv, is_capture(&board, mv))
                    && attacker != Piece::King
                    && victim >= PIECE_VALUES[attacker as usize]
                {
                    assert!(alphabeta_chess::see::see(&board, mv) >= 0, "{board} {mv}");
                    assert!(!alphabeta_chess::see::loses_by_exchange(&board, mv, 0));
                    checked += 1;
                }
            }
        }
        assert!(checked > 1_000, "{checked}");
    }

    #[test]
    fn a_waiting_picker_scores_its_moves_by_the_tables_it_began_with() {
        // The searches of a position's first moves change its side's
        // history, capture and continuation history (two plies down); a waiting
        // picker still hands out the order of the moment it began, nested
        // pickers of the same side each their own, and the tables end as
        // the changes left them.
        let plain = OrderingRules {
            losing_captures_last: true,
            countermoves: true,
            ..OrderingRules::default()
        };
        let continued = OrderingRules {
            continuation_history: true,
            capture_history: true,
            ..plain
        };
        let (mut lists_a, mut lists_b, mut scratch) =
            (PickerLists::default(), PickerLists::default(), Vec::new());
        for rules in [plain, continued] {
            let mut reordered = 0;
            for (board, last) in positions_and_moves().into_iter().step_by(7) {
                let moves = legal(&board);
                let quiets = quiet_moves(&board, &moves);
                let Some(last) = last.filter(|_| quiets.len() >= 4) else {
                    continue;
                };
                let (mut o, mut twin) = (MoveOrdering::default(), MoveOrdering::default());
                // The line's moves at plies 0 and 2 alike, so that the
                // changes recorded at ply 3 reach the continuation entries
                // the pickers at ply 1 read.
                for ply in 0..3 {
                    o.set_line_move(ply, Some((last, Piece::Knight)));
                    twin.set_line_move(ply, Some((last, Piece::Knight)));
                }
                // The same changes to both; `o` has pickers waiting.
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| is_capture(&board, m))
                    .collect();
                let change = |o: &mut MoveOrdering, twin: &mut MoveOrdering, k: usize| {
                    let n = quiets.len();
                    let (best, tried) = (quiets[(k * 5) % n], [quiets[(k * 3 + 1) % n]]);
                    let capture = captures.get(k % captures.len().max(1)).copied();
                    for t in [&mut *o, &mut *twin] {
                        t.record_quiet_results(&board, best, &tried, 3, 4 + k as i32);
                        t.record_continuation_results(&board, best, &tried, 3, 4 + k as i32);
                        t.record_capture_results(&board, capture, &captures, 4 + k as i32);
                    }
                };
                change(&mut o, &mut twin, 0);
                let table = moves.first().copied();
                let mut expected_a = moves.clone();
                o.sort(&board, &mut expected_a, table, 1, rules, &mut scratch);
                let mut a = o.picker(&board, table, 1, rules, MoveFilter::All, true, &mut lists_a);
                let mut got_a = vec![a.next(&board, &mut o).expect("a move")];
                change(&mut o, &mut twin, 1);
                let mut expected_b = moves.clone();
                o.sort(&board, &mut expected_b, None, 1, rules, &mut scratch);
                let mut b = o.picker(&board, None, 1, rules, MoveFilter::All, true, &mut lists_b);
                got_a.push(a.next(&board, &mut o).expect("a move"));
                change(&mut o, &mut twin, 2);
                assert_eq!(drain(&mut b, &board, &mut o), expected_b, "{board}");
                change(&mut o, &mut twin, 3);
                got_a.extend(drain(&mut a, &board, &mut o));
                assert_eq!(got_a, expected_a, "{board} {rules:?}");
                a.finish(&mut o);
                b.finish(&mut o);
                let mut now = moves.clone();
                o.sort(&board, &mut now, table, 1, rules, &mut scratch);
                reordered += usize::from(now != expected_a);
                for &m in &moves {
                    assert_eq!(o.history(&board, m), twin.history(&board, m), "{board} {m}");
                    assert_eq!(o.quiet_score(&board, m, 1), twin.quiet_score(&board, m, 1));
                    assert_eq!(
                        o.capture_history(&board, m),
                        twin.capture_history(&board, m)
                    );
                }
                assert!(o.journal.iter().all(Vec::is_empty) && o.waiting == [0, 0]);
            }
            assert!(reordered > 100, "{reordered} {rules:?}");
        }
    }

    #[test]
    fn a_filtered_picker_hands_out_only_the_moves_it_allows() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .expect("fen");
        let board = pos.board();
        let moves = legal(board);
        let mut o = MoveOrdering::default();
        let mut lists = PickerLists::default();
        let mut scratch = Vec::new();
        let rules = OrderingRules::default();
        let table = Some(moves[7]);
        let only = [moves[3], moves[30], moves[7]];
        for (filter, kept) in [
            (MoveFilter::Only(&only), only.to_vec()),
            (
                MoveFilter::Except(moves[7]),
                moves.iter().copied().filter(|&m| m != moves[7]).collect(),
            ),
        ] {
            let mut expected = kept.clone();
            o.sort(board, &mut expected, table, 0, rules, &mut scratch);
            let mut picker = o.picker(board, table, 0, rules, filter, true, &mut lists);
            assert_eq!(picker.len(), Some(kept.len()));
            assert_eq!(drain(&mut picker, board, &mut o), expected);
        }
        // A position without a move the filter allows is known empty.
        let picker = o.picker(
            board,
            None,
            0,
            rules,
            MoveFilter::Only(&[]),
            false,
            &mut lists,
        );
        assert!(picker.is_empty());
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
        // Depth 5: the step's cap, 3635; depth 3: 2214.
        o.record_capture_results(board, Some(bxd5), &[nxd5], 5);
        assert_eq!(o.capture_history(board, bxd5), 3635);
        assert_eq!(o.capture_history(board, nxd5), -3635);
        assert_eq!(o.capture_history(board, quiet), 0);
        // A quiet move's cutoff punishes the captures tried before it:
        // 3635 − 2214 − 3635·2214/16384 = 1421 − 491.
        o.record_capture_results(board, None, &[bxd5], 3);
        assert_eq!(o.capture_history(board, bxd5), 930);
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
        // Depth 4: a step of 3104 in each table.
        o.record_continuation_results(board, nf3, &[bc4, nf3], 2, 4);
        assert_eq!(o.history(board, nf3), 0);
        assert_eq!(o.quiet_score(board, nf3, 2), 2 * 3104);
        assert_eq!(o.quiet_score(board, bc4, 2), -2 * 3104);
        // Only the follow-up table when the opponent's move was a null move.
        o.set_line_move(1, None);
        assert_eq!(o.quiet_score(board, nf3, 2), 3104);
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
        // Depth 3: a step of 2214 in the history and in the one
        // continuation table a move at ply 1 has (after the move at ply 0).
        let score = o.quiet_score(board, nf6, 1);
        assert!(o.is_killer(nf6, 1) && score == 2214 + 2214);
        o.forget_line();
        assert!(!o.is_killer(nf6, 1));
        assert_eq!(
            (o.history(board, nf6), o.quiet_score(board, nf6, 1)),
            (2214, 2214)
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
