//! Perfect ordering: Knuth & Moore's Theorem 1 and Corollaries 1–3 (with
//! Zohar's Theorem 8 / Corollary 9 and Fuller's NBP_po), Hsu's node types,
//! Corollary 2 on random branching, and the best case of F1 (§8).

use std::collections::HashSet;

use alphabeta_core::procedures::{alpha_beta_fail_hard, branch_and_bound, minimax};
use alphabeta_core::{
    DeweyPath, Game, INFINITY, NEG_INFINITY, NodeType, NodeTypes, Search, Stats, Value as Score,
};
use alphabeta_trees::{Convention, Tree};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use serde_json::json;

use crate::context::Context;
use crate::model::{Comparison, DataTable, Item, ItemKind, Value};
use crate::treeplot::record;

/// An implicit uniform tree of degree `degree` and height `height` whose
/// every leaf is worth `leaf` for the side to move there: with equal values
/// the first successor is always a best one, so the tree is perfectly
/// ordered in Knuth's sense (§6, eq. (12)) at no memory cost.
struct EqualLeaves {
    degree: u32,
    height: u32,
    leaf: Score,
}

impl Game for EqualLeaves {
    type Position = u32;
    type Move = u32;
    type Moves = Vec<u32>;
    fn moves(&self, pos: &u32, out: &mut Vec<u32>) {
        if *pos < self.height {
            out.extend(0..self.degree);
        }
    }
    fn play(&self, pos: &u32, _mv: u32) -> u32 {
        pos + 1
    }
    fn evaluate(&self, _pos: &u32, _ply: usize) -> Score {
        self.leaf
    }
}

fn pow(d: u64, e: u64) -> u64 {
    d.pow(e as u32)
}

/// Knuth & Moore Corollary 1, eq. (13): d^⌊l/2⌋ + d^⌈l/2⌉ − 1.
fn corollary_1(d: u64, l: u64) -> u64 {
    pow(d, l / 2) + pow(d, l.div_ceil(2)) - 1
}

/// A uniform tree with distinct random leaves, reordered so that the first
/// successor of every position is its best (Knuth eq. (12)).
fn perfectly_ordered(
    rng: &mut Xoshiro256PlusPlus,
    degree: usize,
    height: u32,
) -> anyhow::Result<Tree> {
    let tree = random_uniform(rng, degree, height)?;
    // F(p) = max(−F(p_i)): the best successor has the least value.
    Ok(tree.reordered(|_, kids| kids.sort_by_key(|&c| tree.value(c))))
}

/// A uniform tree of degree `degree` and height `height` whose leaves carry
/// the values 1, …, d^h in random order (negamax convention).
fn random_uniform(
    rng: &mut Xoshiro256PlusPlus,
    degree: usize,
    height: u32,
) -> anyhow::Result<Tree> {
    let n = degree.pow(height);
    let mut values: Vec<Score> = (1..=n as Score).collect();
    for i in (1..n).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        values.swap(i, j);
    }
    Tree::uniform(degree, height, &values, Convention::NegaMax).map_err(|e| anyhow::anyhow!("{e}"))
}

/// Runs the section.
pub fn run(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(7);
    let mut items = vec![corollary_1_item(ctx)?];
    ctx.step("Corollary 1");
    items.push(corollary_3(ctx)?);
    items.push(fuller_po());
    ctx.step("NBP_po");
    items.push(infinite_root());
    ctx.step("root ±∞");
    items.push(node_types());
    ctx.step("node types");
    items.push(corollary_2(ctx)?);
    ctx.step("Corollary 2");
    items.push(f1_best_case(ctx)?);
    ctx.step("F1 best case");
    items.push(theorem_2(ctx)?);
    items.push(critical_examples()?);
    Ok(items)
}

