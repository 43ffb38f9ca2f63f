//! Sections built on the exact analysis (`alphabeta-analysis`): Fuller's
//! Tables 5.1 and 5.2 digit for digit, Knuth & Moore's Theorem 3 (the same
//! number from the other paper), Table 1's bounds, Theorem 6 with the
//! totally dependent model simulated, Pearl's branching factor, and
//! E\[NBP\] far past the 1973 tables.

use alphabeta_analysis::fuller::lemma53::expected_leaves_by_lemma_5_3;
use alphabeta_analysis::fuller::tables::{BesideOurs, beside_ours};
use alphabeta_analysis::fuller::{
    check_exact_cost, expected_leaves_exact, expected_move_generations_exact,
};
use alphabeta_analysis::knuth::best_case::best_case_f1_growth;
use alphabeta_analysis::knuth::bounds::{
    TERNARY_ROOT_AND_CONSTANT, c0, r_star, r0, r1, table_1_beside_ours,
};
use alphabeta_analysis::knuth::{self, corollary4_constant};
use alphabeta_analysis::num::to_f64;
use alphabeta_core::Procedure;
use serde_json::json;

use super::{figure, knuth_model};
use crate::context::Context;
use crate::mc::{simulate, value};
use crate::model::{Comparison, DataTable, Item, ItemKind, Value};
use crate::paper::{FULLER_TABLE_5_1, FULLER_TABLE_5_2};
use crate::plot::{Chart, Scale, Series, Style};

/// An exact rational of the analysis crate as a report value.
pub(super) fn exact(r: &impl std::fmt::Display, approx: f64) -> Value {
    let text = r.to_string();
    match text.split_once('/') {
        Some((p, q)) => Value::rational(p, q, approx),
        None => Value::rational(&text, "1", approx),
    }
}

fn printed(p: &str, q: &str) -> Value {
    let approx = p.parse::<f64>().unwrap_or(f64::NAN) / q.parse::<f64>().unwrap_or(f64::NAN);
    Value::rational(p, q, approx)
}

