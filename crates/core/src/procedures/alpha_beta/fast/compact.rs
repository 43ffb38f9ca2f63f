//! Alpha-beta's compact path: Knuth & Moore's F2 loop (1975, §2; and the
//! F1/F3 variants of Hsu's slides through [`ReturnRule`]) for the searches
//! where most of the general node has nothing to do.
//!
//! [`crate::procedures::alpha_beta_with_hooks`] takes this path when
//!
//! * the hooks are plain ([`crate::procedures::NodeHooks::PLAIN`]: no table, no
//!   McCarthy bounds, no win pruning),
//! * the principal variation is not tracked,
//! * no node limit is set and the search has not stopped
//!   ([`Search::polled_limits_only`]; see below for the clock and the stop
//!   flag),
//! * the game's successor lists can be held in a local variable
//!   ([`MoveList::HELD`], e.g. the [`crate::moves::Numbered`] lists of the
//!   implicit trees), and
//! * the window is not empty (alpha < beta, the procedure's precondition,
//!   checked only in debug builds: a release build given an empty window
//!   takes the general path, whose events for it this path does not
//!   reproduce, its leaf parents keeping m alone), and
//! * the depth is below [`INLINE_LEVELS`] (64), so that every ply of the
//!   search is below it too.
//!
//! Then a node needs no move buffer (its list stays in registers, so move
//! `i` of a numbered list is `i + 1`, computed), no principal-variation
//! slot and no hook calls, and the positions are counted once per node loop
//! by its trip count rather than one at a time.
//!
//! The path has two instances (`POLL`). A search that no limit can stop
//! ([`Search::unlimited`]) takes the one that checks nothing. A search that
//! the clock or a stop flag may stop — the Monte Carlo runner gives every
//! search its Ctrl-C flag — takes the one that checks them before each
//! expansion ([`Search::out_of_budget`]) and charges the successors it
//! generates against the next poll ([`Search::charge_poll`]), as the general
//! node does: once a limit is seen, every position met is a bottom position.
//! Those limits are read every so many positions, at no position in
//! particular, so counting positions in batches only moves a poll by the
//! few positions of the loops under way (and every position was generated,
//! and so charged, before it was examined). A node limit, which stops at an
//! exact count, keeps the search on the general node, which counts each
//! position as it enters it.
//!
//! Every ply this path hands to the observer or the game goes through
//! [`level`], which reduces it modulo [`INLINE_LEVELS`]: that leaves it
//! unchanged (the search is shallower), and it tells the compiler that the
//! ply indexes the inline per-level arrays of an instrument such as
//! [`crate::Stats`], so that counting on a level is one addition, with no
//! check of the level and no call kept for deeper levels — a call that,
//! even never taken, held the loops' values in memory rather than in
//! registers (docs/performance.md).
//!
//! The path reports by height ([`Observer::examined_near`]): with each
//! count, expansion, bottom position above the horizon and cutoff of the
//! levels it searches in its inlined loops, it gives the level's height
//! (its depth left), a constant there, and when the search ends it gives
//! the positions examined below the root ([`Observer::near_done`]). An
//! instrument that only counts, such as [`crate::Stats`], then counts at
//! fixed places and derives the expansions and the horizon's positions
//! at the end, so that a leaf parent that makes no cutoff counts nothing
//! at all; every other observer receives the plain events, in the same
//! order (docs/performance.md).
//!
//! The game goes down the recursion as an argument (`game`, the search's
//! own [`Search::game`]) rather than being read from the search at each
//! node: a shared reference passed as an argument is one the compiler knows
//! nothing writes through, so it keeps the game's fields (the branching, the
//! leaf key of a uniform tree) in registers across the observer's counts
//! instead of loading them again after each (docs/performance.md).
//! What is left is the loop of the hand-written kernels the library is
//! measured against (`crates/montecarlo/benches/kernels`), plus the
//! observer's events, which are exactly those of the general path, in the
//! same order, with the same values: an instrument cannot tell the two
//! paths apart (tests `crates/models/tests/integration/compact_path.rs` and
//! `reference_f2.rs`). A leaf parent
//! settles its successors through the game's leaf-parent hook
//! ([`Game::successor_values`]) when the game has one.
//!
//! A node at depth 2 searches its successors, the leaf parents, in its own
//! loop (no call per leaf parent), and counts the positions they examined
//! in a register, adding them to the search's count once.
//!
//! A node at depth 3 searches its successors, the depth-2 nodes, in its own
//! loop too (each inlined with its leaf parents: no call per depth-2 node,
//! whose call, prologue, epilogue and loop set-up cost about half as much
//! as its loop over the leaf parents of a narrow tree; docs/performance.md).
//! The events are those of the call it replaces, in the same order.