/// The examples of critical and non-critical positions Hsu (slide 35) and
/// Zohar (Definition 7) give, classified by the search core's definition
/// (Knuth & Moore §6: every odd-indexed or every even-indexed a_i is 1).
fn critical_examples() -> anyhow::Result<Item> {
    let mut item = Item::new("critical-examples", ItemKind::Check, "Critical positions: the seeds' examples")
        .describe("Each Dewey path the seeds give as an example, classified by the search core's test for a critical position (Knuth & Moore §6; Hsu slide 35; Zohar Definition 7).")
        .cite("Hsu, slide 35");
    for (path, critical, cite) in [
        ("2.1.4.1.2", true, "Hsu, slide 35"),
        ("1.3.1.5.1.2", true, "Hsu, slide 35"),
        ("1.1.1.2.1.1.1.3", true, "Hsu, slide 35"),
        ("1.1", true, "Hsu, slide 35"),
        ("1.2.1.1.2", false, "Hsu, slide 35"),
        ("1.2.1.3.1.4", true, "Zohar, §4, Definition 7"),
        ("1.1.1", true, "Zohar, §4, Definition 7"),
        ("2.1.3.1", true, "Zohar, §4, Definition 7"),
    ] {
        let p: DeweyPath = path
            .parse()
            .map_err(|e| anyhow::anyhow!("Dewey path {path:?}: {e}"))?;
        let word = |b: bool| Value::text(if b { "yes" } else { "no" });
        item.compare(
            Comparison::exact(
                format!("{path} is critical"),
                word(critical),
                word(p.is_critical()),
            )
            .cite(cite),
        );
    }
    Ok(item)
}

/// Knuth & Moore Theorem 2 (every algorithm that finds the value examines at
/// least the critical positions of some arrangement of the tree, and
/// alpha-beta under the best arrangement examines exactly those): the
/// minimal tree of the seeds' example trees and of random uniform trees,
/// computed by [`alphabeta_core::minimal`] (a cost recursion over the whole
/// tree, independent of every search procedure), and F2 run under the order
/// it returns.
fn theorem_2(ctx: &Context<'_>) -> anyhow::Result<Item> {
    let mut item = Item::new("knuth-theorem-2", ItemKind::Check, "Knuth & Moore Theorem 2: the minimal tree every algorithm must examine")
        .describe("For each tree: the fewest bottom positions any procedure must examine to prove the root value (computed from the whole tree without searching it), F2 in the natural order, F2 under the order of successors the minimal tree returns, and the fewest any procedure of `alphabeta procedures` examines. On uniform trees with finite values the minimal count is Corollary 1's d^⌈h/2⌉ + d^⌊h/2⌋ − 1 whatever the order.")
        .cite("Knuth & Moore 1975, §6, Theorem 2");
    let mut data = DataTable::new(
        "knuth-theorem-2",
        &[
            "tree",
            "minimal",
            "F2 natural order",
            "F2 minimal order",
            "fewest of any procedure",
        ],
    );
    let mut trees: Vec<(String, Tree)> = vec![
        (
            "π tree (Fig. 1)".to_string(),
            alphabeta_trees::fixtures::knuth_pi_tree(),
        ),
        (
            "Knuth Fig. 5".to_string(),
            alphabeta_trees::fixtures::knuth_fig5(),
        ),
    ];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(ctx.seed ^ 0x7e02);
    for (d, h) in [(2usize, 8u32), (3, 5), (5, 4)] {
        trees.push((
            format!("uniform ⟨{d},{h}⟩, random values"),
            random_uniform(&mut rng, d, h)?,
        ));
    }
    let (mut all_exact, mut none_fewer, mut theorem_10) = (true, true, true);
    for (name, tree) in &trees {
        let minimal =
            alphabeta_core::minimal::minimal_tree(tree, &Tree::ROOT, u32::MAX, 50_000_000)?;
        let natural = f2_leaves(tree, &Tree::ROOT);
        let (reordered, root) = minimal.reordered(tree, &Tree::ROOT);
        let under_order = f2_leaves(&reordered, &root);
        let fewest = alphabeta_core::Procedure::ALL
            .iter()
            .map(|p| {
                let mut s = Search::with_observer(tree, Stats::default());
                p.run(&mut s, &Tree::ROOT, u32::MAX);
                s.into_observer().leaves()
            })
            .min()
            .unwrap_or(0);
        all_exact &= under_order == minimal.leaves;
        none_fewer &= fewest >= minimal.leaves;
        theorem_10 &= under_order <= fewest;
        data.push(vec![
            json!(name),
            json!(minimal.leaves),
            json!(natural),
            json!(under_order),
            json!(fewest),
        ]);
        if name.starts_with("π") {
            item.compare(
                Comparison::exact(
                    "π tree: fewest bottom positions that prove the value 2",
                    Value::int(17),
                    Value::int(minimal.leaves.into()),
                )
                .formula("Cor. 1, d^⌈h/2⌉ + d^⌊h/2⌋ − 1 at d = 3, h = 4"),
            );
        }
    }
    item.compare(Comparison::qualitative(
        "F2 under the minimal tree's order examines exactly the minimal count (every tree above)",
        all_exact,
    ));
    item.compare(Comparison::qualitative(
        "no procedure examines fewer than the minimal count (every tree above)",
        none_fewer,
    ));
    item.compare(
        Comparison::qualitative(
            "Zohar Theorem 10: for every procedure that computes the root value there is an order in which alpha-beta examines no more leaves (every procedure and tree above)",
            theorem_10,
        )
        .cite("Zohar, §4, Theorem 10"),
    );
    item.data.push(data);
    Ok(item)
}