/// Fuller Tables 5.1 and 5.2, Lemma 5.3, Knuth's Theorem 3, E\[NMG\].
pub fn fuller_exact(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(4);
    let mut t51 = Item::new("fuller-table-5-1", ItemKind::Table, "Fuller Table 5.1: E[NBP_{N,2}], exact")
        .describe("E[NBP_{N,2}] by a factorised form of Eqn 5.6, as exact rationals, against the paper's MACSYMA values digit for digit; Knuth & Moore's Theorem 3 gives the same number as T(d, 2) = Σ p_ij (eq. 27), computed independently.")
        .cite("Fuller et al. 1973, §5, Table 5.1");
    for BesideOurs {
        printed: entry,
        ours,
    } in beside_ours(&FULLER_TABLE_5_1)?
    {
        let (n, p, q) = (entry.n, entry.numerator, entry.denominator);
        t51.compare(Comparison::exact(
            format!("E[NBP_{{{n},2}}]"),
            printed(p, q),
            exact(&ours, to_f64(&ours)),
        ));
        let knuth = knuth::level_two_expected_leaves(n);
        t51.compare(Comparison::exact(
            format!("Knuth Thm 3: T({n}, 2) = Σ p_ij"),
            printed(p, q),
            exact(&knuth, to_f64(&knuth)),
        ));
    }
    ctx.step("Table 5.1");
    let mut t52 = Item::new("fuller-table-5-2", ItemKind::Table, "Fuller Table 5.2: E[NBP_{N,D}] for D = 3, 4, exact")
        .describe("The factorised Eqn 5.6, and for the smaller entries Lemma 5.3's nested sums (an independent exact route), against the paper's values.")
        .cite("Fuller et al. 1973, §5, Table 5.2");
    for BesideOurs {
        printed: entry,
        ours,
    } in beside_ours(&FULLER_TABLE_5_2)?
    {
        let (n, d, p, q) = (entry.n, entry.d, entry.numerator, entry.denominator);
        t52.compare(Comparison::exact(
            format!("E[NBP_{{{n},{d}}}]"),
            printed(p, q),
            exact(&ours, to_f64(&ours)),
        ));
        if n.pow(d) <= 81 {
            let lemma = expected_leaves_by_lemma_5_3(n, d)?;
            t52.compare(Comparison::exact(
                format!("E[NBP_{{{n},{d}}}] by Lemma 5.3"),
                printed(p, q),
                exact(&lemma, to_f64(&lemma)),
            ));
        }
    }
    ctx.step("Table 5.2");
    let mut nmg = Item::new("fuller-nmg", ItemKind::Check, "Fuller §5: positions examined per level, and E[NMG]")
        .describe("The positions alpha-beta examines on level l of a ⟨N, D⟩ tree are expected to number E[NBP_{N,l}] (the values on a level are i.i.d. continuous, Fuller §3): simulated counts per level against the exact values. E[NMG_{N,D}] = Σ_{l<D} E[NBP_{N,l}] follows (the seed prints 1 + Σ_{i=2}^{D−1}, which leaves out level 1). The paper prints no values; the reference column is its formula evaluated exactly.")
        .cite("Fuller et al. 1973, §5");
    for (n, d) in [(2u32, 6u32), (3, 4), (5, 3)] {
        let trees = ctx.samples(20_000, 100_000);
        let model = format!("uniform n={n} d={d}");
        let salt = u64::from(n * 31 + d);
        let s = simulate(ctx, &model, Procedure::FailHard, trees, salt)?;
        for lv in (2..d as usize).filter(|&l| s.levels.iter().any(|x| x.level == l)) {
            let e = expected_leaves_exact(n, lv as u32)?;
            nmg.compare(
                crate::mc::compare(
                    ctx,
                    format!("⟨{n},{d}⟩: positions examined on level {lv} = E[NBP_{{{n},{lv}}}]"),
                    exact(&e, to_f64(&e)),
                    &s,
                    (&model, Procedure::FailHard, trees, salt),
                    |s| s.levels.iter().find(|x| x.level == lv).map(|x| &x.examined),
                )?
                .formula("Fuller Eqn 5.6"),
            );
        }
        let e = expected_move_generations_exact(n, d)?;
        nmg.compare(Comparison::new_result(
            format!("E[NMG_{{{n},{d}}}]"),
            exact(&e, to_f64(&e)),
            "exact",
        ));
    }
    ctx.step("NMG");
    ctx.step("done");
    Ok(vec![t51, t52, nmg])
}

