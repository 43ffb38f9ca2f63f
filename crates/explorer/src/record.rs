//! The events of a search, recorded as steps on a known tree.
//!
//! Two [`Observer`]s turn the core's events into data the page replays:
//!
//! * [`ShapeRecorder`] listens to an exhaustive search (negamax, Knuth &
//!   Moore's F, eq. (1)) and keeps every position it examines — the tree as
//!   the search sees it, depth limit and game rules included — with the
//!   value each bottom position was given and the value each position
//!   returned (its exact negamax value).
//! * [`StepRecorder`] listens to any procedure on the same tree and keeps its
//!   events as [`Step`]s: a position entered with its window, evaluated,
//!   expanded or settled; a value returned; a cutoff with the branches it
//!   prunes.
//!
//! Nothing here searches: the procedures are the core's, and these
//! observers only write down what they report.

use alphabeta_core::{Cutoff, CutoffKind, Observer, Value};

/// One position of the tree, in the order an exhaustive search meets them
/// (depth-first, successors in search order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeNode {
    /// The parent's id (`None` for the root, id 0).
    pub parent: Option<usize>,
    /// 1-based rank among its siblings (0 for the root).
    pub index: u32,
    /// Its depth (root 0).
    pub ply: usize,
    /// Its successors' ids, in search order.
    pub children: Vec<usize>,
    /// The value it was given as a bottom position (negamax view).
    pub leaf: Option<Value>,
    /// The value the exhaustive search returned for it (negamax view).
    pub exact: Value,
}

/// Records the tree an exhaustive search examines.
#[derive(Clone, Debug, Default)]
pub struct ShapeRecorder {
    /// The positions, root first.
    pub nodes: Vec<ShapeNode>,
    /// The ids of the positions entered on the current path, by ply.
    path: Vec<usize>,
}

impl Observer for ShapeRecorder {
    fn node(&mut self, ply: usize, index: usize, _alpha: Value, _beta: Value) {
        self.path.truncate(ply);
        let id = self.nodes.len();
        let parent = self.path.last().copied();
        if let Some(p) = parent {
            self.nodes[p].children.push(id);
        }
        self.nodes.push(ShapeNode {
            parent,
            index: index as u32,
            ply,
            children: Vec::new(),
            leaf: None,
            exact: 0,
        });
        self.path.push(id);
    }
    fn leaf(&mut self, ply: usize, value: Value) {
        if let Some(&id) = self.path.get(ply) {
            self.nodes[id].leaf = Some(value);
        }
    }
    fn returned(&mut self, ply: usize, value: Value) {
        if let Some(&id) = self.path.get(ply) {
            self.nodes[id].exact = value;
        }
    }
}

/// How an entered position was settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Not yet known (the next event tells).
    Pending,
    /// Evaluated as a bottom position, with this value (negamax view).
    Bottom(Value),
    /// Expanded: its successors were generated (this many).
    Expanded(usize),
    /// Settled without evaluation or expansion (McCarthy's bounds), with
    /// this value.
    Settled(Value),
}

/// One step of a search, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A position was examined with the window `(alpha, beta)` (negamax view
    /// of its side to move), and what became of it.
    Enter {
        /// The position.
        node: usize,
        /// Lower end of its window.
        alpha: Value,
        /// Upper end of its window.
        beta: Value,
        /// Evaluated, expanded or settled.
        outcome: Outcome,
    },
    /// The search of a position returned a value (negamax view).
    Return {
        /// The position.
        node: usize,
        /// The value.
        value: Value,
    },
    /// A position stopped examining its successors.
    Cut {
        /// The cutting position.
        node: usize,
        /// The cutoff as the core reported it.
        cutoff: Cutoff,
        /// The successors left unexamined (the pruned branches).
        pruned: Vec<usize>,
    },
}

/// Records the steps of one procedure on a tree recorded by a
/// [`ShapeRecorder`].
#[derive(Clone, Debug)]
pub struct StepRecorder<'t> {
    tree: &'t [ShapeNode],
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The ids of the positions entered on the current path, by ply.
    path: Vec<usize>,
    /// The first event that did not fit the tree, if any.
    pub error: Option<String>,
}