/// F2's bottom positions on `game` from `root`, searched to the end.
fn f2_leaves<G: Game>(game: &G, root: &G::Position) -> u64 {
    let mut s = Search::with_observer(game, Stats::default());
    alpha_beta_fail_hard(&mut s, root, u32::MAX, NEG_INFINITY, INFINITY);
    s.into_observer().leaves()
}

fn corollary_1_item(ctx: &Context<'_>) -> anyhow::Result<Item> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(ctx.seed);
    let mut item = Item::new("knuth-corollary-1", ItemKind::Check, "Knuth & Moore Thm 1 and Cor. 1 (Zohar Thm 8, Cor. 9): positions examined per level")
        .describe("Uniform trees with distinct random leaves, reordered so that the first successor of every position is its best, searched by F2 (fail hard). Theorem 1: exactly the critical positions are examined; Corollary 1: d^⌊l/2⌋ + d^⌈l/2⌉ − 1 of them on level l.")
        .cite("Knuth & Moore 1975, §6, p. 306, Theorem 1 and Corollary 1");
    let mut data = DataTable::new(
        "knuth-corollary-1",
        &["d", "h", "level", "examined", "corollary 1"],
    );
    let mut mismatched_sets = 0;
    for (d, h) in [(2usize, 8u32), (3, 6), (4, 5), (5, 4), (8, 3)] {
        let tree = perfectly_ordered(&mut rng, d, h)?;
        let (_, rec) = record(&tree, |s| {
            alpha_beta_fail_hard(s, &Tree::ROOT, u32::MAX, NEG_INFINITY, INFINITY)
        });
        let examined = rec.examined_set();
        let critical: HashSet<Vec<u32>> = (0..tree.len() as u32)
            .map(|n| tree.path(n))
            .filter(DeweyPath::is_critical)
            .map(|p| p.0)
            .collect();
        if examined != critical {
            mismatched_sets += 1;
        }
        for l in 0..=h as usize {
            let count = examined.iter().filter(|p| p.len() == l).count() as u64;
            let formula = corollary_1(d as u64, l as u64);
            data.push(vec![
                json!(d),
                json!(h),
                json!(l),
                json!(count),
                json!(formula),
            ]);
            if l == h as usize {
                item.compare(
                    Comparison::exact(
                        format!("d = {d}, h = {h}: terminal positions (Cor. 1/3, Zohar Cor. 9)"),
                        Value::int(formula.into()),
                        Value::int(count.into()),
                    )
                    .formula("Knuth & Moore Cor. 1, eq. (13)"),
                );
            }
        }
        let all_levels_match = data
            .rows
            .iter()
            .filter(|r| r[0] == json!(d) && r[1] == json!(h))
            .all(|r| r[3] == r[4]);
        item.compare(Comparison::exact(
            format!("d = {d}, h = {h}: every level 0–{h} equals eq. (13)"),
            Value::text("yes"),
            Value::text(if all_levels_match { "yes" } else { "no" }),
        ));
    }
    item.compare(
        Comparison::exact(
            "trees where the examined set differs from the critical set (Thm 1)",
            Value::int(0),
            Value::int(mismatched_sets),
        )
        .formula("Theorem 1: exactly the critical positions are examined"),
    );
    item.data.push(data);
    Ok(item)
}

