//! The search context shared by every procedure.
//!
//! A [`Search`] owns what a procedure needs besides its arguments: the game,
//! the observer, the limits (Hsu's "time is running up" and "other
//! constraints"), one reusable move buffer per ply, and the triangular
//! principal-variation table. The procedures themselves are free functions in
//! [`crate::procedures`] that take `&mut Search` and mirror the papers' code.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::{Cutoff, CutoffKind, NoObserver, Observer};
use crate::value::Value;

/// Limits other than depth. A limited search treats every position it meets
/// after a limit is reached as a bottom position (Hsu's F1–F3 return h(p)
/// when "time is running up"), and reports itself incomplete.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many positions examined.
    pub nodes: Option<u64>,
    /// Stop after this much wall-clock time.
    pub time: Option<Duration>,
    /// Stop when another thread sets this flag (a UCI `stop`, Ctrl-C).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limits.
    pub fn none() -> Self {
        Limits::default()
    }
}

/// What a driver (iterative deepening, aspiration) returns.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The root value for the side to move.
    pub value: Value,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
    /// The deepest iteration that finished (the requested depth for a single
    /// search that was not stopped).
    pub depth: u32,
    /// Whether the search finished without hitting a limit.
    pub complete: bool,
}

impl<M: Copy> SearchResult<M> {
    /// The best move at the root, if the root has successors.
    pub fn best_move(&self) -> Option<M> {
        self.pv.first().copied()
    }
}

/// How the procedures see a position when they first examine it.
pub(crate) enum Node<L> {
    /// A bottom position with its value for the side to move.
    Bottom(Value),
    /// An interior position and its successors (a list to give back with
    /// [`Search::release`]).
    Interior(L),
}

/// A cutoff made by a node ([`Search::cut`]), handed back to its parent
/// together with the node's value, so the parent can tell whether it was
/// deep (Knuth & Moore §3) by testing a register ([`Search::successor_cut`]);
/// the root's is reported by the procedure ([`Search::root_cut`]). Every
/// procedure reports its cutoffs this way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cut(usize);

impl Cut {
    /// No cutoff (or none observed).
    pub(crate) const NONE: Cut = Cut(0);
}

/// The context of one search.
pub struct Search<'g, G: Game, O: Observer = NoObserver> {
    /// The game being searched.
    pub game: &'g G,
    /// The instruments.
    pub observer: O,
    limits: Limits,
    nodes: u64,
    /// The node count at which the limits are next checked (`u64::MAX`
    /// without limits, 0 once stopped), so the hot path pays one
    /// comparison.
    next_check: u64,
    stopped: bool,
    track_pv: bool,
    started: Instant,
    buffers: Vec<G::Moves>,
    pv: Vec<Vec<G::Move>>,
}

/// The allocations of a finished search (move buffers, principal-variation
/// lines), kept for the next one ([`Search::from_spare`]).
pub(crate) struct Spare<G: Game> {
    buffers: Vec<G::Moves>,
    pv: Vec<Vec<G::Move>>,
}

impl<G: Game> Default for Spare<G> {
    fn default() -> Self {
        Spare {
            buffers: Vec::new(),
            pv: Vec::new(),
        }
    }
}

/// How often (in examined positions, or successors generated) the clock and
/// the stop flag are read.
const POLL_INTERVAL: u64 = 1024;

impl<'g, G: Game> Search<'g, G, NoObserver> {
    /// An uninstrumented, unlimited search of `game`.
    pub fn new(game: &'g G) -> Self {
        Search::with_observer(game, NoObserver)
    }
}

impl<'g, G: Game, O: Observer> Search<'g, G, O> {
    /// A search that reports to `observer`.
    pub fn with_observer(game: &'g G, observer: O) -> Self {
        Search {
            game,
            observer,
            limits: Limits::default(),
            nodes: 0,
            next_check: u64::MAX,
            stopped: false,
            track_pv: true,
            started: Instant::now(),
            buffers: Vec::new(),
            pv: Vec::new(),
        }
    }

