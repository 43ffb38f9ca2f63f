//! Fuller et al. 1973 §8's second open problem: "an analytical expression for the variance of
//! the number of bottom positions". The analysis crate computes Var\[NBP\_{N,D}\] and the whole
//! distribution Pr{NBP = k} exactly for small trees (`fuller::nbp_moments_exact`,
//! `fuller::nbp_distribution_exact`); here they are set against the Monte Carlo runner's
//! trees and against an exhaustive enumeration of leaf orders.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use alphabeta_analysis::fuller::{self, NbpMoments};
use alphabeta_analysis::num::to_f64;
use alphabeta_core::{Procedure, Search, Stats};
use alphabeta_models::hash::tree_seed;
use alphabeta_models::{TreeModel, Uniform};
use alphabeta_trees::{Convention, Tree};
use serde_json::json;

use super::figure;
use crate::context::Context;
use crate::mc::{RERUN_FACTOR, RERUN_SALT, simulate};
use crate::model::{Comparison, DataTable, Item, ItemKind, Value};
use crate::paper::FULLER_STD_MEAN_BAND;
use crate::plot::{Band, Chart, Scale, Series, Style};

/// The exact moments of NBP\_{N,D}, computed once per process (the `fuller-std-mean` items of
/// the Monte Carlo section use the same values).
pub(crate) fn exact_moments(n: u32, d: u32) -> anyhow::Result<NbpMoments> {
    static CACHE: OnceLock<Mutex<HashMap<(u32, u32), NbpMoments>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    if let Some(m) = cache.lock().expect("no panic holds the lock").get(&(n, d)) {
        return Ok(m.clone());
    }
    let m = fuller::nbp_moments_exact(n, d).map_err(|e| anyhow::anyhow!("⟨{n},{d}⟩: {e}"))?;
    cache
        .lock()
        .expect("no panic holds the lock")
        .insert((n, d), m.clone());
    Ok(m)
}

/// The exact sd/mean of NBP\_{N,D}.
pub(crate) fn exact_cv(n: u32, d: u32) -> anyhow::Result<f64> {
    let m = exact_moments(n, d)?;
    Ok(to_f64(&m.variance()).sqrt() / to_f64(&m.mean))
}

/// The points of Fuller's Tables 5.1 and 5.2, which the paper simulated too ("the points
/// derived from the analytic formulation were also simulated to obtain their sample standard
/// deviations", §7).
pub(crate) const TABLE_POINTS: [(u32, u32); 17] = [
    (2, 2),
    (3, 2),
    (4, 2),
    (5, 2),
    (6, 2),
    (7, 2),
    (8, 2),
    (9, 2),
    (10, 2),
    (11, 2),
    (12, 2),
    (2, 3),
    (3, 3),
    (4, 3),
    (5, 3),
    (2, 4),
    (3, 4),
];

/// The grid of the Monte Carlo comparison: the table points and deeper binary and ternary
/// trees, all computed exactly in about a second or less each; `--full` adds two of about 5
/// and 15 s.
fn grid(full: bool) -> Vec<(u32, u32)> {
    let mut grid = TABLE_POINTS.to_vec();
    grid.extend([(2, 5), (2, 6), (2, 7), (6, 3)]);
    if full {
        grid.extend([(3, 5), (2, 8)]);
    }
    grid
}

/// The ⟨N,D⟩ beyond the exact range (N^D > 256) whose variance is computed in floating point
/// (`fuller::nbp_moments_float`, with certified bounds, seconds each) for the
/// coefficient-of-variation figure.
const FLOAT_POINTS: [(u32, u32); 25] = [
    (20, 2),
    (35, 2),
    (64, 2),
    (8, 3),
    (16, 3),
    (35, 3),
    (64, 3),
    (5, 4),
    (8, 4),
    (16, 4),
    (35, 4),
    (3, 6),
    (4, 6),
    (8, 6),
    (2, 9),
    (3, 8),
    (4, 8),
    (2, 10),
    (3, 10),
    (2, 12),
    (3, 12),
    (2, 14),
    (2, 16),
    (3, 16),
    (4, 16),
];