fn fuller_po() -> Item {
    let game = EqualLeaves {
        degree: 35,
        height: 4,
        leaf: 0,
    };
    let mut s = Search::with_observer(&game, Stats::default());
    alpha_beta_fail_hard(&mut s, &0, u32::MAX, NEG_INFINITY, INFINITY);
    let po = s.into_observer().leaves();
    let mut s = Search::with_observer(&game, Stats::default());
    minimax(&mut s, &0, u32::MAX);
    let mm = s.into_observer().leaves();
    let mut item = Item::new("fuller-nbp-po", ItemKind::Check, "Fuller §2: NBP under perfect ordering at ⟨35, 4⟩")
        .describe("A perfectly ordered uniform tree of branching 35 and depth 4 (equal leaves: the first successor is always a best one) searched by alpha-beta and by minimax.")
        .cite("Fuller et al. 1973, §2");
    item.compare(Comparison::exact(
        "NBP_po = 2N^(D/2) − 1",
        Value::int(2449),
        Value::int(po.into()),
    ));
    item.compare(Comparison::exact(
        "N^D bottom positions of minimax",
        Value::int(1_500_625),
        Value::int(mm.into()),
    ));
    // A printed ratio is compared to its printed digits, like every
    // printed decimal: 612 stands for 611.5 to 612.5.
    item.compare(
        Comparison::rounded(
            "ratio N^D / NBP_po (\"by a factor of 612\")",
            612.0,
            0,
            mm as f64 / po as f64,
        )
        .explained(format!(
            "{mm} / {po} = {:.2}, which rounds to 613: the paper's 612 is the integer part (truncated), not the rounded ratio",
            mm as f64 / po as f64
        )),
    );
    item
}

fn infinite_root() -> Item {
    let mut item = Item::new("knuth-infinite-root", ItemKind::Check, "Knuth & Moore §6: a root value of ±∞")
        .describe("Corollary 1 needs a finite root value: with every leaf a forced win (root value +∞) Knuth counts d^⌊l/2⌋ positions on level l, with every leaf a forced loss (−∞) d^⌈l/2⌉. Uniform trees of degree 3 and height 6, searched by F2.")
        .cite("Knuth & Moore 1975, §6, p. 306");
    let (d, h) = (3u32, 6u32);
    for (label, root_view, paper) in [
        ("+∞", INFINITY, (|l: u64| pow(3, l / 2)) as fn(u64) -> u64),
        ("−∞", NEG_INFINITY, |l: u64| pow(3, l.div_ceil(2))),
    ] {
        // Leaves at even height are evaluated by the root player.
        let game = EqualLeaves {
            degree: d,
            height: h,
            leaf: root_view,
        };
        let mut s = Search::with_observer(&game, Stats::default());
        let v = alpha_beta_fail_hard(&mut s, &0, u32::MAX, NEG_INFINITY, INFINITY);
        let stats = s.into_observer();
        item.compare(Comparison::exact(
            format!("root value {label}: value found"),
            Value::text(label),
            Value::text(
                alphabeta_core::value::display(v)
                    .replace("+inf", "+∞")
                    .replace("-inf", "−∞"),
            ),
        ));
        let nodes = stats.nodes_per_ply();
        for l in 1..=h as usize {
            let got = nodes.get(l).copied().unwrap_or(0);
            item.compare(
                Comparison::exact(
                    format!("root value {label}: positions on level {l}"),
                    Value::int(paper(l as u64).into()),
                    Value::int(got.into()),
                )
                .formula("Knuth & Moore §6: d^⌊l/2⌋ (+∞), d^⌈l/2⌉ (−∞)"),
            );
        }
    }
    item
}

