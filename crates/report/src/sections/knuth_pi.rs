//! Knuth & Moore's Figs 1–3: the uniform ternary tree of height 4 whose
//! leaves are the first 81 digits of π, evaluated by F (Fig. 1), by the
//! branch-and-bound procedure F1 (Fig. 2) and by alpha-beta F2 (Fig. 3), and
//! the aspiration-window example of §4.

use std::collections::HashSet;

use alphabeta_core::procedures::{alpha_beta_fail_hard, branch_and_bound, negamax};
use alphabeta_core::{INFINITY, NEG_INFINITY, Stats, Value as Score};
use alphabeta_trees::Tree;
use alphabeta_trees::fixtures::knuth_pi_tree;
use serde_json::json;

use super::figure;
use crate::context::Context;
use crate::model::{Comparison, DataTable, Item, ItemKind, Value};
use crate::treeplot::{TreePicture, TreeRecord, record};

/// Paths as `1.2.3` text.
fn dewey(p: &[u32]) -> String {
    if p.is_empty() {
        return "root".into();
    }
    p.iter().map(u32::to_string).collect::<Vec<_>>().join(".")
}

fn node_table(name: &str, tree: &Tree, rec: &TreeRecord, starts_at_alpha: bool) -> DataTable {
    let values = rec.returned_values(starts_at_alpha);
    let mut t = DataTable::new(
        name,
        &[
            "path", "depth", "alpha", "beta", "returned", "exact", "leaf",
        ],
    );
    for (path, alpha, beta) in &rec.examined {
        let node = tree
            .node_at(&alphabeta_core::DeweyPath(path.clone()))
            .map(|n| tree.value(n));
        let show = |v: Score| json!(alphabeta_core::value::display(v));
        t.push(vec![
            json!(dewey(path)),
            json!(path.len()),
            show(*alpha),
            show(*beta),
            values.get(path).map(|&v| json!(v)).unwrap_or(json!(null)),
            node.map(|v| json!(v)).unwrap_or(json!(null)),
            json!(rec.leaves.contains_key(path)),
        ]);
    }
    t
}