/// Points of the exact grid where the floating-point variance is set against the rational.
const FLOAT_AGAINST_EXACT: [(u32, u32); 4] = [(2, 7), (3, 4), (6, 3), (12, 2)];

/// Points beyond the exact range where the floating-point variance is set against the Monte
/// Carlo runner.
const FLOAT_AGAINST_MC: [(u32, u32); 2] = [(3, 6), (10, 3)];

/// The floating-point moments (with certified error bounds) of NBP\_{N,D}.
fn float_moments(n: u32, d: u32) -> anyhow::Result<fuller::NbpMomentEstimates> {
    fuller::nbp_moments_float(n, d).map_err(|e| anyhow::anyhow!("⟨{n},{d}⟩: {e}"))
}

/// The ⟨N,D⟩ whose exact distribution is drawn over the sampled histogram (N^D ≤ 64).
const DISTRIBUTIONS: [(u32, u32); 4] = [(2, 4), (3, 3), (2, 5), (4, 3)];

/// NBP of every tree of a Monte Carlo run of `trees` uniform ⟨n,d⟩ trees whose base seed is
/// `seed`: tree i grown from `tree_seed(seed, i)` and searched by F2, as the runner
/// (`alphabeta_montecarlo`) does, which keeps only sums.
fn nbp_per_tree(
    ctx: &Context<'_>,
    (n, d): (u32, u32),
    seed: u64,
    trees: u64,
) -> anyhow::Result<Vec<u64>> {
    let model = Uniform::new(n, d, seed).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut counts = Vec::with_capacity(trees as usize);
    for t in 0..trees {
        let tree = model.reseed(tree_seed(seed, t));
        let mut search = Search::with_observer(&tree, Stats::default()).track_pv(false);
        Procedure::FailHard.run(&mut search, &tree.root(), d);
        counts.push(search.into_observer().leaves());
        ctx.advance(1);
    }
    Ok(counts)
}

/// A Monte Carlo sample of NBP: the runner's summary and the per-tree counts of the same trees.
struct Sample {
    counts: Vec<u64>,
    mean: f64,
    variance: f64,
    sd_over_mean: f64,
}

impl Sample {
    /// Runs the Monte Carlo runner on `trees` trees and recounts them one by one; the two
    /// must agree exactly.
    fn draw(
        ctx: &Context<'_>,
        (n, d): (u32, u32),
        trees: u64,
        salt: u64,
    ) -> anyhow::Result<Sample> {
        let s = simulate(
            ctx,
            &format!("uniform n={n} d={d}"),
            Procedure::FailHard,
            trees,
            salt,
        )?;
        let counts = nbp_per_tree(ctx, (n, d), s.seed, trees)?;
        let sum: u128 = counts.iter().map(|&c| u128::from(c)).sum();
        let sum_sq: u128 = counts.iter().map(|&c| u128::from(c) * u128::from(c)).sum();
        anyhow::ensure!(
            sum == s.totals.leaves.sum && sum_sq == s.totals.leaves.sum_sq,
            "⟨{n},{d}⟩: the per-tree counts are not the Monte Carlo runner's trees"
        );
        Ok(Sample {
            counts,
            mean: s.leaves.mean,
            variance: s.leaves.sd * s.leaves.sd,
            sd_over_mean: s.leaves.sd_over_mean,
        })
    }

    /// The sample variance as an estimate: its standard error by the normal approximation
    /// √((m₄ − s⁴)/R), m₄ the sample fourth central moment.
    fn variance_estimate(&self) -> Value {
        let r = self.counts.len() as f64;
        let m4 = self
            .counts
            .iter()
            .map(|&c| (c as f64 - self.mean).powi(4))
            .sum::<f64>()
            / r;
        let spread = (m4 - self.variance * self.variance).max(0.0).sqrt();
        Value::estimate(self.variance, spread, self.counts.len() as u64)
    }
}