fn node_types() -> Item {
    let mut item = Item::new("hsu-node-types", ItemKind::Check, "Node types 1, 2.1, 2.2, 3.1, 3.2 on a perfectly ordered tree")
        .describe("The search core's NodeTypes instrument on F2 searching perfectly ordered uniform trees, against the types of all critical positions enumerated directly (Hsu slides 38–57, Knuth Thm 1 proof). Knuth (§6): 'about half of the critical positions of a perfectly ordered game tree are of type 3'.")
        .cite("Knuth & Moore 1975, §6 (\"about half\"); Hsu, slides 41–58");
    let mut data = DataTable::new(
        "hsu-node-types",
        &[
            "d",
            "h",
            "type",
            "examined",
            "critical positions of this type",
        ],
    );
    for (d, h) in [(3u32, 6u32), (10, 6)] {
        let game = EqualLeaves {
            degree: d,
            height: h,
            leaf: 0,
        };
        let mut s = Search::with_observer(&game, NodeTypes::default());
        alpha_beta_fail_hard(&mut s, &0, u32::MAX, NEG_INFINITY, INFINITY);
        let types = s.into_observer();
        // Enumerate every critical path of the uniform tree and classify it.
        let mut expected = [0u64; 6];
        let mut stack: Vec<Vec<u32>> = vec![vec![]];
        while let Some(p) = stack.pop() {
            if !DeweyPath(p.clone()).is_critical() {
                continue; // descendants of a non-critical position are not critical
            }
            expected[NodeType::of(&p) as usize] += 1;
            if p.len() < h as usize {
                for a in 1..=d {
                    let mut q = p.clone();
                    q.push(a);
                    stack.push(q);
                }
            }
        }
        let mut all_equal = true;
        for t in NodeType::ALL {
            let got = types.total(t);
            data.push(vec![
                json!(d),
                json!(h),
                json!(t.label()),
                json!(got),
                json!(expected[t as usize]),
            ]);
            all_equal &= got == expected[t as usize];
        }
        item.compare(
            Comparison::exact(
                format!("d = {d}, h = {h}: examined non-critical positions"),
                Value::int(0),
                Value::int(types.total(NodeType::NonCritical).into()),
            )
            .formula("Theorem 1: only critical positions are examined"),
        );
        item.compare(Comparison::exact(
            format!("d = {d}, h = {h}: examined count of every type equals the critical count"),
            Value::text("yes"),
            Value::text(if all_equal { "yes" } else { "no" }),
        ));
        let critical: u64 = NodeType::ALL
            .iter()
            .filter(|t| **t != NodeType::NonCritical)
            .map(|&t| types.total(t))
            .sum();
        let type3 = types.total(NodeType::Type3_1) + types.total(NodeType::Type3_2);
        let level = |l: usize, t: NodeType| types.counts.get(l).map_or(0, |c| c[t as usize]);
        let deepest = h as usize;
        let crit_deepest: u64 = NodeType::ALL
            .iter()
            .filter(|t| **t != NodeType::NonCritical)
            .map(|&t| level(deepest, t))
            .sum();
        let type3_deepest = level(deepest, NodeType::Type3_1) + level(deepest, NodeType::Type3_2);
        item.compare(Comparison::approximately(
            format!("d = {d}, h = {h}: fraction of type 3 among the critical positions of level {deepest}"),
            Value::real(0.5, 1),
            Value::real(type3_deepest as f64 / crit_deepest as f64, 3),
            0.05,
            "Knuth says 'about half'",
        ));
        item.compare(
            Comparison::approximately(
                format!("d = {d}, h = {h}: fraction of type 3 among all critical positions"),
                Value::real(0.5, 1),
                Value::real(type3 as f64 / critical as f64, 3),
                0.05,
                "Knuth says 'about half'",
            )
            .explained(
                "'about half' holds on even levels, where type 3 and type 2 positions are equally many, but on odd levels only about 1/d of the critical positions are of type 3 (a type 3 position is the first successor of a type 2 one), so over the whole tree the share is lower",
            ),
        );
    }
    item.data.push(data);
    item
}