/// Knuth & Moore Table 1, eq. (23), Theorem 3 by simulation, F1's true
/// branching factor by simulation.
pub fn knuth_table_1(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(15);
    let mut table = Item::new("knuth-table-1", ItemKind::Table, "Knuth & Moore Table 1: bounds r0, r1, r* on F1's branching factor")
        .describe("r0(d): largest eigenvalue of (p_ij) (eq. 25); r1(d) = √(S_d + ¼) + ½ (eq. 39); r*(d): largest eigenvalue of (√p_ij) (eq. 41), computed exactle, against the table's three decimals.")
        .cite("Knuth & Moore 1975, §7, Table 1");
    let mut data = DataTable::new(
        "knuth-table-1",
        &[
            "d", "r0 paper", "r0 ours", "r1 paper", "r1 ours", "r* paper", "r* ours",
        ],
    );
    for row in table_1_beside_ours() {
        let (d, p0, p1, ps) = (
            row.printed.d,
            row.printed.r0,
            row.printed.r1,
            row.printed.r_star_printed(),
        );
        let (o0, o1, os) = (row.r0, row.r1, row.r_star);
        data.push(vec![
            json!(d),
            json!(p0),
            json!(o0),
            json!(p1),
            json!(o1),
            json!(ps),
            json!(os),
        ]);
        table.compare(Comparison::rounded(format!("r0({d})"), p0, 3, o0));
        table.compare(Comparison::rounded(format!("r1({d})"), p1, 3, o1));
        match ps {
            Some(ps) => table.compare(Comparison::rounded(format!("r*({d})"), ps, 3, os)),
            None => table.compare(Comparison::new_result(
                format!("r*({d})"),
                Value::real(os, 3),
                "the seed's digits are illegible (\"17., ]8\")",
            )),
        }
    }
    table.data.push(data);
    ctx.step("Table 1");
    let mut d3 = Item::new("knuth-eq-23", ItemKind::Check, "Knuth & Moore eq. (23) for d = 3")
        .describe("The dominant root r0(3) and constant c0(3) of A_n ~ c·r^n, and the prediction c·r^4 'about 48 positions on the fourth level'.")
        .cite("Knuth & Moore 1975, §7, p. 313, eq. (23)");
    let (printed_root, printed_constant) = TERNARY_ROOT_AND_CONSTANT;
    d3.compare(Comparison::rounded(
        "dominant root r for d = 3",
        printed_root,
        6,
        r0(3),
    ));
    d3.compare(Comparison::rounded(
        "constant c for d = 3",
        printed_constant,
        6,
        c0(3),
    ));
    d3.compare(Comparison::rounded(
        "c·r^4, 'about 48'",
        48.0,
        0,
        c0(3) * r0(3).powi(4),
    ));
    let trees = ctx.samples(4000, 40000);
    let s = simulate(ctx, "uniform n=3 d=4", Procedure::BranchAndBound, trees, 34)?;
    d3.compare(Comparison::new_result(
        "F1 on random ⟨3, 4⟩ trees: terminal positions (simulated)",
        value(&s.leaves, trees),
        "eq. (23) comes from the fallacious independent analysis, a lower bound; Fig. 2's 36 is lower still because π's digits repeat",
    ));
    ctx.step("eq. (23)");
    // Theorem 3 by simulation, and F1's true branching factor.
    let mut sim = Item::new("knuth-f1-branching", ItemKind::Figure, "F1's true branching factor r(d), simulated, between Knuth & Moore's bounds")
        .describe("F1 (Knuth's branch-and-bound) on random uniform trees with continuous values: T(d, 2) against Theorem 3, and the ratio T(d, h)/T(d, h − 1) at the largest affordable h as an estimate of r(d) = lim T(d, h)^(1/h), which Theorem 5 puts between r0(d) and min(r1(d), r*(d)).")
        .cite("Knuth & Moore 1975, §7, Table 1");
    let mut chart = Chart::new(
        "F1's branching factor: simulated ratios T(d,h)/T(d,h−1) and Knuth's bounds",
        "height h",
        "T(d, h) / T(d, h − 1)",
    );
    chart.legend = crate::plot::Legend::UpperRight;
    let mut rows = DataTable::new(
        "knuth-f1-branching",
        &["d", "h", "mean T(d,h)", "95% half-width", "ratio to h-1"],
    );
    let budget = if ctx.options.full { 4e5 } else { 6e4 };
    for (c, d) in [2u32, 3, 4, 5, 6].into_iter().enumerate() {
        let trees = ctx.samples(1000, 4000);
        let mut prev: Option<f64> = None;
        let mut prev_rel = 0.0;
        let mut pts = Vec::new();
        let mut errs = Vec::new();
        let mut last = None;
        let mut h = 1u32;
        while r1(d).powi(h as i32) <= budget && h <= 20 {
            let model = format!("uniform n={d} d={h}");
            let salt = u64::from(d * 1000 + h);
            let s = simulate(ctx, &model, Procedure::BranchAndBound, trees, salt)?;
            let rel = s.leaves.sd / s.leaves.mean / (trees as f64).sqrt();
            let ratio = prev.map(|p| s.leaves.mean / p);
            rows.push(vec![
                json!(d),
                json!(h),
                json!(s.leaves.mean),
                json!(s.leaves.half_width),
                json!(ratio),
            ]);
            if h == 2 {
                let t = knuth::level_two_expected_leaves(d);
                sim.compare(
                    crate::mc::compare(
                        ctx,
                        format!("Thm 3: T({d}, 2)"),
                        exact(&t, to_f64(&t)),
                        &s,
                        (&model, Procedure::BranchAndBound, trees, salt),
                        |s| Some(&s.leaves),
                    )?
                    .formula("Knuth & Moore Thm 3"),
                );
            }
            if let Some(r) = ratio {
                pts.push((f64::from(h), r));
                let err = r * (rel * rel + prev_rel * prev_rel).sqrt();
                errs.push(1.96 * err);
                last = Some((h, r, err));
            }
            prev = Some(s.leaves.mean);
            prev_rel = rel;
            h += 1;
        }
        if let Some((h, r, err)) = last {
            let (lo, hi) = (r0(d), r1(d).min(r_star(d)));
            let inside = r + 1.96 * err >= lo && r - 1.96 * err <= hi;
            sim.compare(
                Comparison::exact(
                    format!("d = {d}: r0 ≤ T(d,{h})/T(d,{}) ≤ min(r1, r*) (95%)", h - 1),
                    Value::text("yes"),
                    Value::text(if inside { "yes" } else { "no" }),
                )
                .note(format!(
                    "ratio {r:.3} ± {:.3}; bounds [{lo:.3}, {hi:.3}]",
                    1.96 * err
                )),
            );
        }
        chart.series.push(
            Series::new(format!("d = {d}, simulated"), pts.clone(), Style::Points, c)
                .with_errors(errs),
        );
        let hs: Vec<f64> = pts.iter().map(|p| p.0).collect();
        if let (Some(&a), Some(&b)) = (hs.first(), hs.last()) {
            chart.series.push(Series::new(
                String::new(),
                vec![(a, r0(d)), (b, r0(d))],
                Style::Dashed,
                c,
            ));
            chart.series.push(Series::new(
                String::new(),
                vec![(a, r1(d).min(r_star(d))), (b, r1(d).min(r_star(d)))],
                Style::Line,
                c,
            ));
        }
        ctx.step("F1 ratios");
    }
    chart.series.push(Series::new(
        "dashed: r0(d), solid: min(r1(d), r*(d))",
        vec![],
        Style::Line,
        6,
    ));
    sim.figures.push(figure("knuth-f1-branching.svg", "Simulated ratios T(d,h)/T(d,h−1) of F1 with Knuth & Moore's bounds r0 (dashed) and min(r1, r*) (solid).", chart.to_svg()?));
    sim.data.push(rows);
    let mut best = Item::new("knuth-best-case-growth", ItemKind::Check, "Knuth & Moore §8: best-case growth of F1 against alpha-beta's")
        .describe("The best-case branching factor of F1, √(d − ¾) + ½, beside √d for F2 (eq. 51 and Corollary 3), computed exactly.");
    for d in [2u32, 3, 10, 35] {
        best.compare(Comparison::new_result(
            format!("d = {d}: F1 best case √(d − ¾) + ½ against √d"),
            Value::text(format!(
                "{:.4} against {:.4}",
                best_case_f1_growth(d),
                f64::from(d).sqrt()
            )),
            "Knuth: 'not much higher than the value √d obtained for the full method'",
        ));
    }
    ctx.step("best case");
    let fig6 = knuth_fig_6(ctx)?;
    let fig7 = knuth_model::fig_7(ctx)?;
    let crossing = knuth_model::r1_against_r_star();
    let deep = knuth_model::deep_cutoffs_second_order(ctx)?;
    Ok(vec![fig6, table, d3, fig7, sim, crossing, best, deep])
}

