//! Explicit trees searched by a procedure, recorded and drawn as SVG in the
//! manner of Knuth & Moore's Figs 1–3: every node with its value, the
//! examined ones filled, the unexamined ones grey, cutoffs marked.

use std::collections::{HashMap, HashSet};

use alphabeta_core::observer::{Cutoff, Observer};
use alphabeta_core::{Search, Value};
use alphabeta_trees::{NodeId, Tree};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Records what a search did, node by node: the examined Dewey paths with
/// their windows, the leaf values, and the cutoffs with the path of the node
/// that made them.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    path: Vec<u32>,
    /// Examined paths in order, with the window `(alpha, beta)`.
    pub examined: Vec<(Vec<u32>, Value, Value)>,
    /// Leaf values (negamax view) by path.
    pub leaves: HashMap<Vec<u32>, Value>,
    /// Cutoffs: the path of the node that stopped, and whether it was deep.
    pub cutoffs: Vec<(Vec<u32>, Cutoff)>,
}

impl Observer for Recorder {
    fn node(&mut self, ply: usize, index: usize, alpha: Value, beta: Value) {
        self.path.truncate(ply.saturating_sub(1));
        if ply > 0 {
            self.path.push(index as u32);
        }
        self.examined.push((self.path.clone(), alpha, beta));
    }
    fn leaf(&mut self, _ply: usize, value: Value) {
        self.leaves.insert(self.path.clone(), value);
    }
    fn cutoff(&mut self, ply: usize, cutoff: Cutoff) {
        self.cutoffs.push((self.path[..ply].to_vec(), cutoff));
    }
}

impl Recorder {
    /// Examined bottom positions (leaves of the tree or of the search).
    pub fn leaf_count(&self) -> usize {
        self.leaves.len()
    }

    /// Deep cutoffs made (Knuth §3).
    pub fn deep_cutoffs(&self) -> Vec<&[u32]> {
        self.cutoffs
            .iter()
            .filter(|(_, c)| c.deep)
            .map(|(p, _)| p.as_slice())
            .collect()
    }

    /// The set of examined paths.
    pub fn examined_set(&self) -> HashSet<Vec<u32>> {
        self.examined.iter().map(|(p, _, _)| p.clone()).collect()
    }

    /// The value each examined node returned, reconstructed from the record:
    /// a leaf returns its value; an interior node returns the largest of the
    /// negated values of its examined successors, starting from its alpha when
    /// `starts_at_alpha` (Knuth's F2, "m := alpha") and from −∞ otherwise
    /// (Knuth's F1 and Hsu's F3, "m := −∞").
    pub fn returned_values(&self, starts_at_alpha: bool) -> HashMap<Vec<u32>, Value> {
        let mut out: HashMap<Vec<u32>, Value> = HashMap::new();
        let mut order: Vec<&(Vec<u32>, Value, Value)> = self.examined.iter().collect();
        // Deepest first, so successors are known before their parent.
        order.sort_by_key(|(p, _, _)| std::cmp::Reverse(p.len()));
        for (path, alpha, _) in order {
            let v = match self.leaves.get(path) {
                Some(&v) => v,
                None => {
                    let start = if starts_at_alpha {
                        *alpha
                    } else {
                        alphabeta_core::NEG_INFINITY
                    };
                    let mut m = start;
                    let mut child = path.clone();
                    child.push(1);
                    while let Some(&cv) = out.get(&child) {
                        m = m.max(-cv);
                        *child.last_mut().expect("non-empty") += 1;
                    }
                    m
                }
            };
            out.insert(path.clone(), v);
        }
        out
    }
}