/// Knuth & Moore Corollary 2, eq. (14): expected positions examined on
/// level l of a random perfectly ordered tree whose level-j positions are
/// nonterminal with probability q_j and have d_j successors on average.
fn corollary_2_formula(q: &[f64], d: &[f64], l: usize) -> f64 {
    let a: f64 = (0..l)
        .map(|j| if j % 2 == 0 { d[j] } else { q[j] })
        .product();
    let b: f64 = (0..l)
        .map(|j| if j % 2 == 0 { q[j] } else { d[j] })
        .product();
    let c: f64 = (0..l).map(|j| q[j]).product();
    a + b - c
}

/// A random tree: a level-j position is nonterminal with probability q and
/// then has 1..=5 successors, uniformly (mean 3, so d_j = 3q); every leaf is
/// 0, so the tree is perfectly ordered.
fn random_branching_text(
    rng: &mut Xoshiro256PlusPlus,
    q: f64,
    depth: u32,
    height: u32,
    out: &mut String,
) {
    let nonterminal = depth < height && (rng.next_u64() as f64 / u64::MAX as f64) < q;
    if !nonterminal {
        out.push('0');
        return;
    }
    let k = 1 + rng.next_u64() % 5;
    out.push('(');
    for i in 0..k {
        if i > 0 {
            out.push(' ');
        }
        random_branching_text(rng, q, depth + 1, height, out);
    }
    out.push(')');
}

/// Sums and sums of squares of the positions F2 examines per level, over
/// `trees` random trees of [`corollary_2`].
fn corollary_2_sums(
    seed: u64,
    q: f64,
    height: u32,
    trees: u64,
) -> anyhow::Result<(Vec<f64>, Vec<f64>)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut sums = vec![0f64; height as usize + 1];
    let mut squares = vec![0f64; height as usize + 1];
    for _ in 0..trees {
        let mut text = String::new();
        random_branching_text(&mut rng, q, 0, height, &mut text);
        let tree =
            Tree::parse_with(&text, Convention::NegaMax).map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut s = Search::with_observer(&tree, Stats::default());
        alpha_beta_fail_hard(&mut s, &Tree::ROOT, u32::MAX, NEG_INFINITY, INFINITY);
        let nodes = s.into_observer().nodes_per_ply();
        for l in 0..=height as usize {
            let x = nodes.get(l).copied().unwrap_or(0) as f64;
            sums[l] += x;
            squares[l] += x * x;
        }
    }
    Ok((sums, squares))
}

/// Mean and standard deviation of level `l` from sums over `trees` trees.
fn level_estimate((sums, squares): &(Vec<f64>, Vec<f64>), l: usize, trees: u64) -> Value {
    let n = trees as f64;
    let mean = sums[l] / n;
    let var = (squares[l] / n - mean * mean).max(0.0) * n / (n - 1.0);
    Value::estimate(mean, var.sqrt(), trees)
}

