//! Stockman's SSS\*: best-first search over states in an OPEN list.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::game::{Game, max_view};
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Node, Search};
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// How many positions SSS\* and MT-SSS\* may keep in memory when called
/// through [`crate::Procedure::run`]: 2^22 (about 4 million).
pub const DEFAULT_MEMORY_POSITIONS: usize = 1 << 22;

/// A search that keeps its positions in memory ran out of the room it was
/// given. It stopped before the memory did; `bound` is the upper bound on
/// the root value (negamax view of the side to move there) it had proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{procedure} needs to keep more than {limit} positions in memory for this tree; \
     search a smaller tree or to a lower depth"
)]
pub struct TooLarge {
    /// The procedure's name.
    pub procedure: &'static str,
    /// The number of positions it was allowed to keep.
    pub limit: usize,
    /// An upper bound on the root value, proved when it stopped.
    pub bound: Value,
}

/// No node (the root's parent).
const NONE: u32 = u32::MAX;

/// A generated position: where it is in the tree, and its successors once
/// it is expanded.
struct Generated<P, M> {
    pos: P,
    parent: u32,
    /// 1-based rank among its siblings (0 for the root).
    rank: u32,
    ply: u32,
    successors: Vec<M>,
    /// Solved, so every state below it is purged (Γ case 4).
    closed: bool,
}

/// A state (J, s, ĥ) of the OPEN list: a position `node` with its Dewey
/// path, LIVE or SOLVED, and its merit ĥ, an upper bound on the value of
/// the root (Max's view) over the solution trees through J.
#[derive(PartialEq, Eq)]
struct State {
    merit: Value,
    path: Box<[u32]>,
    node: u32,
    solved: bool,
}

impl Ord for State {
    /// The heap's first state has the highest merit; among equal merits the
    /// one leftmost in the tree (the least Dewey path), as Stockman and
    /// Pearl resolve ties.
    fn cmp(&self, other: &Self) -> Ordering {
        self.merit
            .cmp(&other.merit)
            .then_with(|| other.path.cmp(&self.path))
            .then_with(|| other.solved.cmp(&self.solved))
    }
}

