//! The minimal tree: the fewest bottom positions any procedure must examine
//! to prove the value of a root, and the order of successors under which
//! alpha-beta examines exactly those (Knuth & Moore 1975, §6–§7: Theorem 1
//! counts the critical positions of a perfectly ordered uniform tree, and
//! "alpha-beta is optimal in the sense that it examines no more than any
//! other procedure would under a suitable permutation of the tree").
//!
//! # The recursion
//!
//! Values are negamax values F of the side to move. Examining a set S of
//! bottom positions *proves* a bound when the bound holds whatever values
//! the bottom positions outside S have:
//!
//! * F(p) ≥ v is proved by S when p is in S with f(p) ≥ v, or some
//!   successor c has F(c) ≤ −v proved by S;
//! * F(p) ≤ v is proved by S when p is in S with f(p) ≤ v, or every
//!   successor c has F(c) ≥ −v proved by S;
//! * F(p) ≥ −∞ and F(p) ≤ +∞ need nothing.
//!
//! Successors have disjoint sets of bottom positions, so the least sizes
//! follow the same recursion (∞ when the bound is false):
//!
//! * L(p, v) = min over successors c of U(c, −v), or 1 / ∞ at a bottom
//!   position (0 for v = −∞): the cost of proving F(p) ≥ v;
//! * U(p, v) = Σ over successors c of L(c, −v), or 1 / ∞ at a bottom
//!   position (0 for v = +∞): the cost of proving F(p) ≤ v;
//! * E(p), the cost of proving both F(p) ≥ V and F(p) ≤ V for V = F(p):
//!   the lower bound needs one successor c with F(c) ≤ −V, the upper
//!   bound every successor with F(c) ≥ −V, so that c has F(c) = −V
//!   exactly and both of its bounds are proved by one set:
//!   E(p) = min over c with F(c) = −V of [ E(c) + Σ over c′ ≠ c of
//!   L(c′, −V) ], with ties between such c allowed (the first is taken);
//!   E(p) = L(p, +∞) when V = +∞ and U(p, −∞) when V = −∞ (the other
//!   bound is free); E(p) = 1 at a bottom position.
//!
//! The minimal tree of the root has E(root) bottom positions. Only the
//! thresholds ±F(root) occur below the root, so each position carries five
//! numbers: L and U at ±F(root), and E.
//!
//! # The permutation
//!
//! Fail-hard alpha-beta F2 searching p with the window (α, β) examines
//! exactly E(p) bottom positions when α < F(p) < β and the successor
//! achieving E's minimum comes first (it is searched with the window
//! (−β, −α) and returns −F(p), then every other successor c′ is searched with
//! (−β, −F(p)) and needs only F(c′) ≥ −F(p), L(c′, −F(p)) bottom positions);
//! exactly L(p, β) when F(p) ≥ β and the successor achieving L's minimum
//! comes first (its value ≤ −β cuts off the rest); and exactly U(p, α) when
//! F(p) ≤ α, in any order of successors (all are searched, each with
//! (−β, −α), each proving F(c) ≥ −α). [`minimal_tree`] records those
//! orders along the positions F2 will visit; [`Reordered`] is the game with
//! its successors in that order.
//!
//! # Cost
//!
//! The first pass visits every position of the tree to the depth limit
//! once. Building the order visits, for each position on the minimal tree,
//! the whole subtrees of its successors again: at most (depth + 1) times
//! the tree's size in all. The work is bounded by `max_positions`
//! positions visited; beyond that [`minimal_tree`] refuses. Memory holds
//! one record per position of the minimal tree and its siblings.

use crate::game::Game;
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// No record.
const NONE: u32 = u32::MAX;

/// An unreachable bound.
const IMPOSSIBLE: u64 = u64::MAX;

/// The minimal tree of a root, and the order that makes alpha-beta examine
/// exactly it.
#[derive(Clone, Debug)]
pub struct MinimalTree {
    /// The root's negamax value.
    pub value: Value,
    /// The fewest bottom positions any procedure must examine to prove it.
    pub leaves: u64,
    /// Positions visited to compute it (the work done).
    pub visited: u64,
    order: Vec<OrderNode>,
}

