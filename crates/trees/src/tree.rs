//! The explicit tree and its [`Game`] implementation.

use alphabeta_core::game::max_view;
use alphabeta_core::parallel::{Fork, ybwc};
use alphabeta_core::procedures::{Capabilities, McCarthy, Ybwc, alpha_beta_mccarthy};
use alphabeta_core::{BoundedGame, DeweyPath, Game, HashedGame, Observer, Value};

/// A node's index in the tree's arena; the root is 0.
pub type NodeId = u32;

/// Whose viewpoint the leaf values of a tree text are written from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Convention {
    /// Every value is from the viewpoint of Max, the player to move at the
    /// root (the min/max convention of Fuller and of most textbooks).
    #[default]
    MinMax,
    /// Every leaf value is from the viewpoint of the player to move at that
    /// leaf (the negamax convention of Knuth & Moore §1 and Zohar).
    NegaMax,
}

#[derive(Clone, Debug)]
struct NodeData {
    children: Vec<NodeId>,
    parent: Option<NodeId>,
    /// 1-based rank among the siblings (0 for the root).
    index: u32,
    depth: u32,
    /// Leaf value, negamax view of the side to move at the leaf.
    leaf: Option<Value>,
    /// Exact negamax value of the subtree.
    exact: Value,
    /// Smallest and largest leaf value below, negamax view of this node.
    bounds: (Value, Value),
}

/// An explicit game tree. As a [`Game`], a position is a node and a move is
/// the child it leads to; successors come in the order of the text. A node
/// cut off by a search horizon is evaluated by its exact value (a perfect
/// static evaluator), so depth-limited searches of explicit trees stay exact.
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<NodeData>,
}

/// A tree under construction: nested leaf values.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Shape {
    Leaf(Value),
    Node(Vec<Shape>),
}

impl Tree {
    /// Builds a tree from its shape; leaf values are read in `convention`.
    pub(crate) fn from_shape(shape: &Shape, convention: Convention) -> Tree {
        let mut tree = Tree { nodes: Vec::new() };
        tree.add(shape, None, 0, 0, convention);
        tree.finish();
        tree
    }

