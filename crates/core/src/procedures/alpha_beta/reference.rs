//! The reference alpha-beta: Knuth & Moore's F2 (1975, §2) as printed,
//!
//! ```text
//! integer procedure F2 (position p, integer alpha, integer beta):
//! begin integer m, i, t, d;
//!   determine the successor positions p1, …, pd;
//!   if d = 0 then F2 := f(p) else
//!   begin m := alpha;
//!     for i := 1 step 1 until d do
//!       begin t := −F2(pi, −beta, −m);
//!         if t > m then m := t;
//!         if m ≥ beta then go to done;
//!       end;
//!   done: F2 := m;
//!   end;
//! end.
//! ```
//!
//! with Hsu's two other return rules ([`ReturnRule`]: where m starts, and
//! what a cutoff returns), the extensions of [`NodeHooks`], the depth
//! limit and the limits of the [`Search`], the principal variation, and the
//! events of the instruments. It is the oracle of the fast paths (module
//! `fast`), which must examine the same positions in the same order and
//! report the same events, counts and values; it is written to be read
//! against the paper, and is not what the searches run.

use super::{Known, NodeHooks, ReturnRule};
use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Cut, Node, Search};
use crate::value::{NEG_INFINITY, Value};

/// Alpha-beta with the return rule `R` and the extensions `hooks`, searching
/// `root` to `depth` with the window `(alpha, beta)`, `alpha < beta`, by
/// the reference procedure: the value, events and counts of
/// [`super::alpha_beta_with_hooks`], at the speed of plain code.
pub fn alpha_beta_reference<R: ReturnRule, H: NodeHooks<G>, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    hooks: &mut H,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    debug_assert!(alpha < beta, "alpha-beta needs alpha < beta");
    let (value, cut) = f2::<R, H, G, O>(s, hooks, root, 0, 0, depth, alpha, beta);
    // A node's parent reports that it returned, counts it and classifies
    // its cutoff; the root has no parent, so it is done here (a root
    // cutoff is never deep).
    s.returned(0, value);
    s.examined(0, 1);
    s.root_cut(cut);
    value
}

/// F2 at `p`, the `index`-th successor (from 1; the root 0) of its parent,
/// `ply` moves below the root, with `depth` plies left: its value, and the
/// cutoff it made, which the parent classifies as deep or shallow.
#[allow(clippy::too_many_arguments)]
fn f2<R: ReturnRule, H: NodeHooks<G>, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    hooks: &mut H,
    p: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    s.enter_as::<true>(ply, index, alpha, beta);
    // What is known of p before its search (a table entry, McCarthy's
    // bounds) may settle it.
    match hooks.before(s.game, p, ply, depth, alpha, beta) {
        Some(Known::Exact(v)) => return (s.settle(ply, v), Cut::NONE),
        Some(Known::AtLeast(v)) if v >= beta => {
            return (s.settle(ply, R::on_cutoff(v, beta)), Cut::NONE);
        }
        Some(Known::AtMost(v)) if v <= alpha => {
            return (s.settle(ply, R::fail_low(v, alpha)), Cut::NONE);
        }
        _ => {}
    }
    // "determine the successor positions p1, …, pd; if d = 0 then
    // F2 := f(p)" — and so at the horizon, or when a limit is reached.
    let mut successors = match s.expand(p, ply, depth) {
        Node::Bottom(value) => return (value, Cut::NONE),
        Node::Interior(successors) => successors,
    };
    hooks.order(s.game, p, ply, &mut successors);
    let d = successors.len();
    // "m := alpha" (or −∞, by the rule). `own` is the best value of the
    // successors searched so far: a successor's cutoff was deep (Knuth &
    // Moore §3) exactly when its value exceeds it.
    let mut m = R::initial(alpha);
    let mut own = NEG_INFINITY;
    let mut best = None;
    let mut cut = Cut::NONE;
    let mut examined = 0;
    for i in 0..d {
        let mv = successors.get(i);
        let pi = s.game.play(p, mv);
        // "t := −F2(pi, −beta, −m)"; m ≥ alpha but for the fail-soft rule.
        let lower = m.max(alpha);
        let (v, pi_cut) = f2::<R, H, G, O>(s, hooks, &pi, ply + 1, i + 1, depth - 1, -beta, -lower);
        let t = -s.returned(ply + 1, v);
        s.successor_cut(ply + 1, pi_cut, t, own);
        own = own.max(t);
        examined = i + 1;
        // "if t > m then m := t"
        if t > m {
            m = t;
            best = Some(mv);
            s.update_pv(ply, mv);
        }
        // "if m ≥ beta then go to done"
        if m >= beta {
            cut = s.cut(d - i - 1);
            m = R::on_cutoff(m, beta);
            break;
        }
        if hooks.enough(ply, m) {
            break;
        }
    }
    // "done: F2 := m"
    s.release(ply, successors);
    s.examined(ply + 1, examined);
    hooks.after(s.game, p, ply, depth, alpha, beta, m, best);
    (m, cut)
}
