//! The events of a search, read as steps on a known tree.
//!
//! The core's [`Trace`] records every event of a search with the Dewey path
//! of the position it concerns; two readings turn it into the data the page
//! replays:
//!
//! * [`shape_of`] reads the trace of an exhaustive search (negamax, Knuth &
//!   Moore's F, eq. (1)) as the tree the search sees, depth limit and game
//!   rules included: every position it examines, with the value each
//!   bottom position was given and the value each position returned (its
//!   exact negamax value);
//! * [`steps_of`] reads the trace of any procedure on the same tree as
//!   [`Step`]s: a position entered with its window, evaluated, expanded or
//!   settled; a value returned; a cutoff with the branches it prunes.
//!
//! Nothing here searches or observes: the procedures are the core's, and
//! their events are the core's trace.

use alphabeta_core::{Cutoff, CutoffKind, DeweyPath, Trace, TraceEvent, Value};

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

/// The tree an exhaustive search examined, read from its trace: the
/// positions in the order the search met them, each under the position
/// examined last one level up (the search is depth-first).
pub fn shape_of(trace: &Trace) -> Vec<ShapeNode> {
    let mut nodes: Vec<ShapeNode> = Vec::new();
    // The ids of the positions on the current path, by ply.
    let mut path: Vec<usize> = Vec::new();
    for event in &trace.events {
        match event {
            TraceEvent::Node { path: at, .. } => {
                let ply = at.0.len();
                path.truncate(ply);
                let id = nodes.len();
                let parent = path.last().copied();
                if let Some(p) = parent {
                    nodes[p].children.push(id);
                }
                nodes.push(ShapeNode {
                    parent,
                    index: at.0.last().copied().unwrap_or(0),
                    ply,
                    children: Vec::new(),
                    leaf: None,
                    exact: 0,
                });
                path.push(id);
            }
            TraceEvent::Leaf { path: at, value } => {
                if let Some(&id) = path.get(at.0.len()) {
                    nodes[id].leaf = Some(*value);
                }
            }
            TraceEvent::Returned { path: at, value } => {
                if let Some(&id) = path.get(at.0.len()) {
                    nodes[id].exact = *value;
                }
            }
            _ => {}
        }
    }
    nodes
}

/// The ids of the positions from the root of `tree` to the one at `path`,
/// if the path is in the tree.
fn ids_along(tree: &[ShapeNode], path: &DeweyPath) -> Option<Vec<usize>> {
    let mut ids = Vec::with_capacity(path.0.len() + 1);
    let mut id = 0;
    tree.first()?;
    ids.push(id);
    for &index in &path.0 {
        id = *tree[id].children.get((index as usize).wrapping_sub(1))?;
        ids.push(id);
    }
    Some(ids)
}

/// The steps of one procedure's trace on `tree` (non-empty, read by
/// [`shape_of`]), or the first event that does not fit the tree.
pub fn steps_of(tree: &[ShapeNode], trace: &Trace) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    // The ids of the positions from the root to the one entered last.
    let mut current: Vec<usize> = Vec::new();
    let node = |path: &DeweyPath, event: &str| {
        ids_along(tree, path)
            .and_then(|ids| ids.last().copied())
            .ok_or_else(|| format!("{event} at {path}, a position not in the tree"))
    };
    for event in &trace.events {
        match event {
            TraceEvent::Node { path, alpha, beta } => {
                current = ids_along(tree, path)
                    .ok_or_else(|| format!("a position at {path} is not in the tree"))?;
                steps.push(Step::Enter {
                    node: *current.last().expect("the root at least"),
                    alpha: *alpha,
                    beta: *beta,
                    outcome: Outcome::Pending,
                });
            }
            TraceEvent::Leaf { path, value } => {
                let at = node(path, "an evaluation")?;
                settle(&mut steps, at, Outcome::Bottom(*value), "an evaluation")?;
            }
            TraceEvent::Expand { path, successors } => {
                let at = node(path, "an expansion")?;
                settle(
                    &mut steps,
                    at,
                    Outcome::Expanded(*successors),
                    "an expansion",
                )?;
            }
            TraceEvent::Settled { path, value } => {
                let at = node(path, "a settled value")?;
                settle(&mut steps, at, Outcome::Settled(*value), "a settled value")?;
            }
            TraceEvent::Returned { path, value } => {
                let at = node(path, "a returned value")?;
                steps.push(Step::Return {
                    node: at,
                    value: *value,
                });
            }
            TraceEvent::Cutoff { path, cutoff } => {
                let at = node(path, "a cutoff")?;
                steps.push(cut(tree, &current, path, at, *cutoff)?);
            }
            TraceEvent::Examined { .. } | TraceEvent::Research { .. } => {}
        }
    }
    Ok(steps)
}