    fn add(
        &mut self,
        shape: &Shape,
        parent: Option<NodeId>,
        index: u32,
        depth: u32,
        convention: Convention,
    ) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let leaf = match shape {
            Shape::Leaf(v) => Some(match convention {
                Convention::NegaMax => *v,
                Convention::MinMax => max_view(*v, depth as usize),
            }),
            Shape::Node(_) => None,
        };
        self.nodes.push(NodeData {
            children: Vec::new(),
            parent,
            index,
            depth,
            leaf,
            exact: 0,
            bounds: (0, 0),
        });
        if let Shape::Node(children) = shape {
            let ids = children
                .iter()
                .enumerate()
                .map(|(i, c)| self.add(c, Some(id), i as u32 + 1, depth + 1, convention))
                .collect();
            self.nodes[id as usize].children = ids;
        }
        id
    }

    /// Computes exact values and McCarthy bounds bottom-up (children always
    /// have larger ids than their parent).
    fn finish(&mut self) {
        for id in (0..self.nodes.len()).rev() {
            let (exact, bounds) = match self.nodes[id].leaf {
                Some(v) => (v, (v, v)),
                None => {
                    let kids = &self.nodes[id].children;
                    let exact = kids
                        .iter()
                        .map(|&c| -self.nodes[c as usize].exact)
                        .max()
                        .unwrap_or(0);
                    let lo = kids
                        .iter()
                        .map(|&c| -self.nodes[c as usize].bounds.1)
                        .min()
                        .unwrap_or(0);
                    let hi = kids
                        .iter()
                        .map(|&c| -self.nodes[c as usize].bounds.0)
                        .max()
                        .unwrap_or(0);
                    (exact, (lo, hi))
                }
            };
            self.nodes[id].exact = exact;
            self.nodes[id].bounds = bounds;
        }
    }

    /// Parses the text format in the min/max convention (see [`Convention`]).
    pub fn parse(text: &str) -> Result<Tree, crate::ParseError> {
        Tree::parse_with(text, Convention::MinMax)
    }

    /// Parses the text format with leaf values in `convention`.
    pub fn parse_with(text: &str, convention: Convention) -> Result<Tree, crate::ParseError> {
        crate::parse::parse_shape(text).map(|s| Tree::from_shape(&s, convention))
    }

    /// A uniform tree of `degree` and `height` whose leaves, left to right,
    /// take the given values (in `convention`). Fails if the number of values
    /// is not `degree^height`.
    pub fn uniform(
        degree: usize,
        height: u32,
        values: &[Value],
        convention: Convention,
    ) -> Result<Tree, String> {
        let expected = degree.checked_pow(height).ok_or_else(|| {
            format!("a uniform tree of degree {degree} and height {height} is too large")
        })?;
        if degree == 0 || values.len() != expected {
            return Err(format!(
                "a uniform tree of degree {degree} and height {height} needs {expected} leaf values, got {}",
                values.len()
            ));
        }
        fn build(values: &[Value], degree: usize, height: u32) -> Shape {
            if height == 0 {
                return Shape::Leaf(values[0]);
            }
            let chunk = values.len() / degree;
            Shape::Node(
                values
                    .chunks(chunk)
                    .map(|c| build(c, degree, height - 1))
                    .collect(),
            )
        }
        Ok(Tree::from_shape(&build(values, degree, height), convention))
    }

    /// The root.
    pub const ROOT: NodeId = 0;

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree is a single leaf.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The children of `node`, in order.
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        &self.nodes[node as usize].children
    }

    /// Whether `node` is a leaf.
    pub fn is_leaf(&self, node: NodeId) -> bool {
        self.nodes[node as usize].leaf.is_some()
    }

    /// The depth of `node` (root 0).
    pub fn depth(&self, node: NodeId) -> u32 {
        self.nodes[node as usize].depth
    }

    /// The height of the tree (the depth of its deepest leaf).
    pub fn height(&self) -> u32 {
        self.nodes.iter().map(|n| n.depth).max().unwrap_or(0)
    }

    /// The exact negamax value of `node` for the side to move there.
    pub fn value(&self, node: NodeId) -> Value {
        self.nodes[node as usize].exact
    }

    /// The exact value of `node` from Max's (the root player's) viewpoint.
    pub fn minimax_value(&self, node: NodeId) -> Value {
        max_view(self.value(node), self.depth(node) as usize)
    }

    /// The leaves, left to right.
    pub fn leaves(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![Tree::ROOT];
        while let Some(n) = stack.pop() {
            if self.is_leaf(n) {
                out.push(n);
            } else {
                stack.extend(self.children(n).iter().rev());
            }
        }
        out
    }

    /// The Dewey address of `node`.
    pub fn path(&self, node: NodeId) -> DeweyPath {
        let mut path = Vec::new();
        let mut n = node;
        while let Some(p) = self.nodes[n as usize].parent {
            path.push(self.nodes[n as usize].index);
            n = p;
        }
        path.reverse();
        DeweyPath(path)
    }

    /// The number of `node` among its brothers, from 1 (the last index of
    /// its Dewey address; 0 for the root): how the command line and the
    /// Python package write a move of an explicit tree (docs/schema.md).
    pub fn move_number(&self, node: NodeId) -> u32 {
        match self.nodes[node as usize].parent {
            Some(_) => self.nodes[node as usize].index,
            None => 0,
        }
    }

    /// The node at a Dewey address, if there is one.
    pub fn node_at(&self, path: &DeweyPath) -> Option<NodeId> {
        path.0.iter().try_fold(Tree::ROOT, |n, &a| {
            self.children(n).get((a as usize).checked_sub(1)?).copied()
        })
    }

    /// The same tree with the successors of every node reordered by
    /// `reorder(node, children)` (used to study orderings: Knuth Theorem 2,
    /// Fig. 4, Fig. 5).
    pub fn reordered(&self, mut reorder: impl FnMut(NodeId, &mut Vec<NodeId>)) -> Tree {
        fn shape(t: &Tree, n: NodeId, reorder: &mut dyn FnMut(NodeId, &mut Vec<NodeId>)) -> Shape {
            match t.nodes[n as usize].leaf {
                Some(v) => Shape::Leaf(v),
                None => {
                    let mut kids = t.children(n).to_vec();
                    reorder(n, &mut kids);
                    Shape::Node(kids.into_iter().map(|c| shape(t, c, reorder)).collect())
                }
            }
        }
        Tree::from_shape(&shape(self, Tree::ROOT, &mut reorder), Convention::NegaMax)
    }

    /// The text of the tree in `convention` (parses back to the same tree).
    pub fn to_text(&self, convention: Convention) -> String {
        fn write(t: &Tree, n: NodeId, c: Convention, out: &mut String) {
            let data = &t.nodes[n as usize];
            match data.leaf {
                Some(v) => {
                    let v = match c {
                        Convention::NegaMax => v,
                        Convention::MinMax => max_view(v, data.depth as usize),
                    };
                    out.push_str(&alphabeta_core::value::display(v).replace("+inf", "inf"));
                }
                None => {
                    out.push('(');
                    for (i, &k) in data.children.iter().enumerate() {
                        if i > 0 {
                            out.push(' ');
                        }
                        write(t, k, c, out);
                    }
                    out.push(')');
                }
            }
        }
        let mut out = String::new();
        write(self, Tree::ROOT, convention, &mut out);
        out
    }
}

