//! Explicit trees searched by a procedure, drawn as SVG in the manner of
//! Knuth & Moore's Figs 1–3: every node with its value, the examined ones
//! filled, the unexamined ones grey, cutoffs marked.
//!
//! What a search did is read from the core's [`Trace`] ([`record`]); a tree
//! too wide for the report's column at full size is drawn in panels, one
//! per subtree below the levels that fit, so that its values stay legible
//! at the page's width ([`TreePicture::to_svg`]).

use std::collections::{HashMap, HashSet};

use alphabeta_core::observer::{Cutoff, Trace, TraceEvent};
use alphabeta_core::{Search, Value};
use alphabeta_trees::{NodeId, Tree};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// What a search did on an explicit tree, node by node, read from its
/// [`Trace`]: the examined Dewey paths with their windows, the leaf values,
/// and the cutoffs with the path of the node that made them.
#[derive(Clone, Debug, Default)]
pub struct TreeRecord {
    /// Examined paths in order, with the window `(alpha, beta)`.
    pub examined: Vec<(Vec<u32>, Value, Value)>,
    /// Leaf values (negamax view) by path.
    pub leaves: HashMap<Vec<u32>, Value>,
    /// Cutoffs: the path of the node that stopped, and whether it was deep.
    pub cutoffs: Vec<(Vec<u32>, Cutoff)>,
}