use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::{INLINE_LEVELS, Observer};
use crate::procedures::ReturnRule;
use crate::search::{Cut, Search};
use crate::value::{NEG_INFINITY, Value};

/// Whether the compact path may search with `s` in the window `(alpha,
/// beta)` (the hooks being plain, which the caller checks): see the
/// module's documentation.
#[inline(always)]
pub(super) fn applies<G: Game, O: Observer>(
    s: &Search<'_, G, O>,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> bool {
    <G::Moves as MoveList<G::Move>>::HELD
        && !s.tracks_pv()
        && s.polled_limits_only()
        && (depth as usize) < INLINE_LEVELS
        && alpha < beta
}

/// The ply `ply` of this path as the observer is told it: `ply` itself,
/// every ply being at most the depth of the root, which is below
/// [`INLINE_LEVELS`] ([`applies`]); reduced modulo that number so that the
/// compiler knows it indexes an instrument's inline per-level arrays.
#[inline(always)]
fn level(ply: usize) -> usize {
    ply % INLINE_LEVELS
}

/// Searches the root at ply 0 exactly as the general path's root node
/// would: its value and the cutoff it made. The caller reports what follows
/// the root's search (its return, its count, its cutoff).
pub(super) fn root<R: ReturnRule, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    debug_assert!(applies(s, depth, alpha, beta));
    s.enter_as::<false>(0, 0, alpha, beta);
    let entered = s.nodes();
    let searched = if s.unlimited() {
        node::<false, R, G, O>(s, s.game, root, 0, depth, alpha, beta)
    } else {
        node::<true, R, G, O>(s, s.game, root, 0, depth, alpha, beta)
    };
    if O::ACTIVE {
        let below = s.nodes() - entered;
        s.observer.near_done(depth as usize, below);
    }
    searched
}

/// The root, entered and counted by [`root`]: a bottom position at the
/// horizon is settled here ("if d = 0 then return f(p)", Knuth §2); a
/// position above it by [`leaf_parent`] at depth 1 and by [`interior`]
/// higher up, each of which makes its own successor list, so that the list
/// is a local value the compiler sees whole (move `i` of a fresh numbered
/// list is `i + 1`).
#[inline(always)]
fn node<const POLL: bool, R: ReturnRule, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    game: &G,
    pos: &G::Position,
    ply: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    match depth {
        0 => {
            let value = match game.outcome(pos, ply) {
                Some(v) => v,
                None => game.evaluate(pos, ply),
            };
            s.observer.leaf(ply, value);
            (value, Cut::NONE)
        }
        1 => {
            let mut below = 0;
            let window = (alpha, beta);
            let searched = leaf_parent::<POLL, R, G, O>(s, game, pos, ply, window, &mut below);
            s.count_entered(below);
            searched
        }
        _ => interior::<POLL, R, G, O>(s, game, pos, ply, depth, alpha, beta),
    }
}