/// Sets the outcome of the last step, which must be the entry of the
/// position `node`.
fn settle(steps: &mut [Step], node: usize, outcome: Outcome, event: &str) -> Result<(), String> {
    match steps.last_mut() {
        Some(Step::Enter {
            node: n,
            outcome: o @ Outcome::Pending,
            ..
        }) if *n == node => {
            *o = outcome;
            Ok(())
        }
        _ => Err(format!("{event} does not follow its position's entry")),
    }
}

/// A cutoff made by the position `node` at `path`: its successor entered
/// last (on the `current` path) is the one that caused it, and the
/// `cutoff.pruned` successors after it are the pruned branches.
fn cut(
    tree: &[ShapeNode],
    current: &[usize],
    path: &DeweyPath,
    node: usize,
    cutoff: Cutoff,
) -> Result<Step, String> {
    let ply = path.0.len();
    let children = &tree[node].children;
    let last = current
        .get(ply + 1)
        .and_then(|c| children.iter().position(|x| x == c));
    let pruned = match last {
        Some(i) if i + 1 + cutoff.pruned <= children.len() => {
            children[i + 1..i + 1 + cutoff.pruned].to_vec()
        }
        _ => {
            return Err(format!(
                "a cutoff at {path} prunes {} successors that are not in the tree",
                cutoff.pruned
            ));
        }
    };
    debug_assert_eq!(cutoff.kind, CutoffKind::at_ply(ply));
    Ok(Step::Cut {
        node,
        cutoff,
        pruned,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_core::procedures::{alpha_beta_fail_hard, negamax};
    use alphabeta_core::{INFINITY, NEG_INFINITY, Search};
    use alphabeta_trees::{Tree, fixtures};

    /// ((3 12 8) (2 4 6) (14 5 2)), Max at the root: value 3.
    fn textbook() -> (Tree, Vec<ShapeNode>) {
        let tree = fixtures::by_name("textbook").expect("a named tree");
        let mut s = Search::with_observer(&tree, Trace::default());
        negamax(&mut s, &Tree::ROOT, u32::MAX);
        let shape = shape_of(&s.into_observer());
        (tree, shape)
    }

    #[test]
    fn the_shape_of_an_exhaustive_search_is_the_tree() {
        let (_, shape) = textbook();
        assert_eq!(shape.len(), 13);
        assert_eq!(shape[0].children, [1, 5, 9]);
        assert_eq!(shape[0].exact, 3);
        assert_eq!(shape[0].parent, None);
        assert_eq!(shape[1].children, [2, 3, 4]);
        // Negamax values: the leaves (Max to move) as printed, the Min
        // positions from their own side.
        let leaves: Vec<Option<Value>> = shape.iter().map(|n| n.leaf).collect();
        let l = Some;
        assert_eq!(
            leaves,
            [
                None,
                None,
                l(3),
                l(12),
                l(8),
                None,
                l(2),
                l(4),
                l(6),
                None,
                l(14),
                l(5),
                l(2)
            ]
        );
        let exact: Vec<Value> = shape[0].children.iter().map(|&c| shape[c].exact).collect();
        assert_eq!(exact, [-3, -2, -2]);
        assert_eq!(
            (shape[7].parent, shape[7].index, shape[7].ply),
            (Some(5), 2, 2)
        );
    }

    /// F2 on the textbook tree: 11 positions entered, 7 of them evaluated,
    /// every entry returning once; only the second Min position prunes
    /// (its 4 and 6, after the 2).
    #[test]
    fn the_steps_of_alpha_beta_on_the_textbook_tree() {
        let (tree, shape) = textbook();
        let mut s = Search::with_observer(&tree, Trace::default());
        alpha_beta_fail_hard(&mut s, &Tree::ROOT, u32::MAX, NEG_INFINITY, INFINITY);
        let steps = steps_of(&shape, &s.into_observer()).unwrap();
        let entered = steps
            .iter()
            .filter(|s| matches!(s, Step::Enter { .. }))
            .count();
        let bottom = steps
            .iter()
            .filter(|s| {
                matches!(
                    s,
                    Step::Enter {
                        outcome: Outcome::Bottom(_),
                        ..
                    }
                )
            })
            .count();
        let returns = steps
            .iter()
            .filter(|s| matches!(s, Step::Return { .. }))
            .count();
        assert_eq!((entered, bottom, returns), (11, 7, 11));
        let cuts: Vec<(usize, Vec<usize>)> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Cut { node, pruned, .. } => Some((*node, pruned.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(cuts[0], (5, vec![7, 8]));
        assert!(cuts[1..].iter().all(|(_, pruned)| pruned.is_empty()));
        assert_eq!(steps.last(), Some(&Step::Return { node: 0, value: 3 }));
    }

    #[test]
    fn a_trace_of_another_tree_is_refused() {
        let (_, shape) = textbook();
        let pi = fixtures::knuth_pi_tree();
        let mut s = Search::with_observer(&pi, Trace::default());
        negamax(&mut s, &Tree::ROOT, u32::MAX);
        assert_eq!(
            steps_of(&shape, &s.into_observer()).unwrap_err(),
            "a position at 1.1.1 is not in the tree"
        );
    }
}