/// The order of successors at one position of the minimal tree.
#[derive(Clone, Debug)]
struct OrderNode {
    /// The successors' natural ranks (0-based) in search order; `None` for
    /// the natural order.
    order: Option<Vec<u32>>,
    /// The record of each successor, by natural rank (or [`NONE`]).
    successors: Vec<u32>,
}

/// The work needed is beyond the bound given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the minimal tree needs more than {limit} positions visited; \
     give a smaller tree or a lower depth"
)]
pub struct TooMuchWork {
    /// The bound on positions visited.
    pub limit: u64,
}

/// What one position costs: L and U at the thresholds `[V, −V]`, and E.
#[derive(Clone, Copy, Debug)]
struct Costs {
    value: Value,
    at_least: [u64; 2],
    at_most: [u64; 2],
    exact: u64,
}

/// What a position must prove when F2 reaches it.
#[derive(Clone, Copy, Debug)]
enum Role {
    /// F(p) ≥ thresholds\[k\].
    AtLeast(usize),
    /// F(p) ≤ thresholds\[k\].
    AtMost(usize),
    /// F(p) = its value, both bounds.
    Exact,
}

struct Work<'g, G: Game> {
    game: &'g G,
    thresholds: [Value; 2],
    visited: u64,
    limit: u64,
}

/// The minimal tree of `root` searched to `depth` (Knuth & Moore §6–§7):
/// its size, the root value, and the order of successors under which F2
/// examines exactly that many bottom positions. A position is a bottom
/// position exactly when the search procedures treat it so: the game is
/// over ([`Game::outcome`]), the depth limit is reached, or it has no
/// successors. Refuses with [`TooMuchWork`] once more than `max_positions`
/// positions have been visited.
pub fn minimal_tree<G: Game>(
    game: &G,
    root: &G::Position,
    depth: u32,
    max_positions: u64,
) -> Result<MinimalTree, TooMuchWork> {
    let mut work = Work {
        game,
        thresholds: [0, 0],
        visited: 0,
        limit: max_positions,
    };
    // The root value first, then the costs at its thresholds.
    let value = work.value(root, 0, depth)?;
    work.thresholds = [value, -value];
    let costs = work.costs(root, 0, depth)?;
    debug_assert_eq!(costs.value, value);
    let mut order = Vec::new();
    work.plan(root, 0, depth, Role::Exact, costs, &mut order)?;
    Ok(MinimalTree {
        value,
        leaves: costs.exact,
        visited: work.visited,
        order,
    })
}