impl Game for Tree {
    type Position = NodeId;
    type Move = NodeId;
    type Moves = Vec<NodeId>;

    #[inline]
    fn moves(&self, pos: &NodeId, out: &mut Vec<NodeId>) {
        out.extend_from_slice(&self.nodes[*pos as usize].children);
    }

    #[inline]
    fn play(&self, _pos: &NodeId, mv: NodeId) -> NodeId {
        mv
    }

    #[inline]
    fn evaluate(&self, pos: &NodeId, _ply: usize) -> Value {
        self.nodes[*pos as usize].exact
    }
}

impl HashedGame for Tree {
    /// Every node is its own position: the key is the node id, mixed.
    fn key(&self, pos: &NodeId) -> u64 {
        (u64::from(*pos) + 1).wrapping_mul(alphabeta_core::mix::GAMMA)
    }
}

/// An explicit tree has McCarthy's bounds and can be shared between threads:
/// every procedure of the registry searches it.
impl Capabilities for Tree {
    fn mccarthy<O: Observer>() -> Option<McCarthy<Self, O>> {
        Some(alpha_beta_mccarthy)
    }
    fn ybwc<O: Fork>() -> Option<Ybwc<Self, O>> {
        Some(ybwc)
    }
}

impl BoundedGame for Tree {
    /// The largest value any leaf below could give the side to move: a
    /// valid optimistic value in McCarthy's sense.
    fn optimistic(&self, pos: &NodeId) -> Value {
        self.nodes[*pos as usize].bounds.1
    }
    /// The smallest such value: a valid pessimistic value.
    fn pessimistic(&self, pos: &NodeId) -> Value {
        self.nodes[*pos as usize].bounds.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_tree_has_value_3() {
        let t = Tree::parse("((3 12 8) (2 4 6) (14 5 2))").unwrap();
        assert_eq!(t.value(Tree::ROOT), 3);
        assert_eq!(t.len(), 13);
        assert_eq!(t.height(), 2);
        let n = t.node_at(&"2.3".parse().unwrap()).unwrap();
        assert_eq!(t.minimax_value(n), 6);
        assert_eq!(t.path(n).to_string(), "2.3");
        assert_eq!(t.node_at(&"4".parse().unwrap()), None);
        assert_eq!(t.to_text(Convention::MinMax), "((3 12 8) (2 4 6) (14 5 2))");
    }

    #[test]
    fn bounds_contain_the_value() {
        let t = Tree::parse("((3 12 8) (2 4 6) (14 5 2))").unwrap();
        for n in 0..t.len() as NodeId {
            assert!(t.pessimistic(&n) <= t.value(n) && t.value(n) <= t.optimistic(&n));
        }
    }
}