/// Knuth §9: Theorem 6 and eq. (54) against simulation of the totally
/// dependent model; the root value of Fig. 8's model.
pub fn knuth_dependent(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    let cases: Vec<(u32, u32)> = vec![
        (2, 4),
        (2, 8),
        (3, 3),
        (3, 4),
        (3, 6),
        (4, 5),
        (5, 4),
        (8, 3),
    ];
    let trees = ctx.samples(10_000, 40_000);
    ctx.steps(2 * cases.len() as u64 * trees + 2);
    let mut item = Item::new("knuth-theorem-6", ItemKind::Check, "Knuth & Moore Theorem 6 and eq. (54): totally dependent values")
        .describe("Random totally dependent trees (a random permutation of move numbers at every position, leaf value = the radix-d number of the moves leading to it), searched by F2 and by F1, against eq. (52)/(53) and eq. (54) computed exactly.")
        .cite("Knuth & Moore 1975, §9, Theorem 6");
    let mut data = DataTable::new(
        "knuth-theorem-6",
        &[
            "d",
            "h",
            "F2 simulated",
            "eq. (52)",
            "F1 simulated",
            "eq. (54)",
            "root value mean",
        ],
    );
    for (d, h) in cases {
        let model = format!("dependent n={d} d={h}");
        let salt = u64::from(d * 100 + h);
        let f2 = simulate(ctx, &model, Procedure::FailHard, trees, salt)?;
        let f1 = simulate(ctx, &model, Procedure::BranchAndBound, trees, salt)?;
        let e2 = knuth::totally_dependent_expected_leaves(d, h);
        let e1 = knuth::totally_dependent_f1_expected_leaves(d, h);
        data.push(vec![
            json!(d),
            json!(h),
            json!(f2.leaves.mean),
            json!(e2),
            json!(f1.leaves.mean),
            json!(e1),
            json!(f2.root_value_mean),
        ]);
        let t6 = knuth::totally_dependent_expected_leaves_exact(d, h);
        item.compare(
            crate::mc::compare(
                ctx,
                format!("F2, d = {d}, h = {h}: Theorem 6"),
                exact(&t6, e2),
                &f2,
                (&model, Procedure::FailHard, trees, salt),
                |s| Some(&s.leaves),
            )?
            .formula("Knuth & Moore Theorem 6, eqs (52)–(53)"),
        );
        let t54 = knuth::totally_dependent_f1_expected_leaves_exact(d, h);
        item.compare(
            crate::mc::compare(
                ctx,
                format!("F1, d = {d}, h = {h}: eq. (54)"),
                exact(&t54, e1),
                &f1,
                (&model, Procedure::BranchAndBound, trees, salt),
                |s| Some(&s.leaves),
            )?
            .formula("Knuth & Moore eq. (54)"),
        );
        if d == 3 {
            // §9: the root value is −(0202…20)₃ for odd h, +(2020…20)₃ for even h.
            let digits: i128 = (0..h).fold(0, |acc, i| {
                acc * 3 + if (i % 2 == 0) == (h % 2 == 0) { 2 } else { 0 }
            });
            let paper = if h % 2 == 1 { -digits } else { digits };
            let ours = if f2.leaves.sd.is_finite() && f2.root_value_mean.fract() == 0.0 {
                Value::int(f2.root_value_mean as i128)
            } else {
                Value::real(f2.root_value_mean, 3)
            };
            item.compare(
                Comparison::exact(
                    format!("root value, d = 3, h = {h} (mean over {trees} trees)"),
                    Value::int(paper),
                    ours,
                )
                .formula("Knuth & Moore §9: −(0202…20)₃, +(2020…20)₃"),
            );
        }
    }
    for d in [3u32, 5, 10] {
        if let Some(k) = corollary4_constant(d) {
            item.compare(Comparison::new_result(
                format!("Cor. 4 constant for d = {d}"),
                Value::real(k, 4),
                "(d − H_d)(1 + H_d)/(2(d − H_d²)): the bound on Theorem 6 over the optimum of Cor. 3",
            ));
        }
    }
    item.data.push(data);
    ctx.step("Theorem 6");
    let fig8 = knuth_model::fig_8(ctx)?;
    Ok(vec![fig8, item])
}