fn corollary_2(ctx: &Context<'_>) -> anyhow::Result<Item> {
    let (q, height) = (0.8, 5u32);
    let trees = ctx.samples(20_000, 100_000);
    let first = corollary_2_sums(ctx.seed ^ 2, q, height, trees)?;
    let (sums, squares) = (&first.0, &first.1);
    let mut rerun: Option<(Vec<f64>, Vec<f64>)> = None;
    let qs = vec![q; height as usize];
    let ds = vec![3.0 * q; height as usize];
    let mut item = Item::new("knuth-corollary-2", ItemKind::Check, "Knuth & Moore Cor. 2: random branching, perfectly ordered")
        .describe(format!(
            "{trees} random trees: a position on levels 0–{} is nonterminal with probability q_j = {q} and then has 1–5 successors uniformly (d_j = 3q_j = {:.1}); all leaves equal, so every tree is perfectly ordered. Mean positions examined by F2 per level against eq. (14).",
            height - 1,
            3.0 * q
        ))
        .cite("Knuth & Moore 1975, §6, Corollary 2");
    let mut data = DataTable::new(
        "knuth-corollary-2",
        &["level", "mean examined", "std error", "eq. (14)"],
    );
    let n = trees as f64;
    for l in 1..=height as usize {
        let mean = sums[l] / n;
        let var = (squares[l] / n - mean * mean).max(0.0) * n / (n - 1.0);
        let formula = corollary_2_formula(&qs, &ds, l);
        data.push(vec![
            json!(l),
            json!(mean),
            json!((var / n).sqrt()),
            json!(formula),
        ]);
        item.compare(
            Comparison::estimate_rerun(
                format!("level {l}"),
                Value::real(formula, 4),
                level_estimate(&first, l, trees),
                || {
                    let big = trees * crate::mc::RERUN_FACTOR;
                    if rerun.is_none() {
                        rerun = Some(corollary_2_sums(
                            ctx.seed ^ 2 ^ crate::mc::RERUN_SALT,
                            q,
                            height,
                            big,
                        )?);
                    }
                    let r = rerun.as_ref().ok_or_else(|| anyhow::anyhow!("rerun"))?;
                    Ok(level_estimate(r, l, big))
                },
            )?
            .formula("Knuth & Moore Cor. 2, eq. (14)"),
        );
    }
    item.data.push(data);
    Ok(item)
}

/// Knuth & Moore eq. (50): A_0 = 1, A_1 = d, A_{n+2} = A_{n+1} + (d − 1) A_n.
fn f1_best_recurrence(d: u64, n: usize) -> u64 {
    let (mut a, mut b) = (1u64, d);
    for _ in 0..n {
        let next = b + (d - 1) * a;
        a = b;
        b = next;
    }
    a
}