impl<G: Game> Work<'_, G> {
    fn visit(&mut self) -> Result<(), TooMuchWork> {
        self.visited += 1;
        if self.visited > self.limit {
            return Err(TooMuchWork { limit: self.limit });
        }
        Ok(())
    }

    /// The static value of a bottom position, or its successors.
    fn expand(&self, pos: &G::Position, ply: usize, depth: u32) -> Result<Value, Vec<G::Move>> {
        if let Some(v) = self.game.outcome(pos, ply) {
            return Ok(v);
        }
        if depth == 0 {
            return Ok(self.game.evaluate(pos, ply));
        }
        let moves = self.game.successors(pos);
        if moves.is_empty() {
            Ok(self.game.evaluate(pos, ply))
        } else {
            Err(moves)
        }
    }

    /// The negamax value (exhaustive search).
    fn value(&mut self, pos: &G::Position, ply: usize, depth: u32) -> Result<Value, TooMuchWork> {
        self.visit()?;
        match self.expand(pos, ply, depth) {
            Ok(v) => Ok(v),
            Err(moves) => {
                let mut best = NEG_INFINITY;
                for mv in moves {
                    let child = self.game.play(pos, mv);
                    best = best.max(-self.value(&child, ply + 1, depth - 1)?);
                }
                Ok(best)
            }
        }
    }

    fn index(&self, t: Value) -> Option<usize> {
        self.thresholds.iter().position(|&x| x == t)
    }

    /// The five costs of a position, from its successors'.
    fn costs(&mut self, pos: &G::Position, ply: usize, depth: u32) -> Result<Costs, TooMuchWork> {
        self.visit()?;
        let t = self.thresholds;
        let moves = match self.expand(pos, ply, depth) {
            Ok(f) => {
                let at_least = t.map(|v| match v {
                    NEG_INFINITY => 0,
                    v if f >= v => 1,
                    _ => IMPOSSIBLE,
                });
                let at_most = t.map(|v| match v {
                    INFINITY => 0,
                    v if f <= v => 1,
                    _ => IMPOSSIBLE,
                });
                return Ok(Costs {
                    value: f,
                    at_least,
                    at_most,
                    exact: 1,
                });
            }
            Err(moves) => moves,
        };
        let mut kids = Vec::with_capacity(moves.len());
        for mv in moves {
            let child = self.game.play(pos, mv);
            kids.push(self.costs(&child, ply + 1, depth - 1)?);
        }
        Ok(self.combine(&kids))
    }

    /// L, U and E of a position from those of its successors (module doc).
    fn combine(&self, kids: &[Costs]) -> Costs {
        let value = kids.iter().map(|c| -c.value).max().unwrap_or(NEG_INFINITY);
        // thresholds[1 - k] = −thresholds[k].
        let at_least = [0, 1].map(|k| {
            kids.iter()
                .map(|c| c.at_most[1 - k])
                .min()
                .unwrap_or(IMPOSSIBLE)
        });
        let at_most = [0, 1].map(|k| sum(kids.iter().map(|c| c.at_least[1 - k])));
        let exact = match value {
            INFINITY => self.index(INFINITY).map_or(IMPOSSIBLE, |k| at_least[k]),
            NEG_INFINITY => self.index(NEG_INFINITY).map_or(IMPOSSIBLE, |k| at_most[k]),
            v => match self.index(-v) {
                // Only positions valued ±V(root) are ever asked for E.
                None => IMPOSSIBLE,
                Some(k) => {
                    let others = sum(kids.iter().map(|c| c.at_least[k]));
                    kids.iter()
                        .filter(|c| c.value == -v)
                        .map(|c| c.exact.saturating_add(others.saturating_sub(c.at_least[k])))
                        .min()
                        .unwrap_or(IMPOSSIBLE)
                }
            },
        };
        Costs {
            value,
            at_least,
            at_most,
            exact,
        }
    }

    /// Records the order of successors at `pos` for `role` (whose cost is
    /// in `costs`), and below it along the positions F2 will visit.
    /// Returns the record's index.
    fn plan(
        &mut self,
        pos: &G::Position,
        ply: usize,
        depth: u32,
        role: Role,
        costs: Costs,
        order: &mut Vec<OrderNode>,
    ) -> Result<u32, TooMuchWork> {
        // E at ±∞ is the one bound that is not free.
        let role = match (role, costs.value) {
            (Role::Exact, INFINITY) => Role::AtLeast(self.index(INFINITY).expect("±V")),
            (Role::Exact, NEG_INFINITY) => Role::AtMost(self.index(NEG_INFINITY).expect("±V")),
            (role, _) => role,
        };
        let moves = match self.expand(pos, ply, depth) {
            Ok(_) => return Ok(NONE),
            Err(moves) => moves,
        };
        let record = order.len();
        order.push(OrderNode {
            order: None,
            successors: vec![NONE; moves.len()],
        });
        let children: Vec<G::Position> = moves.iter().map(|&mv| self.game.play(pos, mv)).collect();
        let mut kids = Vec::with_capacity(children.len());
        for child in &children {
            kids.push(self.costs(child, ply + 1, depth - 1)?);
        }
        let first_min = |key: &dyn Fn(&Costs) -> u64, wanted: u64| {
            kids.iter()
                .position(|c| key(c) == wanted)
                .expect("the minimum is attained")
        };
        // Which successors F2 searches, in order, with their roles.
        let plan: Vec<(usize, Role)> = match role {
            Role::AtLeast(k) => {
                let j = first_min(&|c| c.at_most[1 - k], costs.at_least[k]);
                vec![(j, Role::AtMost(1 - k))]
            }
            Role::AtMost(k) => (0..kids.len()).map(|j| (j, Role::AtLeast(1 - k))).collect(),
            Role::Exact => {
                let v = costs.value;
                let k = self.index(-v).expect("E is asked for only at ±V");
                let others = sum(kids.iter().map(|c| c.at_least[k]));
                let j = kids
                    .iter()
                    .position(|c| {
                        c.value == -v
                            && c.exact.saturating_add(others.saturating_sub(c.at_least[k]))
                                == costs.exact
                    })
                    .expect("the minimum is attained");
                std::iter::once((j, Role::Exact))
                    .chain(
                        (0..kids.len())
                            .filter(|&i| i != j)
                            .map(|i| (i, Role::AtLeast(k))),
                    )
                    .collect()
            }
        };
        let permuted: Vec<u32> = plan.iter().map(|&(j, _)| j as u32).collect();
        let natural = permuted.iter().enumerate().all(|(i, &j)| i as u32 == j);
        if !natural {
            let mut full = permuted.clone();
            full.extend((0..kids.len() as u32).filter(|j| !permuted.contains(j)));
            order[record].order = Some(full);
        }
        for (j, role) in plan {
            let sub = self.plan(&children[j], ply + 1, depth - 1, role, kids[j], order)?;
            order[record].successors[j] = sub;
        }
        Ok(record as u32)
    }
}

