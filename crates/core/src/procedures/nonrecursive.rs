//! Knuth & Moore's non-recursive `alphabeta` (§2).

use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Cut, Node, Search};
use crate::value::{NEG_INFINITY, Value};

/// One level of the explicit recursion stack. Knuth keeps `a[l−2]`,
/// `a[l−1]`, `a[l]` (alpha, −beta, m) in one integer array and `r[l]`,
/// `r[l+1]` (p and the current successor q) in another; a frame holds the
/// same quantities for one level.
struct Frame<P, L> {
    pos: P,
    moves: L,
    /// Index of the next successor to examine (Knuth's q).
    next: usize,
    depth: u32,
    /// Knuth's a\[l\]: m.
    m: Value,
    /// Knuth's −a\[l−1\]: beta.
    beta: Value,
    /// The best value the finished successors returned (for telling deep
    /// cutoffs from shallow ones; not part of Knuth's procedure).
    own: Value,
    /// The cutoff this level made, for its parent to classify.
    cut: Cut,
}

/// Knuth & Moore's `integer procedure alphabeta(ref(position) p)` (§2): the
/// recursive F2 turned into a loop over explicit stacks by mechanical
/// transformation. It computes F2(p, alpha, beta) and examines exactly the
/// positions [`super::alpha_beta_fail_hard`] examines, in the same order,
/// with the same cutoffs (Knuth's version fixes the window to (−∞, +∞)).
pub fn alpha_beta_nonrecursive<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    let mut stack: Vec<Frame<G::Position, G::Moves>> = Vec::new();
    let moves = match s.open(root, 0, 0, depth, alpha, beta) {
        Node::Bottom(v) => return s.returned(0, v),
        Node::Interior(moves) => moves,
    };
    stack.push(Frame {
        pos: root.clone(),
        moves,
        next: 0,
        depth,
        m: alpha,
        beta,
        own: NEG_INFINITY,
        cut: Cut::NONE,
    });
    loop {
        let ply = stack.len() - 1;
        let top = stack.last_mut().expect("stack is never empty here");
        // "while q ≠ Λ and m < beta": descend into the next successor.
        if top.next < top.moves.len() && top.m < top.beta {
            let mv = top.moves.get(top.next);
            top.next += 1;
            let index = top.next;
            let child = s.game.play(&top.pos, mv);
            let (child_alpha, child_beta) = (-top.beta, -top.m);
            let child_depth = top.depth - 1;
            match s.open(&child, ply + 1, index, child_depth, child_alpha, child_beta) {
                Node::Bottom(v) => {
                    s.returned(ply + 1, v);
                    let top = stack.last_mut().expect("parent frame");
                    back_up(s, top, ply, -v, Cut::NONE, mv);
                }
                Node::Interior(moves) => stack.push(Frame {
                    pos: child,
                    moves,
                    next: 0,
                    depth: child_depth,
                    m: child_alpha,
                    beta: child_beta,
                    own: NEG_INFINITY,
                    cut: Cut::NONE,
                }),
            }
            continue;
        }
        // "done: l := l − 1": return m to the parent, or finish.
        let done = stack.pop().expect("frame to pop");
        s.release(ply, done.moves);
        if stack.is_empty() {
            s.root_cut(done.cut);
        }
        s.returned(ply, done.m);
        match stack.last_mut() {
            None => return done.m,
            Some(parent) => {
                let mv = parent.moves.get(parent.next - 1);
                back_up(s, parent, ply - 1, -done.m, done.cut, mv);
            }
        }
    }
}

/// "resume: if −a\[l+1\] > a\[l\] then a\[l\] := −a\[l+1\]; if a\[l+1\] ≤ a\[l−1\]
/// then go to done": take a successor's value `t`, and the cutoff `cut` it
/// made, into the frame at `ply`.
fn back_up<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    frame: &mut Frame<G::Position, G::Moves>,
    ply: usize,
    t: Value,
    cut: Cut,
    mv: G::Move,
) {
    s.successor_cut(ply + 1, cut, t, frame.own);
    frame.own = frame.own.max(t);
    if t > frame.m {
        frame.m = t;
        s.update_pv(ply, mv);
    }
    if frame.m >= frame.beta {
        frame.cut = s.cut(frame.moves.len() - frame.next);
    }
}