impl TreeRecord {
    /// The record of a traced search.
    pub fn of(trace: &Trace) -> TreeRecord {
        let mut record = TreeRecord::default();
        for event in &trace.events {
            match event {
                TraceEvent::Node { path, alpha, beta } => {
                    record.examined.push((path.0.clone(), *alpha, *beta));
                }
                TraceEvent::Leaf { path, value } => {
                    record.leaves.insert(path.0.clone(), *value);
                }
                TraceEvent::Cutoff { path, cutoff } => {
                    record.cutoffs.push((path.0.clone(), *cutoff));
                }
                _ => {}
            }
        }
        record
    }

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

/// Runs a procedure on an explicit tree with the core's [`Trace`] and
/// reads what it did.
pub fn record(
    tree: &Tree,
    run: impl FnOnce(&mut Search<'_, Tree, Trace>) -> Value,
) -> (Value, TreeRecord) {
    let mut search = Search::with_observer(tree, Trace::default());
    let v = run(&mut search);
    (v, TreeRecord::of(&search.into_observer()))
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

/// The widest picture drawn in one piece: the report's column (1180 px
/// less its padding) shows an image this wide at full size, so its values
/// are read at the size they are drawn.
pub const MAX_WIDTH: f64 = 1100.0;
/// The font size of the values at the nodes: the SVG backend writes a size
/// `s` as `s / 1.24` px, so 12 is drawn at 9.7 px, above the 9 px the
/// browser check asks of the π trees.
const VALUE_FONT: u32 = 12;
/// Horizontal distance between neighbouring leaves.
const SPACING: f64 = 22.0;
/// Vertical distance between levels.
const LEVEL_GAP: f64 = 78.0;
/// Left and right margin.
const MARGIN: f64 = 30.0;
/// The narrowest picture (room for the legend).
const MIN_WIDTH: f64 = 520.0;
/// Examined nodes and edges.
const BLUE_NODE: RGBColor = RGBColor(0, 90, 160);
/// Unexamined nodes and edges.
const GREY_NODE: RGBColor = RGBColor(190, 190, 190);
/// Nodes examined by the comparison procedure only.
const ORANGE_NODE: RGBColor = RGBColor(230, 120, 0);
/// Rings of the marked nodes.
const RED_RING: RGBColor = RGBColor(200, 0, 0);
/// The overview's labels and the panels' headings.
const LABEL_TEXT: RGBColor = RGBColor(90, 90, 90);
/// Room above a panel for its heading.
const PANEL_HEADING: f64 = 50.0;

/// One piece of a picture: the nodes it draws, where, and a heading.
struct Band {
    /// The nodes drawn, deepest first (the order of drawing).
    nodes: Vec<NodeId>,
    /// Their positions.
    at: HashMap<NodeId, (i32, i32)>,
    /// Whether a node's children are drawn in this band (so its edges are).
    expanded: HashSet<NodeId>,
    /// Whether the red rings are drawn here (a node drawn twice, as the
    /// foot of the overview and the head of its panel, is ringed once).
    rings: HashSet<NodeId>,
    /// Texts beside the nodes: the overview's labels, a panel's heading.
    texts: Vec<Label>,
}

/// A text of a [`Band`].
struct Label {
    text: String,
    at: (i32, i32),
    size: u32,
    /// Anchored at its centre (a label under a node) or at its left end (a
    /// heading).
    centred: bool,
}

/// The leaves below `n` (itself if a leaf).
fn leaves_below(tree: &Tree, n: NodeId) -> usize {
    if tree.is_leaf(n) {
        1
    } else {
        tree.children(n)
            .iter()
            .map(|&c| leaves_below(tree, c))
            .sum()
    }
}

/// The nodes of the subtree of `top` down to depth `bottom` (inclusive), in
/// depth-first order, with its "leaves": the nodes at `bottom` and the
/// leaves above it.
fn subtree(tree: &Tree, top: NodeId, bottom: u32) -> (Vec<NodeId>, Vec<NodeId>) {
    let (mut nodes, mut feet) = (Vec::new(), Vec::new());
    let mut stack = vec![top];
    while let Some(n) = stack.pop() {
        nodes.push(n);
        if tree.is_leaf(n) || tree.depth(n) == bottom {
            feet.push(n);
        } else {
            stack.extend(tree.children(n).iter().rev());
        }
    }
    (nodes, feet)
}

/// Positions: the feet evenly spaced from `left` by `spacing`, parents
/// centred over their children, level `d` at `y0 + (d − top depth) · gap`.
fn lay_out(
    tree: &Tree,
    nodes: &[NodeId],
    feet: &[NodeId],
    left: f64,
    spacing: f64,
    y0: f64,
) -> HashMap<NodeId, (f64, f64)> {
    let top = nodes.iter().map(|&n| tree.depth(n)).min().unwrap_or(0);
    let mut x: HashMap<NodeId, f64> = HashMap::new();
    for (i, &f) in feet.iter().enumerate() {
        x.insert(f, left + spacing * (i as f64 + 0.5));
    }
    let mut order = nodes.to_vec();
    order.sort_by_key(|&n| std::cmp::Reverse(tree.depth(n)));
    for &n in &order {
        if !x.contains_key(&n) {
            let kids = tree.children(n);
            let (first, last) = (x[&kids[0]], x[&kids[kids.len() - 1]]);
            x.insert(n, (first + last) / 2.0);
        }
    }
    nodes
        .iter()
        .map(|&n| (n, (x[&n], y0 + f64::from(tree.depth(n) - top) * LEVEL_GAP)))
        .collect()
}

impl TreePicture<'_> {
    /// The level below which the tree is drawn in panels: the first whose
    /// subtrees each fit [`MAX_WIDTH`] (0: the whole tree fits).
    fn split_level(&self) -> u32 {
        let tree = self.tree;
        let width = |leaves: usize| leaves as f64 * SPACING + 2.0 * MARGIN;
        (0..tree.height())
            .find(|&k| {
                (0..tree.len() as NodeId)
                    .filter(|&n| tree.depth(n) == k && !tree.is_leaf(n))
                    .all(|n| width(leaves_below(tree, n)) <= MAX_WIDTH)
            })
            .unwrap_or(tree.height())
    }

    /// The pieces of the picture and its size: one band for a tree that
    /// fits; otherwise an overview of the levels down to the split level
    /// and one panel per subtree below it, stacked.
    fn bands(&self) -> (Vec<Band>, f64, f64) {
        let tree = self.tree;
        let all: Vec<NodeId> = {
            let mut v: Vec<NodeId> = (0..tree.len() as NodeId).collect();
            v.sort_by_key(|&n| std::cmp::Reverse(tree.depth(n)));
            v
        };
        let k = self.split_level();
        let round = |(x, y): (f64, f64)| (x as i32, y as i32);
        if k == 0 {
            let leaves = tree.leaves();
            let width = (leaves.len() as f64 * SPACING + 2.0 * MARGIN).max(MIN_WIDTH);
            let height = f64::from(tree.height()) * LEVEL_GAP + 170.0;
            let at = lay_out(tree, &all, &leaves, MARGIN, SPACING, 60.0);
            let band = Band {
                at: at.into_iter().map(|(n, p)| (n, round(p))).collect(),
                expanded: all.iter().copied().filter(|&n| !tree.is_leaf(n)).collect(),
                rings: all.iter().copied().collect(),
                nodes: all,
                texts: Vec::new(),
            };
            return (vec![band], width, height);
        }
        let (top_nodes, heads) = subtree(tree, Tree::ROOT, k);
        let panels: Vec<(Vec<NodeId>, Vec<NodeId>)> = heads
            .iter()
            .filter(|&&h| !tree.is_leaf(h))
            .map(|&h| subtree(tree, h, u32::MAX))
            .collect();
        let widest = panels.iter().map(|(_, feet)| feet.len()).max().unwrap_or(0);
        let width = (widest as f64 * SPACING + 2.0 * MARGIN)
            .max(MIN_WIDTH)
            .max(heads.len() as f64 * 2.0 * SPACING + 2.0 * MARGIN)
            .max(self.footer_width());
        let deepest_first = |nodes: &[NodeId]| {
            let mut v = nodes.to_vec();
            v.sort_by_key(|&n| std::cmp::Reverse(tree.depth(n)));
            v
        };
        // The overview: the top levels over the whole width, each subtree
        // head labelled with its Dewey path, the panel's heading.
        let spread = (width - 2.0 * MARGIN) / heads.len() as f64;
        let at = lay_out(tree, &top_nodes, &heads, MARGIN, spread, 60.0);
        let mut overview = Band {
            at: at.into_iter().map(|(n, p)| (n, round(p))).collect(),
            expanded: top_nodes
                .iter()
                .copied()
                .filter(|&n| tree.depth(n) < k && !tree.is_leaf(n))
                .collect(),
            rings: top_nodes
                .iter()
                .copied()
                .filter(|n| tree.is_leaf(*n) || tree.depth(*n) < k)
                .collect(),
            nodes: deepest_first(&top_nodes),
            texts: Vec::new(),
        };
        for &h in heads.iter().filter(|&&h| !tree.is_leaf(h)) {
            let (x, y) = overview.at[&h];
            overview.texts.push(Label {
                text: format!("subtree {}", tree.path(h)),
                at: (x, y + 22),
                size: 12,
                centred: true,
            });
        }
        let mut bands = vec![overview];
        let mut y = 60.0 + f64::from(k) * LEVEL_GAP + 40.0;
        for (nodes, feet) in panels {
            let head = nodes[0];
            let left = (width - feet.len() as f64 * SPACING) / 2.0;
            let top = y + PANEL_HEADING;
            let at = lay_out(tree, &nodes, &feet, left, SPACING, top);
            let below = nodes
                .iter()
                .map(|&n| tree.depth(n) - tree.depth(head))
                .max()
                .unwrap_or(0);
            bands.push(Band {
                at: at.into_iter().map(|(n, p)| (n, round(p))).collect(),
                expanded: nodes
                    .iter()
                    .copied()
                    .filter(|&n| !tree.is_leaf(n))
                    .collect(),
                rings: nodes.iter().copied().collect(),
                nodes: deepest_first(&nodes),
                texts: vec![Label {
                    text: format!("subtree {}", tree.path(head)),
                    at: (MARGIN as i32, (y + 16.0) as i32),
                    size: 13,
                    centred: false,
                }],
            });
            y = top + f64::from(below) * LEVEL_GAP + 30.0;
        }
        (bands, width, y + 70.0)
    }

    /// The legend's entries: colour, text, and whether drawn as a ring.
    fn legend(&self) -> Vec<(RGBColor, String, bool)> {
        let mut legend = vec![
            (BLUE_NODE, "examined".to_string(), false),
            (GREY_NODE, "not examined".to_string(), false),
        ];
        if !self.contrast.is_empty() {
            legend.push((ORANGE_NODE, self.contrast_legend.clone(), false));
        }
        if !self.marked.is_empty() {
            legend.push((RED_RING, self.mark_legend.clone(), true));
        }
        legend
    }

    /// The note under the legend: which values the nodes show.
    fn convention(&self) -> &'static str {
        if self.max_view {
            "values are from Max's (the root player's) viewpoint, as in Fuller et al.'s figures"
        } else if self.values.is_empty() {
            "values are negamax values F(p) for the side to move, as in Knuth & Moore's figures"
        } else {
            "values are what the procedure returns at each examined node, for the side to move (a bound where it cut off)"
        }
    }

    /// The width the legend and the note need, their texts counted at
    /// 0.6 of the font size a character (sans-serif digits and lower case).
    fn footer_width(&self) -> f64 {
        let legend: f64 = self
            .legend()
            .iter()
            .map(|(_, text, _)| 40.0 + 8.0 * text.chars().count() as f64)
            .sum();
        let note = 0.6 * 12.0 * self.convention().chars().count() as f64;
        legend.max(note) + 2.0 * MARGIN
    }

    /// Renders the picture as an SVG document: in one piece when the tree
    /// fits [`MAX_WIDTH`], otherwise in panels.
    pub fn to_svg(&self) -> anyhow::Result<String> {
        let tree = self.tree;
        let (bands, width, height) = self.bands();
        let (width, height) = (width as u32, height as u32);
        let margin = MARGIN;
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
            let (grey, blue, orange, red) = (GREY_NODE, BLUE_NODE, ORANGE_NODE, RED_RING);
            let centre = Pos::new(HPos::Center, VPos::Center);
            for band in &bands {
                let pt = |n: NodeId| band.at[&n];
                for &n in band.nodes.iter().filter(|n| band.expanded.contains(n)) {
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
                }
                for &n in &band.nodes {
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
                    if band.rings.contains(&n) && self.marked.contains(&p) {
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
                    let style = ("sans-serif", VALUE_FONT)
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
                for label in &band.texts {
                    let anchor = if label.centred {
                        centre
                    } else {
                        Pos::new(HPos::Left, VPos::Center)
                    };
                    let style = ("sans-serif", label.size)
                        .into_font()
                        .color(&LABEL_TEXT)
                        .pos(anchor);
                    root.draw(&Text::new(label.text.clone(), label.at, style))
                        .map_err(|e| err(&e))?;
                }
            }
            // Legend.
            let ly = height as i32 - 40;
            let mut lx = margin as i32;
            for (c, text, ring) in self.legend() {
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
            root.draw(&Text::new(
                self.convention().to_string(),
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
    fn the_record_reconstructs_f1_values_of_the_pi_tree() {
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

    /// Knuth & Moore Fig. 3: F2 makes three deep cutoffs, which prune five
    /// branches.
    #[test]
    fn f2_on_the_pi_tree_makes_deep_cutoffs() {
        let tree = alphabeta_trees::fixtures::knuth_pi_tree();
        let (v, rec) = record(&tree, |s| {
            alpha_beta_fail_hard(s, &Tree::ROOT, u32::MAX, NEG_INFINITY, INFINITY)
        });
        assert_eq!(v, 2);
        assert_eq!(rec.returned_values(true)[&vec![]], 2);
        assert_eq!(rec.deep_cutoffs().len(), 3);
        let pruned: usize = rec
            .cutoffs
            .iter()
            .filter(|(_, c)| c.deep)
            .map(|(_, c)| c.pruned)
            .sum();
        assert_eq!(pruned, 5);
        assert_eq!(rec.leaf_count(), 31);
    }

    fn picture(tree: &Tree) -> TreePicture<'_> {
        TreePicture {
            tree,
            title: "a tree".into(),
            examined: None,
            values: HashMap::new(),
            marked: Vec::new(),
            mark_legend: String::new(),
            contrast: HashSet::new(),
            contrast_legend: String::new(),
            max_view: false,
        }
    }

    /// The number of times `needle` occurs in `svg`.
    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    /// A tree that fits is drawn in one piece, every node once; the π tree
    /// (81 leaves, 1842 px in one piece) in three panels of 27 leaves below
    /// an overview of its top two levels, narrow enough for the report's
    /// column, its top-level successors drawn twice (in the overview and at
    /// the head of their panel).
    #[test]
    fn a_tree_too_wide_for_the_column_is_drawn_in_panels() {
        let small = alphabeta_trees::fixtures::by_name("textbook").expect("a named tree");
        assert_eq!(picture(&small).split_level(), 0);
        let svg = picture(&small).to_svg().unwrap();
        assert!(svg.starts_with("<svg width=\"520\" height=\"326\""));
        // 13 nodes, each a filled disc and its outline, and 2 legend discs.
        assert_eq!(count(&svg, "<circle"), 2 * 13 + 2);
        assert!(!svg.contains("subtree"));

        let pi = alphabeta_trees::fixtures::knuth_pi_tree();
        let p = picture(&pi);
        assert_eq!(p.split_level(), 1);
        let (bands, width, _) = p.bands();
        assert_eq!(bands.len(), 4);
        assert!(width <= MAX_WIDTH, "{width} px");
        assert_eq!(bands[0].nodes.len(), 4);
        assert!(bands[1..].iter().all(|b| b.nodes.len() == 1 + 3 + 9 + 27));
        let svg = p.to_svg().unwrap();
        assert_eq!(count(&svg, "<circle"), 2 * (121 + 3) + 2);
        // Each subtree is named twice: under its head in the overview and
        // above its panel (the SVG backend writes a text on a line of its own).
        for k in 1..=3 {
            let named = svg
                .lines()
                .filter(|l| l.trim() == format!("subtree {k}"))
                .count();
            assert_eq!(named, 2, "subtree {k}");
        }
    }

    /// The rings of marked nodes are drawn once each, also where a marked
    /// node heads a panel.
    #[test]
    fn a_marked_node_is_ringed_once() {
        let pi = alphabeta_trees::fixtures::knuth_pi_tree();
        let mut p = picture(&pi);
        p.marked = vec![vec![2], vec![1, 3, 3]];
        p.mark_legend = "marked".into();
        let svg = p.to_svg().unwrap();
        assert_eq!(count(&svg, "r=\"13\""), 2);
    }
}