    /// Sets the limits; the clock starts now.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self.started = Instant::now();
        self.schedule_check();
        self
    }

    /// Turns principal-variation tracking off (or on). Without it the
    /// procedures do no work per improvement beyond the value itself, which
    /// is what Monte Carlo runs want; [`Search::principal_variation`] is then
    /// empty.
    pub fn track_pv(mut self, on: bool) -> Self {
        self.track_pv = on;
        self
    }

    fn schedule_check(&mut self) {
        let l = &self.limits;
        let polls = l.time.is_some() || l.stop.is_some();
        let by_poll = if polls {
            self.nodes + POLL_INTERVAL
        } else {
            u64::MAX
        };
        let by_count = l.nodes.map_or(u64::MAX, |n| n.saturating_add(1));
        self.next_check = by_poll.min(by_count);
    }

    /// Positions examined so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the search (or its limits) started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether a limit stopped the search.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The principal variation found by the last procedure run from ply 0.
    pub fn principal_variation(&self) -> Vec<G::Move> {
        self.pv.first().cloned().unwrap_or_default()
    }

    /// Gives up the observer.
    pub fn into_observer(self) -> O {
        self.observer
    }

    /// Checks the limits; true when the search must stop. Costs one
    /// comparison except every [`POLL_INTERVAL`] positions (or at the node
    /// limit), when the clock and the stop flag are read, and once stopped
    /// (the check is then due at every position).
    #[inline(always)]
    pub(crate) fn out_of_budget(&mut self) -> bool {
        self.nodes >= self.next_check && self.check_limits()
    }

    #[cold]
    fn check_limits(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let l = &self.limits;
        let over_nodes = l.nodes.is_some_and(|n| self.nodes > n);
        let over_time = l.time.is_some_and(|t| self.started.elapsed() >= t);
        let flagged = l.stop.as_ref().is_some_and(|f| f.load(Ordering::Relaxed));
        self.stopped = over_nodes || over_time || flagged;
        self.schedule_check();
        if self.stopped {
            self.next_check = 0;
        }
        self.stopped
    }

    /// Reports a position as examined and prepares its principal-variation
    /// slot; the first step of every procedure.
    #[inline(always)]
    pub(crate) fn enter(&mut self, ply: usize, index: usize, alpha: Value, beta: Value) {
        self.enter_as::<true>(ply, index, alpha, beta);
        self.observer.examined(ply, 1);
    }

    /// [`Search::enter`] for a procedure instantiated per PV mode: `PV =
    /// false` promises that the principal variation is not tracked
    /// ([`Search::tracks_pv`] is false), so no test for it is compiled in.
    /// The procedure counts the positions it examines and reports them with
    /// [`Search::examined`].
    #[inline(always)]
    pub(crate) fn enter_as<const PV: bool>(
        &mut self,
        ply: usize,
        index: usize,
        alpha: Value,
        beta: Value,
    ) {
        self.nodes += 1;
        self.observer.node(ply, index, alpha, beta);
        if PV && self.track_pv {
            // The slot exists unless this is the root: the parent made room
            // for its successors' level when it expanded
            // ([`Search::successor_buffer`]).
            if let Some(line) = self.pv.get_mut(ply) {
                line.clear();
            }
        }
    }

    /// Counts `count` positions examined at once by a procedure that
    /// reported each of them to [`Observer::node`] itself and tracks no
    /// principal variation: the successors of a leaf parent settled through
    /// [`Game::successor_values`]. Bottom positions at the horizon are never
    /// checked against the limits, so counting them after the fact changes
    /// nothing a limit sees, and the count stays out of the leaf loop.
    #[inline(always)]
    pub(crate) fn count_entered(&mut self, count: usize) {
        self.nodes += count as u64;
    }

    /// Whether no limit can stop this search: none is set (or none can be
    /// reached) and it has not stopped, so [`Search::expand_in_place`]'s
    /// check of the limits would never fire.
    #[inline(always)]
    pub(crate) fn unlimited(&self) -> bool {
        self.next_check == u64::MAX && !self.stopped
    }

    /// Whether only polled limits can stop this search (the clock, the
    /// stop flag; no node limit) and it has not stopped. Those limits are
    /// read every [`POLL_INTERVAL`] positions, at no position in
    /// particular, so a procedure that counts positions in batches
    /// ([`Search::count_entered`]) may check them ([`Search::out_of_budget`])
    /// as validly as one that counts each position as it enters it; a node
    /// limit must be checked against exact counts.
    #[inline(always)]
    pub(crate) fn polled_limits_only(&self) -> bool {
        self.limits.nodes.is_none() && !self.stopped
    }

    /// Charges the `count` successors just generated for a position against
    /// the next poll of the limits: a position with a million moves costs
    /// what a million examined positions cost, so it brings the next poll
    /// that much closer (only where something polls; an unlimited search
    /// keeps `u64::MAX`).
    #[inline(always)]
    pub(crate) fn generated(&mut self, count: usize) {
        if self.next_check != u64::MAX {
            self.charge_poll(count);
        }
    }

    /// [`Search::generated`] for a search that polls its limits, whose next
    /// poll is never `u64::MAX` (it polls, so its next poll is a count, or 0
    /// once stopped): the charge without the test for an unlimited search,
    /// for the compact path's polling instance, where the test is dead.
    #[inline(always)]
    pub(crate) fn charge_poll(&mut self, count: usize) {
        debug_assert!(self.next_check != u64::MAX, "a search that polls");
        self.next_check = self.next_check.saturating_sub(count as u64);
    }

    /// Whether the principal variation is tracked ([`Search::track_pv`]).
    #[inline(always)]
    pub(crate) fn tracks_pv(&self) -> bool {
        self.track_pv
    }

    /// Reports that the node at `ply` returned `value` (negamax view of its
    /// side to move) and passes the value on: `return s.returned(ply, v)`.
    #[inline(always)]
    pub(crate) fn returned(&mut self, ply: usize, value: Value) -> Value {
        if O::ACTIVE {
            self.observer.returned(ply, value);
        }
        value
    }

    /// Reports that the node at `ply` was settled without evaluation or
    /// expansion (a table entry, McCarthy's bounds), with value `v`.
    #[inline(always)]
    pub(crate) fn settle(&mut self, ply: usize, v: Value) -> Value {
        self.observer.settled(ply, v);
        v
    }

    /// Reports that the position at `ply` is searched again
    /// ([`Observer::research`]).
    #[inline(always)]
    pub(crate) fn report_research(&mut self, ply: usize) {
        if O::ACTIVE {
            self.observer.research(ply);
        }
    }

    /// Tells the observer that the next position entered is a successor of
    /// the one at the Dewey path `parent()` ([`Observer::jump`]); the path is
    /// only built when an observer listens.
    #[inline(always)]
    pub(crate) fn jump_to(&mut self, parent: impl FnOnce() -> Vec<u32>) {
        if O::ACTIVE {
            self.observer.jump(&parent());
        }
    }

    /// Stops the search as a limit would (a procedure ran out of the memory
    /// it may use): [`Search::stopped`] is then true.
    pub(crate) fn halt(&mut self) {
        self.stopped = true;
        self.next_check = 0;
    }

    /// The cutoff a node made with `pruned` successors unexamined, which it
    /// hands back to its parent together with its value (see [`Cut`]).
    /// Without an active observer it is always [`Cut::NONE`], a constant.
    #[inline(always)]
    pub(crate) fn cut(&self, pruned: usize) -> Cut {
        if O::ACTIVE {
            Cut(pruned + 1)
        } else {
            Cut::NONE
        }
    }

    /// Reports the cutoff `cut` the root handed back: a root cutoff is
    /// never deep, there being no bound from above it.
    #[inline]
    pub(crate) fn root_cut(&mut self, cut: Cut) {
        if O::ACTIVE && cut.0 != 0 {
            self.emit_cutoff(0, false, cut.0 - 1);
        }
    }

    /// Called by a node after its successor at `ply` returned `value` (in
    /// the node's negamax view) and the cutoff `cut`, `own` being the best
    /// value its elder siblings returned: reports the cutoff, which was
    /// deep (Knuth §3) exactly when `value > own`: the bound the node's own
    /// finished successors give, −own, would not have caused it, so the
    /// bound came from two or more levels up. Knuth's F1, which only has
    /// the node's own bound, can make no such cutoff.
    #[inline(always)]
    pub(crate) fn successor_cut(&mut self, ply: usize, cut: Cut, value: Value, own: Value) {
        if O::ACTIVE && cut.0 != 0 {
            self.emit_cutoff(ply, value > own, cut.0 - 1);
        }
    }

    /// [`Search::successor_cut`] for a successor at height `height`
    /// ([`Observer::cutoff_near`]).
    #[inline(always)]
    pub(crate) fn successor_cut_near(
        &mut self,
        ply: usize,
        height: usize,
        cut: Cut,
        value: Value,
        own: Value,
    ) {
        if O::ACTIVE && cut.0 != 0 {
            self.observer.cutoff_near(
                ply,
                height,
                Cutoff {
                    kind: CutoffKind::at_ply(ply),
                    deep: value > own,
                    pruned: cut.0 - 1,
                },
            );
        }
    }

    #[inline]
    fn emit_cutoff(&mut self, ply: usize, deep: bool, pruned: usize) {
        self.observer.cutoff(
            ply,
            Cutoff {
                kind: CutoffKind::at_ply(ply),
                deep,
                pruned,
            },
        );
    }

    /// The (cleared) move buffer of `ply`, after making room for the
    /// buffers and principal-variation lines of `ply` and of its successors'
    /// level (which [`Search::update_pv`] reads). Only positions that are
    /// expanded need it, so a bottom position pays no length check.
    #[inline(always)]
    fn successor_buffer(&mut self, ply: usize) -> &mut G::Moves {
        let moves = if ply + 1 < self.buffers.len() {
            &mut self.buffers[ply]
        } else {
            self.grow(ply)
        };
        moves.clear();
        moves
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, ply: usize) -> &mut G::Moves {
        self.pv.resize_with(ply + 2, Vec::new);
        self.buffers.resize_with(ply + 2, G::Moves::default);
        &mut self.buffers[ply]
    }

    /// Decides whether an entered position is a bottom position (game over,
    /// horizon reached, no successors, or a limit hit) or an interior one,
    /// whose successors it generates: "determine the successor positions
    /// p1, …, pd; if d = 0 then return f(p)" (Knuth §2, Hsu's F1–F3).
    ///
    /// Returns the value of a bottom position, or `None` for an interior
    /// one, whose successors are left in this ply's buffer
    /// ([`Search::successors_mut`]) until the ply is expanded again, so a
    /// procedure that reads them there has no buffer to take and give back.
    #[inline(always)]
    pub(crate) fn expand_in_place(
        &mut self,
        pos: &G::Position,
        ply: usize,
        depth: u32,
    ) -> Option<Value> {
        let value = if let Some(v) = self.game.outcome(pos, ply) {
            v
        } else if depth == 0 || self.out_of_budget() {
            self.game.evaluate(pos, ply)
        } else {
            let game = self.game;
            let moves = self.successor_buffer(ply);
            game.moves(pos, moves);
            let n = moves.len();
            self.generated(n);
            if n != 0 {
                self.observer.expand(ply, n);
                return None;
            }
            self.game.evaluate(pos, ply)
        };
        self.observer.leaf(ply, value);
        Some(value)
    }

    /// Reports `count` positions on level `ply` examined by a procedure
    /// that entered them with [`Search::enter_as`].
    #[inline(always)]
    pub(crate) fn examined(&mut self, ply: usize, count: usize) {
        if O::ACTIVE {
            self.observer.examined(ply, count as u64);
        }
    }

    /// [`Search::examined`] for a level at height `height`
    /// ([`Observer::examined_near`]).
    #[inline(always)]
    pub(crate) fn examined_near(&mut self, ply: usize, height: usize, count: usize) {
        if O::ACTIVE {
            self.observer.examined_near(ply, height, count as u64);
        }
    }

    /// [`Search::expand_in_place`], with the successors of an interior
    /// position taken out of the buffer (give them back with
    /// [`Search::release`]).
    #[inline(always)]
    pub(crate) fn expand(&mut self, pos: &G::Position, ply: usize, depth: u32) -> Node<G::Moves> {
        match self.expand_in_place(pos, ply, depth) {
            Some(value) => Node::Bottom(value),
            None => Node::Interior(std::mem::take(&mut self.buffers[ply])),
        }
    }

    /// The successors of the position at `ply` left by
    /// [`Search::expand_in_place`], in search order.
    #[inline(always)]
    pub(crate) fn successors_mut(&mut self, ply: usize) -> &mut G::Moves {
        &mut self.buffers[ply]
    }

    /// The successor searched `i`-th at `ply` ([`Search::successors_mut`]).
    #[inline(always)]
    pub(crate) fn successor(&self, ply: usize, i: usize) -> G::Move {
        self.buffers[ply].get(i)
    }

    /// [`Search::enter`] then [`Search::expand`].
    #[inline(always)]
    pub(crate) fn open(
        &mut self,
        pos: &G::Position,
        ply: usize,
        index: usize,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Node<G::Moves> {
        self.enter(ply, index, alpha, beta);
        self.expand(pos, ply, depth)
    }

    /// Gives back the successor buffer taken by [`Search::open`].
    #[inline(always)]
    pub(crate) fn release(&mut self, ply: usize, moves: G::Moves) {
        self.buffers[ply] = moves;
    }

    /// Records that `mv` is the best move found so far at `ply`: the
    /// principal variation there becomes `mv` followed by the one below.
    #[inline(always)]
    pub(crate) fn update_pv(&mut self, ply: usize, mv: G::Move) {
        self.update_pv_as::<true>(ply, mv);
    }

    /// [`Search::update_pv`] for a procedure instantiated per PV mode (see
    /// [`Search::enter_as`]).
    #[inline(always)]
    pub(crate) fn update_pv_as<const PV: bool>(&mut self, ply: usize, mv: G::Move) {
        if !(PV && self.track_pv) {
            return;
        }
        let (upper, lower) = self.pv.split_at_mut(ply + 1);
        let line = &mut upper[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&lower[0]);
    }

    /// The principal variation recorded at `ply` (empty when none is).
    pub(crate) fn pv_at(&self, ply: usize) -> &[G::Move] {
        self.pv.get(ply).map_or(&[], Vec::as_slice)
    }

    /// Sets the principal variation at `ply` to `mv` followed by `rest` (a
    /// line found by another thread's search of the successor).
    pub(crate) fn set_pv(&mut self, ply: usize, mv: G::Move, rest: &[G::Move]) {
        if !self.track_pv {
            return;
        }
        if self.pv.len() <= ply {
            self.pv.resize_with(ply + 1, Vec::new);
        }
        let line = &mut self.pv[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(rest);
    }

    /// A search that reports to `observer` and reuses the move buffers and
    /// principal-variation lines of an earlier one ([`Search::into_spare`]),
    /// so a task of the parallel search allocates nothing once its thread
    /// has searched as deep before.
    pub(crate) fn from_spare(game: &'g G, observer: O, spare: Spare<G>) -> Self {
        Search {
            buffers: spare.buffers,
            pv: spare.pv,
            ..Search::with_observer(game, observer)
        }
    }

    /// Gives up the observer and keeps the buffers for another search
    /// ([`Search::from_spare`]).
    pub(crate) fn into_spare(self) -> (O, Spare<G>) {
        (
            self.observer,
            Spare {
                buffers: self.buffers,
                pv: self.pv,
            },
        )
    }

    /// Takes the successors of the position at `ply` out of their buffer,
    /// to share them with other threads while this search goes on below;
    /// give them back with [`Search::release`].
    pub(crate) fn take_successors(&mut self, ply: usize) -> G::Moves {
        std::mem::take(&mut self.buffers[ply])
    }

    /// Clears the search state (node count, stop flag, clock) but keeps the
    /// observer, so several procedures can report into one instrument.
    pub fn reset(&mut self) {
        self.nodes = 0;
        self.stopped = false;
        self.started = Instant::now();
        self.schedule_check();
        for line in &mut self.pv {
            line.clear();
        }
    }
}