/// Runs the section.
pub fn run(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    let grid = grid(ctx.options.full);
    let trees = ctx.samples(10_000, 40_000);
    let hist_trees = ctx.samples(20_000, 80_000);
    ctx.steps(
        2 * trees * (grid.len() + FLOAT_AGAINST_MC.len()) as u64
            + 2 * hist_trees * DISTRIBUTIONS.len() as u64,
    );
    let mut formula = Item::new("fuller-variance-formula", ItemKind::Check, "Fuller §8: the exact variance of NBP")
        .describe("Fuller et al. close with: 'It would also be useful to find an analytical expression for the variance of the number of bottom positions.' The analysis crate computes E[NBP²] and Var[NBP] as exact rationals by a recursion over heights (docs/analysis.md, 'Fuller §8'), for trees of at most 256 bottom positions. Checked here against an exhaustive enumeration of every leaf order (all (N^D)! orders are equally likely in the model), searched by the core's alpha-beta.")
        .cite("Fuller et al. 1973, §8");
    for (n, d) in [(2u32, 2u32), (2, 3), (3, 2)] {
        let m = exact_moments(n, d)?;
        let ours = m.variance();
        formula.compare(
            Comparison::exact(
                format!("Var[NBP_{{{n},{d}}}]: recursion against enumeration"),
                enumerated_variance(n as usize, d)?,
                exact_value(ours.to_string(), to_f64(&ours)),
            )
            .against_ours(format!(
                "exhaustive enumeration of the {}! leaf orders, F2 of the core",
                n.pow(d)
            )),
        );
    }
    let mut mc = Item::new("fuller-variance-mc", ItemKind::Table, "Var[NBP]: exact against the Monte Carlo runner")
        .describe(format!("At {} ⟨N,D⟩ points ({trees} trees each, the Monte Carlo runner's uniform model with continuous values, F2), the sample variance of NBP with its 95% interval from the normal approximation: standard error √((m₄ − s⁴)/R), m₄ the sample fourth central moment and R the number of trees. The reference is the exact variance (ours, new), shown as a real where its rational is long; the data table keeps every rational.", grid.len()));
    let mut data = DataTable::new(
        "fuller-variance",
        &[
            "N",
            "D",
            "N^D",
            "E[NBP] exact",
            "Var[NBP] exact",
            "sd/mean exact",
            "trees",
            "sample mean",
            "sample variance",
            "sample sd/mean",
            "Var[NBP] exact (rational)",
        ],
    );
    let mut cv_exact: HashMap<u32, Vec<(f64, f64)>> = HashMap::new();
    let mut cv_sampled: HashMap<u32, Vec<(f64, f64)>> = HashMap::new();
    for (i, &(n, d)) in grid.iter().enumerate() {
        let m = exact_moments(n, d)?;
        let variance = m.variance();
        let (mean_f, var_f) = (to_f64(&m.mean), to_f64(&variance));
        let salt = 0x7A2_0000 + i as u64;
        let sample = Sample::draw(ctx, (n, d), trees, salt)?;
        let leaves = f64::from(n).powi(d as i32);
        data.push(vec![
            json!(n),
            json!(d),
            json!(n.pow(d)),
            json!(mean_f),
            json!(var_f),
            json!(var_f.sqrt() / mean_f),
            json!(trees),
            json!(sample.mean),
            json!(sample.variance),
            json!(sample.sd_over_mean),
            json!(variance.to_string()),
        ]);
        mc.compare(
            Comparison::estimate_rerun(
                format!("Var[NBP_{{{n},{d}}}]"),
                exact_value(variance.to_string(), var_f),
                sample.variance_estimate(),
                || {
                    let more = Sample::draw(ctx, (n, d), trees * RERUN_FACTOR, salt ^ RERUN_SALT)?;
                    Ok(more.variance_estimate())
                },
            )?
            .against_ours("the exact variance, fuller::nbp_moments_exact (new)"),
        );
        cv_exact
            .entry(d)
            .or_default()
            .push((leaves, var_f.sqrt() / mean_f));
        cv_sampled
            .entry(d)
            .or_default()
            .push((leaves, sample.sd_over_mean));
    }
    // Beyond the exact range: the floating-point variance against the same runner.
    for (i, &(n, d)) in FLOAT_AGAINST_MC.iter().enumerate() {
        let m = float_moments(n, d)?;
        let salt = 0x7A3_0000 + i as u64;
        let sample = Sample::draw(ctx, (n, d), trees, salt)?;
        mc.compare(
            Comparison::estimate_rerun(
                format!("Var[NBP_{{{n},{d}}}] (N^D = {}, floating point)", n.pow(d)),
                Value::real(m.variance.value, 4),
                sample.variance_estimate(),
                || {
                    let more = Sample::draw(ctx, (n, d), trees * RERUN_FACTOR, salt ^ RERUN_SALT)?;
                    Ok(more.variance_estimate())
                },
            )?
            .against_ours("the floating-point variance, fuller::nbp_moments_float (new)"),
        );
    }
    mc.data.push(data);
    let (lo, hi) = grid
        .iter()
        .try_fold((f64::INFINITY, 0f64), |(lo, hi), &(n, d)| {
            exact_cv(n, d).map(|cv| (lo.min(cv), hi.max(cv)))
        })?;
    formula.compare(Comparison::new_result(
        "the exact Var[NBP] as a rational (recursion over heights)",
        Value::text(format!("{} ⟨N,D⟩ computed", grid.len())),
        "the open problem of §8, answered exactly for N^D ≤ 256 and in floating point (the pair \
         sum by parting depth) for N ≤ 64, D ≤ 16",
    ));
    for (n, d) in FLOAT_AGAINST_EXACT {
        let exact = to_f64(&exact_moments(n, d)?.variance());
        let float = float_moments(n, d)?.variance;
        let decimals = (7 - exact.log10().floor() as i64).max(0) as usize;
        formula.compare(
            Comparison::rounded(
                format!(
                    "Var[NBP_{{{n},{d}}}]: floating point (pair integral) against the rational"
                ),
                exact,
                decimals,
                float.value,
            )
            .against_ours("the exact rational, fuller::nbp_moments_exact"),
        );
    }
    formula.compare(Comparison::new_result(
        "smallest exact sd/mean on the grid",
        Value::real(lo, 4),
        "at ⟨2,2⟩: NBP is 3 or 4",
    ));
    formula.compare(Comparison::new_result(
        "largest exact sd/mean on the grid",
        Value::real(hi, 4),
        "the coefficient of variation settles near .18–.21 within the exact range",
    ));
    let mut cv = Item::new("fuller-variance-cv", ItemKind::Figure, "The coefficient of variation sd/mean of NBP, exact")
        .describe("sd/mean of NBP exactly (lines, one per depth D), in floating point beyond 256 bottom positions (dashed; the pair integral of docs/analysis.md, certified relative error bound below 10⁻⁶) and from the Monte Carlo samples (points), against the number of bottom positions N^D, with Fuller's band (.120, .215) of sample ratios.");
    let mut float_cv: HashMap<u32, Vec<(f64, f64)>> = HashMap::new();
    let mut float_table = DataTable::new(
        "fuller-variance-float",
        &[
            "N",
            "D",
            "N^D",
            "E[NBP]",
            "Var[NBP]",
            "Var certified bound",
            "sd/mean",
        ],
    );
    let (mut cv_lo, mut cv_hi) = (f64::INFINITY, 0f64);
    for (n, d) in FLOAT_POINTS {
        let m = float_moments(n, d)?;
        let cv_value = m.coefficient_of_variation();
        let leaves = f64::from(n).powi(d as i32);
        float_table.push(vec![
            json!(n),
            json!(d),
            json!(leaves),
            json!(m.mean.value),
            json!(m.variance.value),
            json!(m.variance.error),
            json!(cv_value),
        ]);
        float_cv.entry(d).or_default().push((leaves, cv_value));
        (cv_lo, cv_hi) = (cv_lo.min(cv_value), cv_hi.max(cv_value));
    }
    cv.data.push(float_table);
    let mut chart = Chart::new(
        "sd/mean of NBP_{N,D}: exact (lines) and sampled (points)",
        "N^D (bottom positions of the tree)",
        "sd / mean",
    )
    .scales(Scale::Log, Scale::Linear);
    let mut depths: Vec<u32> = cv_exact.keys().copied().collect();
    depths.sort_unstable();
    for (c, d) in depths.iter().enumerate() {
        let mut exact = cv_exact[d].clone();
        exact.sort_by(|a, b| a.0.total_cmp(&b.0));
        chart.series.push(Series::new(
            format!("D = {d}, exact"),
            exact,
            Style::Line,
            c,
        ));
        chart.series.push(Series::new(
            String::new(),
            cv_sampled[d].clone(),
            Style::Points,
            c,
        ));
    }
    let mut float_depths: Vec<u32> = float_cv.keys().copied().collect();
    float_depths.sort_unstable();
    for d in float_depths {
        let mut points = float_cv[&d].clone();
        // Continue the exact line of the same depth where there is one.
        if let Some(last) = cv_exact
            .get(&d)
            .and_then(|e| e.iter().copied().max_by(|a, b| a.0.total_cmp(&b.0)))
        {
            points.push(last);
        }
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        let colour = depths
            .iter()
            .position(|&e| e == d)
            .unwrap_or(depths.len() + d as usize);
        chart.series.push(Series::new(
            format!("D = {d}, floating point"),
            points,
            Style::Dashed,
            colour,
        ));
    }
    chart.bands.push(Band {
        name: "Fuller's band (.120, .215)".into(),
        points: vec![
            (4.0, FULLER_STD_MEAN_BAND.0, FULLER_STD_MEAN_BAND.1),
            (
                4.0f64.powi(16),
                FULLER_STD_MEAN_BAND.0,
                FULLER_STD_MEAN_BAND.1,
            ),
        ],
        color: 5,
    });
    cv.figures.push(figure(
        "fuller-variance-cv.svg",
        "sd/mean of NBP: lines exact, points sampled; the shaded band is the range Fuller et al. report for their sample ratios.",
        chart.to_svg()?,
    ));
    cv.compare(Comparison::new_result(
        "sd/mean at D = 2 as N grows",
        Value::text(format!(
            "{:.4} (N = 2), {:.4} (N = 10), {:.4} (N = 12)",
            exact_cv(2, 2)?,
            exact_cv(10, 2)?,
            exact_cv(12, 2)?
        )),
        "rises, then peaks near N = 10: it neither vanishes nor grows within the exact range",
    ));
    cv.compare(Comparison::new_result(
        "sd/mean beyond the exact range (floating point)",
        Value::text(format!(
            "{cv_lo:.4} – {cv_hi:.4}; {:.4} at ⟨2,16⟩, {:.4} at ⟨64,2⟩, {:.4} at ⟨64,3⟩",
            float_moments(2, 16)?.coefficient_of_variation(),
            float_moments(64, 2)?.coefficient_of_variation(),
            float_moments(64, 3)?.coefficient_of_variation()
        )),
        "it peaks near .20–.21 and then falls slowly as N grows (faster at odd D) and as D grows: \
         it does not grow, and it settles or vanishes only slowly",
    ));
    // Fuller's 1000-tree points: the 95% half-width of a sample mean is 1.96·CV/√R of the mean.
    let half_width = |cv: f64| 1.96 * cv / 1000f64.sqrt();
    let trees_for = |cv: f64, relative: f64| (1.96 * cv / relative).powi(2);
    let (lo_all, hi_all) = (cv_lo.min(lo), cv_hi.max(hi));
    cv.compare(Comparison::new_result(
        "what the coefficient of variation means for Fuller's 1000-tree points",
        Value::text(format!(
            "±{:.2}% to ±{:.2}% at R = 1000 (CV {lo_all:.3}–{hi_all:.3}); ±0.05% would need {:.0e} trees",
            100.0 * half_width(lo_all),
            100.0 * half_width(hi_all),
            trees_for(hi_all, 5e-4),
        )),
        "their 1000-tree means are good to about two significant figures, as their stated \
         0.008 < R < .013 says; the printed third and fourth digits of Tables 5.1/5.2 come from \
         the formula, not from sampling",
    ));
    let mut items = vec![formula, mc, cv];
    items.push(distributions(ctx, hist_trees)?);
    Ok(items)
}