/// Pearl (1982, cited by Hsu): ξ_N/(1 − ξ_N), ξ_N the positive root of
/// x^N + x − 1 = 0, against the ratios E[NBP_{N,D+2}]/E[NBP_{N,D}].
pub fn pearl(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(3);
    let mut item = Item::new("pearl-branching-factor", ItemKind::Figure, "Pearl's asymptotic branching factor against the exact ratios")
        .describe("The exact E[NBP_{N,D}] as far as our exact computation's budget allows; the square root of E[NBP_{N,D+2}]/E[NBP_{N,D}] should approach Pearl's ξ_N/(1 − ξ_N) as D grows (Pearl 1982). Pearl's value is not printed in the seeds: both columns are computed.");
    let mut chart = Chart::new(
        "√(E[NBP_{N,D+2}]/E[NBP_{N,D}]) against Pearl's ξ_N/(1 − ξ_N)",
        "depth D",
        "effective branching factor",
    )
    .scales(Scale::Linear, Scale::Linear);
    chart.legend = crate::plot::Legend::UpperRight;
    let mut data = DataTable::new("pearl", &["N", "D", "sqrt ratio", "pearl"]);
    for (c, n) in [2u32, 3, 4, 6, 8].into_iter().enumerate() {
        let xi = pearl_xi(n);
        let pearl = xi / (1.0 - xi);
        let mut values = Vec::new();
        let mut d = 1u32;
        while check_exact_cost(n, d).is_ok() && cheap(n, d, ctx.options.full) {
            values.push(to_f64(&expected_leaves_exact(n, d)?));
            d += 1;
        }
        let pts: Vec<(f64, f64)> = (2..values.len())
            .map(|i| (i as f64, (values[i] / values[i - 2]).sqrt()))
            .collect();
        for &(dd, r) in &pts {
            data.push(vec![json!(n), json!(dd), json!(r), json!(pearl)]);
        }
        if let Some(&(dd, r)) = pts.last() {
            item.compare(Comparison::approximately(
                format!(
                    "N = {n}: √(E[NBP_{{N,{}}}]/E[NBP_{{N,{}}}]) against ξ/(1 − ξ) = {pearl:.4}",
                    dd as u32 + 1,
                    dd as u32 - 1
                ),
                Value::real(pearl, 4),
                Value::real(r, 4),
                0.1,
                "an asymptotic value against a finite depth",
            )
            .formula("Pearl's ξ_N/(1 − ξ_N)")
            .explained(format!(
                "the exact ratios still fall toward Pearl's limit as D grows ({}); the depths the exact computation reaches are not asymptotic yet",
                pts.iter().rev().take(4).rev().map(|p| format!("D = {}: {:.3}", p.0, p.1)).collect::<Vec<_>>().join(", ")
            )));
        }
        chart.series.push(Series::new(
            format!("N = {n}, exact ratios"),
            pts.clone(),
            Style::Points,
            c,
        ));
        if let (Some(a), Some(b)) = (pts.first(), pts.last()) {
            chart.series.push(Series::new(
                String::new(),
                vec![(a.0, pearl), (b.0, pearl)],
                Style::Dashed,
                c,
            ));
        }
        ctx.step("N");
    }
    chart.series.push(Series::new(
        "dashed: Pearl's ξ_N/(1 − ξ_N)",
        vec![],
        Style::Dashed,
        6,
    ));
    item.figures.push(figure("pearl.svg", "Exact square-root ratios of E[NBP] two levels apart, approaching Pearl's branching factor (dashed).", chart.to_svg()?));
    item.data.push(data);
    Ok(vec![item, pearl_deep()?])
}