/// Runs `procedure` on an explicit tree and records it.
pub fn record(
    tree: &Tree,
    run: impl FnOnce(&mut Search<'_, Tree, Recorder>) -> Value,
) -> (Value, Recorder) {
    let mut search = Search::with_observer(tree, Recorder::default());
    let v = run(&mut search);
    (v, search.into_observer())
}

/// What to draw on a tree.
pub struct TreePicture<'a> {
    /// The tree.
    pub tree: &'a Tree,
    /// Title above it.
    pub title: String,
    /// Examined nodes (all nodes when `None`).
    pub examined: Option<HashSet<Vec<u32>>>,
    /// Values to print at nodes (negamax view); exact values where absent.
    pub values: HashMap<Vec<u32>, Value>,
    /// Nodes to ring in red (deep cutoffs), with a legend text.
    pub marked: Vec<Vec<u32>>,
    /// Legend text of the red rings.
    pub mark_legend: String,
    /// Nodes examined by a comparison procedure but not by this one, drawn
    /// in orange (e.g. the leaves F1 examines and F2 skips).
    pub contrast: HashSet<Vec<u32>>,
    /// Legend text of the orange nodes.
    pub contrast_legend: String,
    /// Show values from Max's (the root player's) viewpoint, as Fuller et
    /// al. draw them, instead of negamax values as Knuth & Moore do.
    pub max_view: bool,
}