impl PartialOrd for State {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// SSS\* (Stockman 1979, "A minimax algorithm better than alpha-beta?",
/// AI 12; in the six-case form of Pearl's *Heuristics* §8.1 and Plaat et
/// al. 1996, Fig. 2): the negamax value of `root` searched to `depth`.
///
/// OPEN holds states (J, LIVE/SOLVED, ĥ) ordered by merit ĥ, highest first,
/// ties to the leftmost position. Starting from (root, LIVE, +∞), the first
/// state is removed and the operator Γ applied, until the root is SOLVED:
///
/// 1. LIVE, J a bottom position: (J, SOLVED, min(ĥ, f(J)));
/// 2. LIVE, J an interior Min position: (J.1, LIVE, ĥ);
/// 3. LIVE, J an interior Max position: (J.j, LIVE, ĥ) for every successor j;
/// 4. SOLVED, J a Min position: (parent(J), SOLVED, ĥ), and every state
///    below parent(J) is purged;
/// 5. SOLVED, J a Max position, the last successor of its parent:
///    (parent(J), SOLVED, ĥ);
/// 6. SOLVED, J a Max position with a next sibling J′: (J′, LIVE, ĥ).
///
/// Max moves at even plies (the root), Min at odd ones; f(J) is the static
/// value in Max's view. A position is *examined* when its LIVE state is
/// removed from OPEN (cases 1–3), and reported to the instruments then,
/// with the window (−∞, ĥ) in the negamax view of its side to move (Max)
/// or (−ĥ, +∞) (Min). SSS\* makes no cutoffs in alpha-beta's sense; it
/// reports none. The principal variation is the root's best move only.
///
/// Memory: every generated position is kept (its position, its successors
/// once expanded, its place in the tree), and every state with its Dewey
/// path; purged states are dropped lazily when they reach the front. The
/// search refuses to keep more than `max_positions` generated positions
/// plus states in OPEN and returns [`TooLarge`] instead, with the merit of
/// the first state, an upper bound on the root value.
pub fn sss_star<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    max_positions: usize,
) -> Result<Value, TooLarge> {
    let mut tree: Vec<Generated<G::Position, G::Move>> = vec![Generated {
        pos: root.clone(),
        parent: NONE,
        rank: 0,
        ply: 0,
        successors: Vec::new(),
        closed: false,
    }];
    let mut open = BinaryHeap::new();
    open.push(State {
        merit: INFINITY,
        path: Box::new([]),
        node: 0,
        solved: false,
    });
    let mut root_best: Option<G::Move> = None;
    while let Some(state) = open.pop() {
        if purged(&tree, state.node) {
            continue;
        }
        if state.node == 0 && state.solved {
            if let Some(mv) = root_best {
                s.update_pv(0, mv);
            }
            return Ok(state.merit);
        }
        if tree.len() + open.len() + 1 > max_positions {
            return Err(TooLarge {
                procedure: "SSS*",
                limit: max_positions,
                bound: state.merit,
            });
        }
        let (ply, rank) = {
            let g = &tree[state.node as usize];
            (g.ply as usize, g.rank as usize)
        };
        let h = state.merit;
        let max_node = ply.is_multiple_of(2);
        if !state.solved {
            let (alpha, beta) = if max_node {
                (NEG_INFINITY, h)
            } else {
                (-h, INFINITY)
            };
            s.jump_to(|| state.path[..state.path.len().saturating_sub(1)].to_vec());
            s.enter(ply, rank, alpha, beta);
            let pos = tree[state.node as usize].pos.clone();
            match s.expand(&pos, ply, depth - ply as u32) {
                Node::Bottom(f) => {
                    // Case 1.
                    open.push(State {
                        merit: h.min(max_view(f, ply)),
                        solved: true,
                        ..state
                    });
                }
                Node::Interior(moves) => {
                    let successors = moves.to_vec();
                    s.release(ply, moves);
                    // Case 3 generates every successor, case 2 the first.
                    let count = if max_node { successors.len() } else { 1 };
                    for (j, &mv) in successors.iter().enumerate().take(count) {
                        let child = generate(&mut tree, state.node, j, s.game.play(&pos, mv));
                        open.push(State {
                            merit: h,
                            path: child_path(&state.path, j),
                            node: child,
                            solved: false,
                        });
                    }
                    tree[state.node as usize].successors = successors;
                }
            }
            continue;
        }
        let parent = tree[state.node as usize].parent;
        let parent_path: Box<[u32]> = state.path[..state.path.len() - 1].into();
        let siblings = tree[parent as usize].successors.len();
        if !max_node {
            // Case 4: a Min successor solved settles its Max parent.
            tree[parent as usize].closed = true;
            if parent == 0 {
                root_best = Some(tree[0].successors[rank - 1]);
            }
            open.push(State {
                merit: h,
                path: parent_path,
                node: parent,
                solved: true,
            });
        } else if rank == siblings {
            // Case 5.
            open.push(State {
                merit: h,
                path: parent_path,
                node: parent,
                solved: true,
            });
        } else {
            // Case 6: the next sibling, under the bound found so far.
            let mv = tree[parent as usize].successors[rank];
            let pos = s.game.play(&tree[parent as usize].pos, mv);
            let next = generate(&mut tree, parent, rank, pos);
            open.push(State {
                merit: h,
                path: child_path(&parent_path, rank),
                node: next,
                solved: false,
            });
        }
    }
    unreachable!("SSS* ends when the root is solved; OPEN is never empty before")
}

/// Whether a state at `node` was purged: some position strictly above it
/// is closed (Γ case 4 purges every state below the position it solves).
fn purged<P, M>(tree: &[Generated<P, M>], node: u32) -> bool {
    let mut n = tree[node as usize].parent;
    while n != NONE {
        if tree[n as usize].closed {
            return true;
        }
        n = tree[n as usize].parent;
    }
    false
}

/// Adds the `j`-th (0-based) successor of `parent`, at `pos`.
fn generate<P, M>(tree: &mut Vec<Generated<P, M>>, parent: u32, j: usize, pos: P) -> u32 {
    let ply = tree[parent as usize].ply + 1;
    tree.push(Generated {
        pos,
        parent,
        rank: j as u32 + 1,
        ply,
        successors: Vec::new(),
        closed: false,
    });
    (tree.len() - 1) as u32
}

/// The Dewey path of the `j`-th (0-based) successor of the position at
/// `path`.
fn child_path(path: &[u32], j: usize) -> Box<[u32]> {
    let mut p = Vec::with_capacity(path.len() + 1);
    p.extend_from_slice(path);
    p.push(j as u32 + 1);
    p.into_boxed_slice()
}