/// The certified floating-point E\[NBP\] at depths the exact rationals cannot
/// reach: the effective branching factor √(E\[NBP\_{N,D}\]/E\[NBP\_{N,D−2}\]) at D = 16, 32, 64
/// beside Pearl's ξ_N/(1 − ξ_N).
fn pearl_deep() -> anyhow::Result<Item> {
    let mut item = Item::new("pearl-deep", ItemKind::Table, "Pearl's branching factor at depth 64, certified floating point")
        .describe("E[NBP_{N,D}] for every level up to 64 in one pass of a certified quadrature (the factorised Eqn 5.6, 12-point Gauss–Legendre with a Bernstein-ellipse truncation bound and a running rounding bound). The effective branching factor √(E[NBP_{N,D}]/E[NBP_{N,D−2}]) approaches Pearl's ξ_N/(1 − ξ_N) geometrically; at D = 64 it is compared with a ±0.01% tolerance (the slowest case, N = 2, is 4·10⁻⁵ away). Both columns are computed: Pearl's value is not printed in the seeds.");
    let mut data = DataTable::new(
        "pearl_deep",
        &[
            "N",
            "D",
            "branching factor",
            "pearl",
            "relative gap",
            "certified relative bound of E[NBP_D]",
        ],
    );
    for n in [2u32, 3, 10, 35, 1000] {
        let all = alphabeta_analysis::fuller::expected_leaves_by_level(n, 64)?;
        let pearl = alphabeta_analysis::asymptotics::pearl_branching_factor(n);
        for d in [16usize, 32, 64] {
            let ratio = (all.levels[d].value / all.levels[d - 2].value).sqrt();
            data.push(vec![
                json!(n),
                json!(d),
                json!(ratio),
                json!(pearl),
                json!((ratio - pearl) / pearl),
                json!(all.levels[d].relative_error()),
            ]);
            if d == 64 {
                item.compare(
                    Comparison::approximately(
                        format!("N = {n}: √(E[NBP_{{N,64}}]/E[NBP_{{N,62}}]) against ξ/(1 − ξ) = {pearl:.6}"),
                        Value::real(pearl, 6),
                        Value::real(ratio, 6),
                        1e-4,
                        "an asymptotic value against a finite depth",
                    )
                    .formula("Pearl's ξ_N/(1 − ξ_N)"),
                );
            }
        }
    }
    item.data.push(data);
    Ok(item)
}