/// Runs the section.
pub fn run(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(4);
    let tree = knuth_pi_tree();
    let root = Tree::ROOT;

    // Fig. 1: complete evaluation by F.
    let mut full = alphabeta_core::Search::with_observer(&tree, Stats::default());
    let value = negamax(&mut full, &root, u32::MAX);
    let stats = full.into_observer();
    let mut fig1 = Item::new("knuth-fig-1", ItemKind::Figure, "Knuth & Moore Fig. 1: complete evaluation of the π tree")
        .describe("The uniform tree of degree 3 and height 4 whose 81 terminal positions carry the first 81 digits of π as negamax values f(p), evaluated completely by procedure F (negamax).")
        .cite("Knuth & Moore 1975, §3, p. 298, Fig. 1");
    fig1.compare(Comparison::exact(
        "root value F(root)",
        Value::int(2),
        Value::int(value.into()),
    ));
    fig1.compare(Comparison::exact(
        "terminal positions examined by F",
        Value::int(81),
        Value::int(stats.leaves().into()),
    ));
    fig1.figures.push(figure(
        "knuth-fig-1.svg",
        "Knuth & Moore Fig. 1 reproduced: every node with its negamax value F(p).",
        TreePicture {
            tree: &tree,
            title: "Knuth & Moore Fig. 1: complete evaluation (procedure F)".into(),
            examined: None,
            values: Default::default(),
            marked: Vec::new(),
            mark_legend: String::new(),
            contrast: HashSet::new(),
            contrast_legend: String::new(),
            max_view: false,
        }
        .to_svg()?,
    ));
    ctx.step("Fig. 1");

    // Fig. 2: F1(p, +inf).
    let (v1, rec1) = record(&tree, |s| branch_and_bound(s, &root, u32::MAX, INFINITY));
    let f1_values = rec1.returned_values(false);
    let mut fig2 = Item::new("knuth-fig-2", ItemKind::Figure, "Knuth & Moore Fig. 2: the π tree under F1 (branch-and-bound)")
        .describe("Procedure F1(p, +∞) of §2 (one bound, no deep cutoffs) run by our search; the values shown are those F1 returns at each examined node.")
        .cite("Knuth & Moore 1975, §3, p. 298");
    fig2.compare(Comparison::exact(
        "root value F1(root, +∞)",
        Value::int(2),
        Value::int(v1.into()),
    ));
    // Knuth & Moore print this count twice, with two values.
    fig2.compare(Comparison::seed_inconsistent(
        Comparison::exact(
            "terminal positions examined by F1 (§3: \"only 36 of the 81\"; §7: \"only 35 occurred in Fig. 2\")",
            Value::int(36),
            Value::int(rec1.leaf_count() as i128),
        )
        .cite("Knuth & Moore 1975, §3, p. 298"),
        Comparison::exact(
            "terminal positions examined by F1 (§7)",
            Value::int(35),
            Value::int(rec1.leaf_count() as i128),
        )
        .cite("Knuth & Moore 1975, §7, p. 313"),
    ));
    let approx: Vec<(Vec<u32>, Score, Score)> = rec1
        .examined
        .iter()
        .filter(|(p, _, _)| p.len() == 2)
        .filter_map(|(p, _, _)| {
            let exact = tree.value(tree.node_at(&alphabeta_core::DeweyPath(p.clone()))?);
            let got = *f1_values.get(p)?;
            (got != exact).then(|| (p.clone(), got, exact))
        })
        .collect();
    let describe = |list: &[(Vec<u32>, Score, Score)]| {
        list.iter()
            .map(|(_, got, exact)| format!("{got} instead of {exact}"))
            .collect::<Vec<_>>()
            .join("; ")
    };
    fig2.compare(
        Comparison::exact(
            "level-2 nodes with an approximate value",
            Value::text("3 instead of 7"),
            Value::text(describe(&approx)),
        )
        .note(format!(
            "at {}",
            approx
                .iter()
                .map(|(p, _, _)| dewey(p))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    );
    fig2.compare(
        Comparison::qualitative(
            "F1 makes no deep cutoffs (\"F1 is incapable of finding\" them)",
            rec1.deep_cutoffs().is_empty(),
        )
        .cite("Knuth & Moore 1975, §3, p. 299")
        .note(format!("{} deep cutoffs made", rec1.deep_cutoffs().len())),
    );
    fig2.data
        .push(node_table("knuth-fig-2-nodes", &tree, &rec1, false));
    fig2.figures.push(figure(
        "knuth-fig-2.svg",
        "Knuth & Moore Fig. 2 reproduced: F1 examines the blue nodes; the values are those F1 returns.",
        TreePicture {
            tree: &tree,
            title: "Knuth & Moore Fig. 2: procedure F1 (branch-and-bound)".into(),
            examined: Some(rec1.examined_set()),
            values: f1_values,
            marked: Vec::new(),
            mark_legend: String::new(),
            contrast: HashSet::new(),
            contrast_legend: String::new(),
            max_view: false,
        }
        .to_svg()?,
    ));
    ctx.step("Fig. 2");

    // Fig. 3: F2(p, -inf, +inf).
    let (v2, rec2) = record(&tree, |s| {
        alpha_beta_fail_hard(s, &root, u32::MAX, NEG_INFINITY, INFINITY)
    });
    let seen1 = rec1.examined_set();
    let seen2 = rec2.examined_set();
    let mut fig3 = Item::new("knuth-fig-3", ItemKind::Figure, "Knuth & Moore Fig. 3: the π tree under F2 (alpha-beta)")
        .describe("Procedure F2(p, −∞, +∞) run by our search. Orange: nodes F1 examines and F2 does not; red rings: the branches pruned by deep cutoffs (Knuth & Moore count five).")
        .cite("Knuth & Moore 1975, §3, p. 299");
    fig3.compare(
        Comparison::exact(
            "root value F2(root, −∞, +∞)",
            Value::int(2),
            Value::int(v2.into()),
        )
        .cite("Knuth & Moore 1975, §3, p. 298"),
    );
    // Knuth & Moore mark each branch a deep cutoff prunes: their "five deep
    // cutoffs" are the branches pruned by the deep cutoff events.
    let deep_events: Vec<&(Vec<u32>, alphabeta_core::Cutoff)> =
        rec2.cutoffs.iter().filter(|(_, c)| c.deep).collect();
    let mut pruned_branches: Vec<Vec<u32>> = Vec::new();
    for (p, c) in &deep_events {
        let n = tree
            .node_at(&alphabeta_core::DeweyPath(p.clone()))
            .map_or(0, |node| tree.children(node).len());
        for i in n - c.pruned + 1..=n {
            let mut q = p.clone();
            q.push(i as u32);
            pruned_branches.push(q);
        }
    }
    fig3.compare(
        Comparison::exact(
            "deep cutoffs, counted as the branches F1 examines and F2's deep cutoffs prune (\"a comparison of Fig. 3 with Fig. 2 shows that there are five deep cutoffs\")",
            Value::int(5),
            Value::int(pruned_branches.len() as i128),
        )
        .note(format!(
            "definition: the paper counts what a comparison of the two figures shows, the pruned branches; counted as cutoff events (one position cutting off its remaining branches) there are fewer; pruned branches {}; made by {} deep cutoff events at {}",
            pruned_branches
                .iter()
                .map(|p| dewey(p))
                .collect::<Vec<_>>()
                .join(", "),
            deep_events.len(),
            deep_events
                .iter()
                .map(|(p, _)| dewey(p))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    );
    let pruned_by_f2_only: HashSet<Vec<u32>> = seen1.difference(&seen2).cloned().collect();
    fig3.compare(Comparison::exact(
        "positions F1 examines and F2 does not (Fig. 3 against Fig. 2)",
        Value::int(5),
        Value::int(pruned_by_f2_only.len() as i128),
    ));
    let same_above_4 = (0..4).all(|l| {
        let a: HashSet<_> = seen1.iter().filter(|p| p.len() == l).collect();
        let b: HashSet<_> = seen2.iter().filter(|p| p.len() == l).collect();
        a == b
    });
    fig3.compare(Comparison::exact(
        "F2 examines the same nodes as F1 on levels 0–3",
        Value::text("yes"),
        Value::text(if same_above_4 { "yes" } else { "no" }),
    ));
    fig3.compare(Comparison::new_result(
        "terminal positions examined by F2",
        Value::int(rec2.leaf_count() as i128),
        "the figure's count is not legible in the seed text",
    ));
    let superset = seen2.is_subset(&seen1);
    fig3.compare(Comparison::exact(
        "F1 examines a superset of F2's nodes",
        Value::text("yes"),
        Value::text(if superset { "yes" } else { "no" }),
    ));
    fig3.data
        .push(node_table("knuth-fig-3-nodes", &tree, &rec2, true));
    fig3.figures.push(figure(
        "knuth-fig-3.svg",
        "Knuth & Moore Fig. 3 reproduced: F2 examines the blue nodes; orange nodes are examined by F1 only; red rings mark the five branches pruned by deep cutoffs.",
        TreePicture {
            tree: &tree,
            title: "Knuth & Moore Fig. 3: procedure F2 (alpha-beta) against F1".into(),
            examined: Some(seen2.clone()),
            values: rec2.returned_values(true),
            marked: pruned_branches.clone(),
            mark_legend: "branch pruned by a deep cutoff".into(),
            contrast: seen1.difference(&seen2).cloned().collect(),
            contrast_legend: "examined by F1 only".into(),
            max_view: false,
        }
        .to_svg()?,
    ));
    ctx.step("Fig. 3");

    // §4: aspiration window F2(p, 0, 4) against F2(p, -10, +10).
    let (_, wide) = record(&tree, |s| alpha_beta_fail_hard(s, &root, u32::MAX, -10, 10));
    let (narrow_v, narrow) = record(&tree, |s| alpha_beta_fail_hard(s, &root, u32::MAX, 0, 4));
    let wide_set = wide.examined_set();
    let narrow_set = narrow.examined_set();
    let mut saved: Vec<Vec<u32>> = wide_set.difference(&narrow_set).cloned().collect();
    saved.sort();
    let level3_minus4: Vec<Vec<u32>> = {
        let mut v: Vec<Vec<u32>> = wide_set
            .iter()
            .filter(|p| p.len() == 3)
            .filter(|p| {
                tree.node_at(&alphabeta_core::DeweyPath((*p).clone()))
                    .map(|n| tree.value(n))
                    == Some(-4)
            })
            .cloned()
            .collect();
        v.sort();
        v
    };
    let ours = match saved.as_slice() {
        [a, b] if a.len() == 3 && b.len() == 4 && b.starts_with(a) => {
            let value_at = |p: &Vec<u32>| {
                tree.node_at(&alphabeta_core::DeweyPath(p.clone()))
                    .map_or_else(|| "?".to_string(), |n| tree.value(n).to_string())
            };
            let (va, vb) = (value_at(a), value_at(b));
            let rightmost = level3_minus4.last() == Some(a);
            format!(
                "{} {va} on level 3 and the {vb} below it",
                if rightmost {
                    "the rightmost"
                } else {
                    "a non-rightmost"
                }
            )
        }
        other => format!(
            "{} nodes: {}",
            other.len(),
            other
                .iter()
                .map(|p| dewey(p))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut asp = Item::new("knuth-aspiration", ItemKind::Check, "Knuth & Moore §4: the aspiration window F2(p, 0, 4)")
        .describe("Searching Fig. 3's tree with the window (0, 4) instead of (−10, +10) spares exactly the nodes the text names.")
        .cite("Knuth & Moore 1975, §4, p. 302");
    asp.compare(
        Comparison::exact(
            "nodes no longer examined",
            Value::text("the rightmost -4 on level 3 and the 4 below it"),
            Value::text(ours),
        )
        .note(format!(
            "paths {}",
            saved
                .iter()
                .map(|p| dewey(p))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    );
    asp.compare(
        Comparison::exact(
            "F2(p, 0, 4) still returns the root value",
            Value::int(2),
            Value::int(narrow_v.into()),
        )
        .cite("Knuth & Moore 1975, §3, p. 298"),
    );
    ctx.step("aspiration");
    Ok(vec![fig1, fig2, fig3, asp])
}