/// Longest rational shown as such in a comparison; longer ones are shown as reals (the data
/// tables keep every rational).
const SHOWN_RATIONAL_CHARS: usize = 40;

/// An exact rational of the analysis crate (its text `p/q` and its float) as a report value:
/// the rational when short, else a real with ten significant digits.
fn exact_value(text: String, approx: f64) -> Value {
    if text.len() > SHOWN_RATIONAL_CHARS {
        let decimals = (9 - approx.abs().log10().floor() as i64).max(0) as usize;
        return Value::real(approx, decimals);
    }
    let (num, den) = text.split_once('/').unwrap_or((&text, "1"));
    Value::rational(num, den, approx)
}

/// Var\[NBP\_{N,D}\] by exhaustive enumeration: the core's F2 on a uniform tree (Max at the
/// root) whose leaves take the values 1..=N^D in every order (Heap's algorithm), as the
/// reduced rational (R·Σk² − (Σk)²)/R², R = (N^D)!.
fn enumerated_variance(n: usize, d: u32) -> anyhow::Result<Value> {
    let leaves = n.pow(d);
    anyhow::ensure!(leaves <= 9, "enumeration is for N^D <= 9");
    let mut values: Vec<alphabeta_core::Value> = (1..=leaves as alphabeta_core::Value).collect();
    let (mut orders, mut sum, mut sum_sq) = (0u128, 0u128, 0u128);
    let mut count = |values: &[alphabeta_core::Value]| -> anyhow::Result<()> {
        let tree =
            Tree::uniform(n, d, values, Convention::MinMax).map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut search = Search::with_observer(&tree, Stats::default());
        Procedure::FailHard.run(&mut search, &Tree::ROOT, d);
        let k = u128::from(search.into_observer().leaves());
        orders += 1;
        sum += k;
        sum_sq += k * k;
        Ok(())
    };
    // Heap's algorithm, iterative.
    let mut c = vec![0usize; leaves];
    count(&values)?;
    let mut i = 0;
    while i < leaves {
        if c[i] < i {
            let j = if i % 2 == 0 { 0 } else { c[i] };
            values.swap(j, i);
            count(&values)?;
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    let (num, den) = (orders * sum_sq - sum * sum, orders * orders);
    let g = gcd(num, den);
    let (num, den) = (num / g, den / g);
    Ok(Value::rational(
        &num.to_string(),
        &den.to_string(),
        num as f64 / den as f64,
    ))
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The exact distributions drawn over the sampled histograms (Fuller's Fig. 3.1 shows the
/// distributions of node values per level; the paper shows none of NBP).
fn distributions(ctx: &Context<'_>, trees: u64) -> anyhow::Result<Item> {
    let mut item = Item::new("fuller-variance-distribution", ItemKind::Figure, "The distribution of NBP: exact against sampled")
        .describe(format!("Pr{{NBP = k}} exactly (fuller::nbp_distribution_exact, lines) over the frequencies in {trees} trees of the Monte Carlo runner (points, 95% binomial intervals), for a few trees of at most 64 bottom positions, in the manner of Fuller's Fig. 3.1 (which shows the distributions of node values per level; the paper shows none of NBP). Every frequency is compared with its exact probability within four binomial standard errors (a check of ours over many probabilities at once)."));
    let mut data = DataTable::new(
        "fuller-variance-distribution",
        &[
            "N",
            "D",
            "k",
            "Pr exact",
            "frequency",
            "Pr exact (rational)",
        ],
    );
    for (c, &(n, d)) in DISTRIBUTIONS.iter().enumerate() {
        let exact = fuller::nbp_distribution_exact(n, d).map_err(|e| anyhow::anyhow!("{e}"))?;
        let sample = Sample::draw(ctx, (n, d), trees, 0x7A3_0000 + c as u64)?;
        let mut frequency = vec![0u64; exact.len()];
        for &k in &sample.counts {
            anyhow::ensure!((k as usize) < exact.len(), "⟨{n},{d}⟩: NBP {k} above N^D");
            frequency[k as usize] += 1;
        }
        let r = trees as f64;
        let (mut line, mut points, mut errors) = (Vec::new(), Vec::new(), Vec::new());
        let mut within = true;
        for (k, p) in exact.iter().enumerate() {
            let (p_f, f) = (to_f64(p), frequency[k] as f64 / r);
            let se = (p_f * (1.0 - p_f) / r).sqrt();
            within &= (f - p_f).abs() <= 4.0 * se;
            if *p == 0u32 && frequency[k] == 0 {
                continue;
            }
            line.push((k as f64, p_f));
            points.push((k as f64, f));
            errors.push(1.96 * (f * (1.0 - f) / r).sqrt());
            data.push(vec![
                json!(n),
                json!(d),
                json!(k),
                json!(p_f),
                json!(f),
                json!(p.to_string()),
            ]);
        }
        item.compare(
            Comparison::qualitative(
                format!("⟨{n},{d}⟩: every frequency within 4 binomial standard errors of the exact Pr{{NBP = k}}"),
                within,
            )
            .against_ours("fuller::nbp_distribution_exact (new)"),
        );
        let mut chart = Chart::new(
            format!("Distribution of NBP_{{{n},{d}}}: exact (line) and sampled (points)"),
            "k (bottom positions examined)",
            "Pr{NBP = k}",
        );
        chart.size = (640, 420);
        chart
            .series
            .push(Series::new("exact", line, Style::Line, c));
        chart.series.push(
            Series::new(format!("{trees} trees"), points, Style::Points, c).with_errors(errors),
        );
        item.figures.push(figure(
            &format!("fuller-variance-distribution-{n}-{d}.svg"),
            &format!("Pr{{NBP_{{{n},{d}}} = k}}: the exact distribution (line) over the sampled frequencies (points, 95% intervals)."),
            chart.to_svg()?,
        ));
    }
    item.data.push(data);
    Ok(item)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumeration_gives_the_variance_of_the_smallest_trees() {
        // ⟨2,2⟩: NBP is 3 or 4 with probabilities 1/3 and 2/3; ⟨1,3⟩ and ⟨2,1⟩ never vary.
        assert_eq!(enumerated_variance(2, 2).unwrap().printed_form(), "2/9");
        assert_eq!(enumerated_variance(1, 3).unwrap().printed_form(), "0");
        assert_eq!(enumerated_variance(2, 1).unwrap().printed_form(), "0");
        assert!(enumerated_variance(2, 4).is_err());
    }

    #[test]
    fn long_rationals_are_shown_as_reals_with_ten_digits() {
        assert_eq!(exact_value("2/9".into(), 2.0 / 9.0).printed_form(), "2/9");
        let long = format!("{}/{}", "1".repeat(30), "3".repeat(30));
        assert_eq!(exact_value(long, 1.0 / 3.0).display(), "0.3333333333");
        assert_eq!(
            exact_value("x".repeat(41), 168.647804).display(),
            "168.6478040"
        );
    }
}