/// The positive root of x^N + x − 1 = 0 (bisection).
fn pearl_xi(n: u32) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid.powi(n as i32) + mid - 1.0 > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    0.5 * (lo + hi)
}

/// Sizes the report computes exactly in a default run (a fraction of the
/// analysis crate's own budget, to keep the run short).
pub(crate) fn cheap(n: u32, d: u32, full: bool) -> bool {
    let limit = if full {
        alphabeta_analysis::fuller::EXACT_LIMIT_BITS
    } else {
        7e7
    };
    alphabeta_analysis::fuller::estimated_cost_bits(n, d) <= limit
}

/// Beyond the papers: exact E\[NBP\] far past the 1973 tables.
pub fn beyond(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(1);
    let mut item = Item::new("beyond-enbp", ItemKind::Table, "Exact E[NBP_{N,D}] far past the 1973 tables")
        .describe("Fuller et al. could compute E[NBP] exactly only for D ≤ 4 and small N and called a faster form an open problem. The factorised Eqn 5.6 gives exact rationals much further; shown here: the number of digits of the denominator and the value.");
    let mut data = DataTable::new(
        "beyond-enbp",
        &["N", "D", "E[NBP] (float)", "exact rational"],
    );
    for (n, d) in [
        (2u32, 8u32),
        (2, 10),
        (3, 6),
        (4, 5),
        (5, 4),
        (8, 3),
        (12, 3),
        (35, 2),
    ] {
        if !cheap(n, d, ctx.options.full) || check_exact_cost(n, d).is_err() {
            continue;
        }
        let e = expected_leaves_exact(n, d)?;
        let text = e.to_string();
        let digits = text.split_once('/').map_or(1, |(_, q)| q.len());
        data.push(vec![json!(n), json!(d), json!(to_f64(&e)), json!(text)]);
        item.compare(Comparison::new_result(
            format!("E[NBP_{{{n},{d}}}]"),
            Value::real(to_f64(&e), 4),
            format!("exact rational, denominator of {digits} digits (data/beyond-enbp.csv)"),
        ));
    }
    item.data.push(data);
    ctx.step("exact");
    Ok(vec![item, tictactoe()])
}