/// The successors of a position above the horizon ("determine the
/// successor positions p1, …, pd", Knuth §2), reported as one expansion; or,
/// when the game is over there or has no successors, its value, reported
/// as a bottom position — as the general path's `Search::expand_in_place`
/// does, with the check of the limits in the instance that polls them.
#[inline(always)]
fn expand<const POLL: bool, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    game: &G,
    pos: &G::Position,
    ply: usize,
    height: usize,
) -> Result<G::Moves, Value> {
    let value = match game.outcome(pos, ply) {
        Some(v) => v,
        None if POLL && s.out_of_budget() => game.evaluate(pos, ply),
        None => {
            let mut moves = G::Moves::default();
            game.moves(pos, &mut moves);
            if !moves.is_empty() {
                if POLL {
                    s.charge_poll(moves.len());
                }
                s.observer.expand_near(ply, height, moves.len());
                return Ok(moves);
            }
            game.evaluate(pos, ply)
        }
    };
    s.observer.leaf_near(ply, height, value);
    Err(value)
}

/// A position at depth ≥ 2: its successor loop, with its own instances for
/// depth 2, whose successors are all leaf parents, and for depth 3, whose
/// successors (at depth 2) are searched in its own loop.
#[inline(never)]
fn interior<const POLL: bool, R: ReturnRule, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    game: &G,
    pos: &G::Position,
    ply: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    let ply = level(ply);
    match depth {
        2 => expanded::<2, POLL, R, G, O>(s, game, pos, ply, 2, alpha, beta),
        3 => expanded::<3, POLL, R, G, O>(s, game, pos, ply, 3, alpha, beta),
        _ => expanded::<0, POLL, R, G, O>(s, game, pos, ply, depth, alpha, beta),
    }
}

/// A position at depth ≥ 2 ([`interior`]), expanded and searched by the
/// instance `LEVEL` of the successor loop: 2 or 3 for that depth, 0 for
/// any depth.
#[inline(always)]
fn expanded<const LEVEL: u32, const POLL: bool, R: ReturnRule, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    game: &G,
    pos: &G::Position,
    ply: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    let moves = match expand::<POLL, G, O>(s, game, pos, ply, depth as usize) {
        Ok(moves) => moves,
        Err(value) => return (value, Cut::NONE),
    };
    successors::<LEVEL, POLL, R, G, O>(s, game, pos, &moves, ply, depth, alpha, beta)
}

/// The successor loop of the general path (`super::successors`) without
/// hooks, principal variation or move buffer: the same `own`/`m`
/// bookkeeping (an observed search keeps `own`, the best value of the elder
/// successors, to tell a deep cutoff from a shallow one — Knuth & Moore
/// §3 — an unobserved one keeps only m), the same events, and the
/// successors examined counted once when the loop ends. The loop keeps
/// only the count of successors examined: whether it cut off, and what it
/// left, follow from the best value when it ends, so that nothing else
/// stays live across the inlined loops below it. At depth 2 the
/// successors are leaf parents, searched in this loop ([`leaf_parent`],
/// inlined: no call per leaf parent), their positions counted once when
/// it ends. At depth 3 (`LEVEL` 3) the
/// successors, at depth 2, are expanded and searched in this loop too
/// ([`expanded`] with the instance for depth 2, inlined). `LEVEL` is the
/// depth when it is 2 or 3, and 0 for any depth (`depth` then says which).
// Always inlined into `interior`: the arguments are that node's registers.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn successors<const LEVEL: u32, const POLL: bool, R: ReturnRule, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    game: &G,
    pos: &G::Position,
    moves: &G::Moves,
    ply: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    let depth = if LEVEL == 0 { depth } else { LEVEL };
    let ply = level(ply);
    let child_ply = level(ply + 1);
    let n = moves.len();
    let floor = R::initial(alpha);
    let mut own = NEG_INFINITY;
    let mut kept_m = floor;
    let mut examined = 0;
    // The positions the leaf parents examined, at depth 2.
    let mut below = 0;
    for i in 0..n {
        let child = game.play(pos, moves.get(i));
        let lower = if O::ACTIVE { own } else { kept_m }.max(alpha);
        s.observer.node(child_ply, i + 1, -beta, -lower);
        let (t, child_cut) = if depth == 2 {
            let window = (-beta, -lower);
            leaf_parent::<POLL, R, G, O>(s, game, &child, child_ply, window, &mut below)
        } else if LEVEL == 3 {
            expanded::<2, POLL, R, G, O>(s, game, &child, child_ply, 2, -beta, -lower)
        } else {
            interior::<POLL, R, G, O>(s, game, &child, child_ply, depth - 1, -beta, -lower)
        };
        let t = -s.returned(child_ply, t);
        if LEVEL == 0 {
            s.successor_cut(child_ply, child_cut, t, own);
        } else {
            s.successor_cut_near(child_ply, LEVEL as usize - 1, child_cut, t, own);
        }
        if O::ACTIVE {
            own = own.max(t);
        } else {
            kept_m = kept_m.max(t);
        }
        examined = i + 1;
        let best_so_far = if O::ACTIVE { own } else { kept_m };
        if best_so_far >= beta {
            break;
        }
    }
    s.count_entered(examined + below);
    s.examined_near(child_ply, depth as usize - 1, examined);
    // The best value starts below beta (alpha < beta) and the loop stops at
    // the first that reaches it: it reached beta exactly when the loop cut
    // off, and then the successors left are those not examined.
    let best = if O::ACTIVE { own } else { kept_m };
    if best >= beta {
        (R::on_cutoff(best, beta), s.cut(n - examined))
    } else {
        let m = if O::ACTIVE { own.max(floor) } else { kept_m };
        (m, Cut::NONE)
    }
}

