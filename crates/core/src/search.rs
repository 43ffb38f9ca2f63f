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
use crate::observer::{NoObserver, Observer};
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
pub(crate) enum Node<M> {
    /// A bottom position with its value for the side to move.
    Bottom(Value),
    /// An interior position and its successors (a buffer to give back with
    /// [`Search::release`]).
    Interior(Vec<M>),
}

/// The context of one search.
pub struct Search<'g, G: Game, O: Observer = NoObserver> {
    /// The game being searched.
    pub game: &'g G,
    /// The instruments.
    pub observer: O,
    limits: Limits,
    nodes: u64,
    stopped: bool,
    started: Instant,
    buffers: Vec<Vec<G::Move>>,
    pv: Vec<Vec<G::Move>>,
}

/// How often (in examined positions) the clock and the stop flag are read.
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
            stopped: false,
            started: Instant::now(),
            buffers: Vec::new(),
            pv: Vec::new(),
        }
    }

    /// Sets the limits; the clock starts now.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self.started = Instant::now();
        self
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

    /// Checks the limits; true when the search must stop.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(n) = self.limits.nodes
            && self.nodes > n
        {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            if let Some(t) = self.limits.time
                && self.started.elapsed() >= t
            {
                self.stopped = true;
            }
            if let Some(flag) = &self.limits.stop
                && flag.load(Ordering::Relaxed)
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Reports a position as examined and prepares its principal-variation
    /// slot; the first step of every procedure.
    #[inline]
    pub(crate) fn enter(&mut self, ply: usize, index: usize, alpha: Value, beta: Value) {
        self.nodes += 1;
        self.observer.node(ply, index, alpha, beta);
        if ply + 1 >= self.pv.len() {
            self.pv.resize_with(ply + 2, Vec::new);
            self.buffers.resize_with(ply + 2, Vec::new);
        }
        self.pv[ply].clear();
    }

    /// Decides whether an entered position is a bottom position (game over,
    /// horizon reached, no successors, or a limit hit) or an interior one,
    /// whose successors it generates: "determine the successor positions
    /// p1, …, pd; if d = 0 then return f(p)" (Knuth §2, Hsu's F1–F3).
    #[inline]
    pub(crate) fn expand(&mut self, pos: &G::Position, ply: usize, depth: u32) -> Node<G::Move> {
        let value = if let Some(v) = self.game.outcome(pos, ply) {
            v
        } else if depth == 0 || self.out_of_budget() {
            self.game.evaluate(pos, ply)
        } else {
            let mut moves = std::mem::take(&mut self.buffers[ply]);
            moves.clear();
            self.game.moves(pos, &mut moves);
            if !moves.is_empty() {
                self.observer.expand(ply, moves.len());
                return Node::Interior(moves);
            }
            self.buffers[ply] = moves;
            self.game.evaluate(pos, ply)
        };
        self.observer.leaf(ply, value);
        Node::Bottom(value)
    }

    /// [`Search::enter`] then [`Search::expand`].
    #[inline]
    pub(crate) fn open(
        &mut self,
        pos: &G::Position,
        ply: usize,
        index: usize,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Node<G::Move> {
        self.enter(ply, index, alpha, beta);
        self.expand(pos, ply, depth)
    }

    /// Gives back the successor buffer taken by [`Search::open`].
    #[inline]
    pub(crate) fn release(&mut self, ply: usize, moves: Vec<G::Move>) {
        self.buffers[ply] = moves;
    }

    /// Records that `mv` is the best move found so far at `ply`: the
    /// principal variation there becomes `mv` followed by the one below.
    #[inline]
    pub(crate) fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (upper, lower) = self.pv.split_at_mut(ply + 1);
        let line = &mut upper[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&lower[0]);
    }

    /// Clears the search state (node count, stop flag, clock) but keeps the
    /// observer, so several procedures can report into one instrument.
    pub fn reset(&mut self) {
        self.nodes = 0;
        self.stopped = false;
        self.started = Instant::now();
        for line in &mut self.pv {
            line.clear();
        }
    }
}