fn f1_best_case(ctx: &Context<'_>) -> anyhow::Result<Item> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(ctx.seed ^ 3);
    let mut item = Item::new("knuth-f1-best-case", ItemKind::Check, "Knuth & Moore §8: the best case of F1")
        .describe("On perfectly ordered trees (distinct random leaves, best successor first) F1 examines the positions with no two non-1 indices in a row: A_h terminal positions with A_0 = 1, A_1 = d, A_{n+2} = A_{n+1} + (d − 1)A_n (eq. (50)), closed form (51), growth √(d − ¾) + ½.")
        .cite("Knuth & Moore 1975, §8, eqs (49)–(51)");
    let mut data = DataTable::new(
        "knuth-f1-best-case",
        &["d", "h", "F1 leaves", "eq. (50)", "eq. (51)"],
    );
    let mut all = true;
    for (d, h) in [(2usize, 8u32), (3, 6), (4, 5), (6, 4)] {
        let tree = perfectly_ordered(&mut rng, d, h)?;
        let (_, rec) = record(&tree, |s| {
            branch_and_bound(s, &Tree::ROOT, u32::MAX, INFINITY)
        });
        let leaves = rec.leaf_count() as u64;
        let rec50 = f1_best_recurrence(d as u64, h as usize);
        let r = (d as f64 - 0.75).sqrt();
        let closed = ((r + 0.5).powi(h as i32 + 2) - (0.5 - r).powi(h as i32 + 2))
            / (4.0 * d as f64 - 3.0).sqrt();
        data.push(vec![
            json!(d),
            json!(h),
            json!(leaves),
            json!(rec50),
            json!(closed),
        ]);
        item.compare(
            Comparison::exact(
                format!("d = {d}, h = {h}: terminal positions examined by F1"),
                Value::int(rec50.into()),
                Value::int(leaves.into()),
            )
            .formula("Knuth & Moore eq. (50)"),
        );
        let no_two = rec
            .examined_set()
            .iter()
            .all(|p| p.windows(2).all(|w| w[0] == 1 || w[1] == 1));
        all &= no_two && (closed - rec50 as f64).abs() < 1e-6 * rec50 as f64;
    }
    item.compare(Comparison::exact(
        "every examined position has no two non-1 indices in a row, and eq. (51) equals eq. (50)",
        Value::text("yes"),
        Value::text(if all { "yes" } else { "no" }),
    ));
    for d in [2u64, 3, 10, 35] {
        // eq. (50) in floating point, rescaled at every step (A_n
        // overflows for large d); the second root, ½ − √(d − ¾), fades as
        // ((√(d − ¾) − ½)/(√(d − ¾) + ½))^n, slowly for large d.
        let (mut a, mut b) = (1f64, d as f64);
        for _ in 0..5000 {
            (a, b) = (1.0, (b + (d as f64 - 1.0) * a) / b);
        }
        let ratio = b / a;
        item.compare(
            Comparison::approximately(
                format!("d = {d}: growth A_(n+1)/A_n of eq. (50) at n = 5000 against √(d − ¾) + ½"),
                Value::real((d as f64 - 0.75).sqrt() + 0.5, 6),
                Value::real(ratio, 9),
                1e-6,
                "the ratio at n = 5000 approaches the limit geometrically",
            )
            .formula("Knuth & Moore §8: √(d − ¾) + ½"),
        );
    }
    item.data.push(data);
    Ok(item)
}

/// Knuth & Moore Corollary 3: every algorithm that evaluates a uniform tree
/// of height h and degree d examines at least d^⌈h/2⌉ + d^⌊h/2⌋ − 1 terminal
/// positions. Checked for every procedure of the core on random trees with
/// distinct values, in random order and perfectly ordered.
fn corollary_3(ctx: &Context<'_>) -> anyhow::Result<Item> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(ctx.seed ^ 4);
    let trees = ctx.samples(100, 1000);
    let mut item = Item::new("knuth-corollary-3", ItemKind::Check, "Knuth & Moore Cor. 3: no algorithm examines fewer terminal positions")
        .describe(format!(
            "{trees} random uniform trees of each shape (distinct values, random order), searched by every procedure of the core; the fewest terminal positions any of them examined against the lower bound d^⌈h/2⌉ + d^⌊h/2⌋ − 1."
        ))
        .cite("Knuth & Moore 1975, §6, Corollary 3; Zohar, Corollary 9");
    for (d, h) in [(2usize, 6u32), (3, 4), (4, 3)] {
        let bound = corollary_1(d as u64, u64::from(h));
        let mut fewest = u64::MAX;
        let mut by = "";
        for _ in 0..trees {
            let n = d.pow(h);
            let mut values: Vec<Score> = (1..=n as Score).collect();
            for i in (1..n).rev() {
                let j = (rng.next_u64() % (i as u64 + 1)) as usize;
                values.swap(i, j);
            }
            let tree = Tree::uniform(d, h, &values, Convention::NegaMax)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            for p in alphabeta_core::Procedure::ALL {
                let mut s = Search::with_observer(&tree, Stats::default());
                p.run(&mut s, &Tree::ROOT, u32::MAX);
                let leaves = s.into_observer().leaves();
                if leaves < fewest {
                    fewest = leaves;
                    by = p.name();
                }
            }
        }
        item.compare(
            Comparison::exact(
                format!("d = {d}, h = {h}: every procedure examines at least {bound}"),
                Value::text("yes"),
                Value::text(if fewest >= bound { "yes" } else { "no" }),
            )
            .note(format!("fewest seen: {fewest} ({by})")),
        );
    }
    Ok(item)
}