/// Tic-tac-toe (Zohar's example of a game tree) solved to the end by every
/// procedure of the core: the value and the positions each examines.
fn tictactoe() -> Item {
    use alphabeta_trees::tictactoe::TicTacToe;
    let game = TicTacToe;
    let root = game.start();
    let mut item = Item::new("beyond-tictactoe", ItemKind::Table, "Tic-tac-toe solved by every procedure")
        .describe("The whole game tree of tic-tac-toe (wins scored by their distance, Fuller §2's footnote) searched to the end by every procedure we implement. The papers name the game (Zohar §2) but print no counts.");
    let mut data = DataTable::new(
        "beyond-tictactoe",
        &[
            "procedure",
            "value",
            "positions examined",
            "terminal positions",
        ],
    );
    for p in Procedure::ALL {
        let mut s = alphabeta_core::Search::with_observer(&game, alphabeta_core::Stats::default());
        let v = p.run(&mut s, &root, u32::MAX);
        let stats = s.into_observer();
        data.push(vec![
            json!(p.name()),
            json!(alphabeta_core::value::display(v)),
            json!(stats.nodes()),
            json!(stats.leaves()),
        ]);
        item.compare(Comparison::new_result(
            format!("{}: value, positions examined", p.name()),
            Value::text(format!(
                "{}, {}",
                alphabeta_core::value::display(v),
                stats.nodes()
            )),
            p.description(),
        ));
    }
    item.data.push(data);
    item
}

/// Knuth & Moore Fig. 6: the probabilities that F1 examines the second and
/// third successors of B and C positions of a ternary tree under the naive
/// independent analysis, 1, 3/4, 3/5 and 1, 9/14, 9/20, which are p_ij of
/// eq. (27) for d = 3, together with a direct simulation of event (26).
fn knuth_fig_6(ctx: &Context<'_>) -> anyhow::Result<Item> {
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::{Rng, SeedableRng};
    let mut item = Item::new("knuth-fig-6", ItemKind::Figure, "Knuth & Moore Fig. 6: the probabilities p_ij of a ternary tree")
        .describe("The numbers written under Fig. 6 (row i = 1, 2, 3 for the A, B, C successor, column j for its j-th successor) against eq. (27) evaluated exactly, and against a simulation of event (26): the largest of the minima of the first i − 1 groups of d i.i.d. values is below the minimum of the first j − 1 values of group i.")
        .cite("Knuth & Moore 1975, §7, p. 311, Fig. 6");
    let printed: [[(u64, u64); 3]; 3] = [
        [(1, 1), (1, 1), (1, 1)],
        [(1, 1), (3, 4), (3, 5)],
        [(1, 1), (9, 14), (9, 20)],
    ];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(ctx.seed ^ 6);
    let samples = ctx.samples(200_000, 2_000_000);
    let d = 3u32;
    for i in 2..=3u32 {
        for j in 2..=3u32 {
            let (p, q) = printed[(i - 1) as usize][(j - 1) as usize];
            let ours = knuth::p_exact(d, i, j);
            item.compare(Comparison::exact(
                format!("p_{i}{j}, eq. (27)"),
                Value::rational(&p.to_string(), &q.to_string(), p as f64 / q as f64),
                exact(&ours, to_f64(&ours)),
            ));
            let event = |rng: &mut Xoshiro256PlusPlus, samples: u64| {
                let mut hits = 0u64;
                let mut unit = || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                for _ in 0..samples {
                    let mut lower = f64::NEG_INFINITY;
                    for _ in 1..i {
                        let m = (0..d).map(|_| unit()).fold(f64::INFINITY, f64::min);
                        lower = lower.max(m);
                    }
                    let upper = (1..j).map(|_| unit()).fold(f64::INFINITY, f64::min);
                    hits += u64::from(lower < upper);
                }
                let phat = hits as f64 / samples as f64;
                Value::estimate(phat, (phat * (1.0 - phat)).sqrt(), samples)
            };
            let first = event(&mut rng, samples);
            item.compare(Comparison::estimate_rerun(
                format!("p_{i}{j}, simulated event (26)"),
                Value::rational(&p.to_string(), &q.to_string(), p as f64 / q as f64),
                first,
                || {
                    let mut fresh = Xoshiro256PlusPlus::seed_from_u64(
                        ctx.seed ^ crate::mc::RERUN_SALT ^ u64::from(i * 10 + j),
                    );
                    Ok(event(&mut fresh, samples * crate::mc::RERUN_FACTOR))
                },
            )?);
        }
    }
    Ok(item)
}