/// A position at depth 1 (or a bottom position, see [`expand`]): its
/// successors are bottom positions, whose
/// values the game hands out in one loop when it has the leaf-parent hook
/// ([`Game::successor_values`]); otherwise each is played and valued here
/// (`outcome`, or else `evaluate`, at `ply + 1`, as the general path's
/// bottom positions are). Per successor the events of the general path:
/// `node`, `leaf`, `returned`; per node `examined` and the cutoff. The
/// positions it examined are added to `below`, whose owner counts them.
#[inline(always)]
fn leaf_parent<const POLL: bool, R: ReturnRule, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    game: &G,
    pos: &G::Position,
    ply: usize,
    (alpha, beta): (Value, Value),
    below: &mut usize,
) -> (Value, Cut) {
    let moves = match expand::<POLL, G, O>(s, game, pos, ply, 1) {
        Ok(moves) => moves,
        Err(value) => return (value, Cut::NONE),
    };
    let moves = &moves;
    let n = moves.len();
    let leaf_ply = level(ply + 1);
    // Only m is kept, observed or not: `own` (the best of the elder
    // successors, apart from the floor) serves to tell a successor's deep
    // cutoff from a shallow one (Knuth & Moore 1975, §3), and bottom
    // positions make no cutoffs. As alpha < beta, m = max(floor, own) ≥
    // beta exactly when own ≥ beta, max(m, alpha) = max(own, alpha), and m
    // is what the general path returns: the same events and values.
    //
    // The loop keeps m and the count alone: as m starts below beta
    // (alpha < beta) and the loop stops at the first m ≥ beta, m ≥ beta
    // after it exactly when it cut off, and then the successors it left
    // are those it did not count.
    let mut m = R::initial(alpha);
    let mut examined = 0;
    let mut visit = |v: Value| {
        examined += 1;
        s.observer.node(leaf_ply, examined, -beta, -m.max(alpha));
        s.observer.leaf(leaf_ply, v);
        let t = -s.returned(leaf_ply, v);
        m = m.max(t);
        m < beta
    };
    if !game.successor_values(pos, ply, moves, &mut visit) {
        for i in 0..n {
            let child = game.play(pos, moves.get(i));
            let v = match game.outcome(&child, leaf_ply) {
                Some(v) => v,
                None => game.evaluate(&child, leaf_ply),
            };
            if !visit(v) {
                break;
            }
        }
    }
    *below += examined;
    s.examined_near(leaf_ply, 0, examined);
    if m >= beta {
        (R::on_cutoff(m, beta), s.cut(n - examined))
    } else {
        (m, Cut::NONE)
    }
}