impl<'t> StepRecorder<'t> {
    /// A recorder for searches of `tree` (non-empty).
    pub fn new(tree: &'t [ShapeNode]) -> Self {
        StepRecorder {
            tree,
            steps: Vec::new(),
            path: Vec::new(),
            error: None,
        }
    }

    fn fail(&mut self, message: String) {
        if self.error.is_none() {
            self.error = Some(message);
        }
    }

    /// The position entered last at `ply`.
    fn at(&mut self, ply: usize, event: &str) -> Option<usize> {
        let id = self.path.get(ply).copied();
        if id.is_none() {
            self.fail(format!(
                "{event} at ply {ply} with no position entered there"
            ));
        }
        id
    }

    /// Sets the outcome of the last step, an [`Step::Enter`] of the position
    /// at `ply`.
    fn settle(&mut self, ply: usize, outcome: Outcome, event: &str) {
        let node = self.path.get(ply).copied();
        match self.steps.last_mut() {
            Some(Step::Enter {
                node: n,
                outcome: o @ Outcome::Pending,
                ..
            }) if Some(*n) == node => *o = outcome,
            _ => self.fail(format!(
                "{event} at ply {ply} does not follow its position's entry"
            )),
        }
    }
}

impl Observer for StepRecorder<'_> {
    fn node(&mut self, ply: usize, index: usize, alpha: Value, beta: Value) {
        self.path.truncate(ply);
        let id = if ply == 0 {
            Some(0)
        } else {
            self.path
                .last()
                .and_then(|&p| self.tree[p].children.get(index.wrapping_sub(1)).copied())
        };
        match id {
            Some(id) if self.path.len() == ply => {
                self.path.push(id);
                self.steps.push(Step::Enter {
                    node: id,
                    alpha,
                    beta,
                    outcome: Outcome::Pending,
                });
            }
            _ => self.fail(format!(
                "a position at ply {ply}, successor {index}, is not in the tree"
            )),
        }
    }
    /// SSS\* does not examine positions depth-first: the next position
    /// entered is a successor of the one at the Dewey path `parent`, so the
    /// current path is re-read from the tree.
    fn jump(&mut self, parent: &[u32]) {
        self.path.clear();
        let mut id = 0;
        self.path.push(id);
        for &index in parent {
            match self.tree[id].children.get((index as usize).wrapping_sub(1)) {
                Some(&child) => {
                    id = child;
                    self.path.push(id);
                }
                None => {
                    self.fail(format!("a jump to {parent:?} leaves the tree"));
                    return;
                }
            }
        }
    }
    fn leaf(&mut self, ply: usize, value: Value) {
        self.settle(ply, Outcome::Bottom(value), "an evaluation");
    }
    fn expand(&mut self, ply: usize, successors: usize) {
        self.settle(ply, Outcome::Expanded(successors), "an expansion");
    }
    fn settled(&mut self, ply: usize, value: Value) {
        self.settle(ply, Outcome::Settled(value), "a settled value");
    }
    fn returned(&mut self, ply: usize, value: Value) {
        if let Some(node) = self.at(ply, "a returned value") {
            self.steps.push(Step::Return { node, value });
        }
    }
    /// The cutting position is the one entered last at `ply`; its successor
    /// entered last is the one that caused the cutoff, and the `pruned`
    /// successors after it are the pruned branches.
    fn cutoff(&mut self, ply: usize, cutoff: Cutoff) {
        let Some(node) = self.at(ply, "a cutoff") else {
            return;
        };
        let children = &self.tree[node].children;
        let last = self
            .path
            .get(ply + 1)
            .and_then(|c| children.iter().position(|x| x == c));
        let pruned = match last {
            Some(i) if i + 1 + cutoff.pruned <= children.len() => {
                children[i + 1..i + 1 + cutoff.pruned].to_vec()
            }
            _ => {
                self.fail(format!(
                    "a cutoff at ply {ply} prunes {} successors that are not in the tree",
                    cutoff.pruned
                ));
                return;
            }
        };
        debug_assert_eq!(cutoff.kind, CutoffKind::at_ply(ply));
        self.steps.push(Step::Cut {
            node,
            cutoff,
            pruned,
        });
    }
}