fn sum(costs: impl Iterator<Item = u64>) -> u64 {
    costs.fold(0, u64::saturating_add)
}

impl MinimalTree {
    /// The game `game` with the successors of every position on the
    /// minimal tree in the order that makes F2 examine exactly
    /// [`MinimalTree::leaves`] bottom positions, and the root to search it
    /// from (the same root and depth given to [`minimal_tree`]).
    pub fn reordered<'a, G: Game>(
        &'a self,
        game: &'a G,
        root: &G::Position,
    ) -> (Reordered<'a, G>, (G::Position, u32)) {
        let start = if self.order.is_empty() { NONE } else { 0 };
        (
            Reordered {
                game,
                order: &self.order,
            },
            (root.clone(), start),
        )
    }

    /// Every position whose successors are not in their natural order: its
    /// Dewey path (natural ranks, 1-based) and its successors' natural
    /// ranks (1-based) in search order.
    pub fn permutations(&self) -> Vec<(Vec<u32>, Vec<u32>)> {
        let mut out = Vec::new();
        if !self.order.is_empty() {
            self.collect(0, &mut Vec::new(), &mut out);
        }
        out
    }

    fn collect(&self, record: u32, path: &mut Vec<u32>, out: &mut Vec<(Vec<u32>, Vec<u32>)>) {
        let node = &self.order[record as usize];
        if let Some(order) = &node.order {
            out.push((path.clone(), order.iter().map(|j| j + 1).collect()));
        }
        for (j, &sub) in node.successors.iter().enumerate() {
            if sub != NONE {
                path.push(j as u32 + 1);
                self.collect(sub, path, out);
                path.pop();
            }
        }
    }
}

/// A game with the successors of some positions reordered: the order of a
/// [`MinimalTree`]. A position is the game's position and its record in the
/// order (none below the minimal tree, where the natural order is kept).
pub struct Reordered<'a, G: Game> {
    game: &'a G,
    order: &'a [OrderNode],
}

impl<G: Game> Game for Reordered<'_, G> {
    type Position = (G::Position, u32);
    type Move = (G::Move, u32);
    type Moves = Vec<(G::Move, u32)>;

    fn moves(&self, pos: &Self::Position, out: &mut Self::Moves) {
        let natural = self.game.successors(&pos.0);
        match self.order.get(pos.1 as usize) {
            None => out.extend(natural.into_iter().map(|m| (m, NONE))),
            Some(node) => match &node.order {
                None => out.extend(natural.into_iter().zip(node.successors.iter().copied())),
                Some(order) => out.extend(
                    order
                        .iter()
                        .map(|&j| (natural[j as usize], node.successors[j as usize])),
                ),
            },
        }
    }

    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position {
        (self.game.play(&pos.0, mv.0), mv.1)
    }

    fn outcome(&self, pos: &Self::Position, ply: usize) -> Option<Value> {
        self.game.outcome(&pos.0, ply)
    }

    fn evaluate(&self, pos: &Self::Position, ply: usize) -> Value {
        self.game.evaluate(&pos.0, ply)
    }
}