impl TreePicture<'_> {
    /// Renders the picture as an SVG document.
    pub fn to_svg(&self) -> anyhow::Result<String> {
        let tree = self.tree;
        let leaves = tree.leaves();
        let spacing = 22.0;
        let level_gap = 78.0;
        let margin = 30.0;
        let width = (leaves.len() as f64 * spacing + 2.0 * margin).max(520.0) as u32;
        let height = (tree.height() as f64 * level_gap + 170.0) as u32;
        // Layout: leaves evenly spaced, parents centred over their children.
        let mut x: HashMap<NodeId, f64> = HashMap::new();
        for (i, &l) in leaves.iter().enumerate() {
            x.insert(l, margin + spacing * (i as f64 + 0.5));
        }
        let mut all: Vec<NodeId> = (0..tree.len() as NodeId).collect();
        all.sort_by_key(|&n| std::cmp::Reverse(tree.depth(n)));
        for &n in &all {
            if !tree.is_leaf(n) {
                let kids = tree.children(n);
                let first = x[&kids[0]];
                let last = x[&kids[kids.len() - 1]];
                x.insert(n, (first + last) / 2.0);
            }
        }
        let y = |n: NodeId| 60.0 + tree.depth(n) as f64 * level_gap;
        let pt = |n: NodeId| (x[&n] as i32, y(n) as i32);
        let is_examined = |p: &Vec<u32>| self.examined.as_ref().is_none_or(|s| s.contains(p));

        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
            let err =
                |e: &dyn std::fmt::Display| anyhow::anyhow!("tree figure {:?}: {e}", self.title);
            root.fill(&WHITE).map_err(|e| err(&e))?;
            let title_style = ("sans-serif", 18).into_font().color(&BLACK);
            root.draw(&Text::new(
                self.title.clone(),
                (margin as i32, 12),
                title_style,
            ))
            .map_err(|e| err(&e))?;
            let grey = RGBColor(190, 190, 190);
            let blue = RGBColor(0, 90, 160);
            let orange = RGBColor(230, 120, 0);
            let red = RGBColor(200, 0, 0);
            for &n in &all {
                let p = tree.path(n).0;
                for &c in tree.children(n) {
                    let cp = tree.path(c).0;
                    let style = if is_examined(&cp) {
                        blue.stroke_width(1)
                    } else {
                        grey.stroke_width(1)
                    };
                    root.draw(&PathElement::new(vec![pt(n), pt(c)], style))
                        .map_err(|e| err(&e))?;
                }
                let _ = p;
            }
            let centre = Pos::new(HPos::Center, VPos::Center);
            for &n in &all {
                let p = tree.path(n).0;
                let (cx, cy) = pt(n);
                let examined = is_examined(&p);
                let contrast = self.contrast.contains(&p);
                let fill = if examined {
                    blue
                } else if contrast {
                    orange
                } else {
                    WHITE
                };
                let edge = if examined {
                    blue
                } else if contrast {
                    orange
                } else {
                    grey
                };
                root.draw(&Circle::new((cx, cy), 9, fill.filled()))
                    .map_err(|e| err(&e))?;
                root.draw(&Circle::new((cx, cy), 9, edge.stroke_width(1)))
                    .map_err(|e| err(&e))?;
                if self.marked.contains(&p) {
                    root.draw(&Circle::new((cx, cy), 13, red.stroke_width(2)))
                        .map_err(|e| err(&e))?;
                }
                let value = self
                    .values
                    .get(&p)
                    .copied()
                    .unwrap_or_else(|| tree.value(n));
                let value = if self.max_view {
                    alphabeta_core::game::max_view(value, p.len())
                } else {
                    value
                };
                let text_color = if examined || contrast {
                    WHITE
                } else {
                    RGBColor(120, 120, 120)
                };
                let style = ("sans-serif", 11)
                    .into_font()
                    .color(&text_color)
                    .pos(centre);
                root.draw(&Text::new(
                    alphabeta_core::value::display(value),
                    (cx, cy),
                    style,
                ))
                .map_err(|e| err(&e))?;
            }
            // Legend.
            let ly = height as i32 - 40;
            let mut lx = margin as i32;
            let mut legend = vec![
                (blue, "examined".to_string(), false),
                (grey, "not examined".to_string(), false),
            ];
            if !self.contrast.is_empty() {
                legend.push((orange, self.contrast_legend.clone(), false));
            }
            if !self.marked.is_empty() {
                legend.push((red, self.mark_legend.clone(), true));
            }
            for (c, text, ring) in legend {
                if ring {
                    root.draw(&Circle::new((lx + 8, ly), 9, c.stroke_width(2)))
                        .map_err(|e| err(&e))?;
                } else {
                    root.draw(&Circle::new((lx + 8, ly), 7, c.filled()))
                        .map_err(|e| err(&e))?;
                }
                let style = ("sans-serif", 13)
                    .into_font()
                    .color(&BLACK)
                    .pos(Pos::new(HPos::Left, VPos::Center));
                root.draw(&Text::new(text.clone(), (lx + 22, ly), style))
                    .map_err(|e| err(&e))?;
                lx += 40 + 8 * text.chars().count() as i32;
            }
            let note = ("sans-serif", 12).into_font().color(&RGBColor(90, 90, 90));
            let convention = if self.max_view {
                "values are from Max's (the root player's) viewpoint, as in Fuller et al.'s figures"
            } else if self.values.is_empty() {
                "values are negamax values F(p) for the side to move, as in Knuth & Moore's figures"
            } else {
                "values are what the procedure returns at each examined node, for the side to move (a bound where it cut off)"
            };
            root.draw(&Text::new(
                convention.to_string(),
                (margin as i32, height as i32 - 20),
                note,
            ))
            .map_err(|e| err(&e))?;
            root.present().map_err(|e| err(&e))?;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_core::procedures::{alpha_beta_fail_hard, branch_and_bound};
    use alphabeta_core::{INFINITY, NEG_INFINITY};

    #[test]
    fn recorder_reconstructs_f1_values_of_the_pi_tree() {
        let tree = alphabeta_trees::fixtures::knuth_pi_tree();
        let (v, rec) = record(&tree, |s| {
            branch_and_bound(s, &Tree::ROOT, u32::MAX, INFINITY)
        });
        assert_eq!(v, 2);
        let values = rec.returned_values(false);
        assert_eq!(values[&vec![]], 2);
        // Knuth & Moore Fig. 2: 36 of the 81 leaves are examined.
        assert_eq!(rec.leaf_count(), 36);
        assert!(rec.deep_cutoffs().is_empty(), "F1 makes no deep cutoffs");
    }

    #[test]
    fn f2_on_the_pi_tree_makes_deep_cutoffs() {
        let tree = alphabeta_trees::fixtures::knuth_pi_tree();
        let (v, rec) = record(&tree, |s| {
            alpha_beta_fail_hard(s, &Tree::ROOT, u32::MAX, NEG_INFINITY, INFINITY)
        });
        assert_eq!(v, 2);
        assert_eq!(rec.returned_values(true)[&vec![]], 2);
        let svg = TreePicture {
            tree: &tree,
            title: "F2".into(),
            examined: Some(rec.examined_set()),
            values: rec.returned_values(true),
            marked: rec.deep_cutoffs().into_iter().map(|p| p.to_vec()).collect(),
            mark_legend: "deep cutoff".into(),
            contrast: HashSet::new(),
            contrast_legend: String::new(),
            max_view: false,
        }
        .to_svg()
        .expect("draws");
        assert!(svg.contains("<svg") && svg.contains("deep cutoff"));
    }
}
