//! What a run reports: means, standard deviations, 95 % confidence intervals
//! and std/mean ratios (Fuller §7's measures), per tree and per level.

use serde::{Deserialize, Serialize};

use crate::totals::{Moments, Totals};
use alphabeta_models::ModelSpec;

/// The two-sided 95 % quantile of the normal distribution. The intervals are
/// the normal approximation mean ± z·sd/√T, sound for the hundreds or more
/// trees a Monte Carlo point uses (Fuller used 1000).
pub const Z95: f64 = 1.959_963_984_540_054;

/// A sample mean with its spread.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// Sample mean.
    pub mean: f64,
    /// Sample standard deviation (divisor T − 1; 0 for T < 2).
    pub sd: f64,
    /// Half-width of the 95 % confidence interval of the mean.
    pub half_width: f64,
    /// Lower end of the 95 % confidence interval.
    pub ci95_low: f64,
    /// Upper end of the 95 % confidence interval.
    pub ci95_high: f64,
    /// sd / mean (Fuller §7 found it in (.120, .215) for NBP); 0 when the
    /// mean is 0.
    pub sd_over_mean: f64,
}

impl Estimate {
    /// The estimate from the exact sums over `trees` observations. The
    /// variance is computed from integers, `(T·Σx² − (Σx)²) / (T(T−1))`, so
    /// it is exact up to the final division.
    pub fn from_moments(m: &Moments, trees: u64) -> Estimate {
        if trees == 0 {
            return Estimate {
                mean: 0.0,
                sd: 0.0,
                half_width: 0.0,
                ci95_low: 0.0,
                ci95_high: 0.0,
                sd_over_mean: 0.0,
            };
        }
        let t = trees as f64;
        let mean = m.sum as f64 / t;
        let sd = if trees < 2 {
            0.0
        } else {
            // T·Σx² − (Σx)² ≥ 0 exactly; computed in 128 bits when it fits.
            let spread = u128::from(trees)
                .checked_mul(m.sum_sq)
                .zip(m.sum.checked_mul(m.sum))
                .map(|(a, b)| a.saturating_sub(b) as f64)
                .unwrap_or_else(|| (t * m.sum_sq as f64 - (m.sum as f64).powi(2)).max(0.0));
            (spread / (t * (t - 1.0))).sqrt()
        };
        let half_width = Z95 * sd / t.sqrt();
        Estimate {
            mean,
            sd,
            half_width,
            ci95_low: mean - half_width,
            ci95_high: mean + half_width,
            sd_over_mean: if mean > 0.0 { sd / mean } else { 0.0 },
        }
    }

    /// Whether `x` lies in the 95 % confidence interval.
    pub fn covers(&self, x: f64) -> bool {
        self.ci95_low <= x && x <= self.ci95_high
    }

    /// The standard error of the mean, sd/√T.
    pub fn standard_error(&self) -> f64 {
        self.half_width / Z95
    }

    /// Whether `x` lies within `z` standard errors of the mean (z = 2.576
    /// for 99 %, or for five simultaneous 95 % checks by Bonferroni).
    pub fn covers_within(&self, x: f64, z: f64) -> bool {
        (self.mean - x).abs() <= z * self.standard_error()
    }
}

/// One level of the tree (the root is level 0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelSummary {
    /// The level.
    pub level: usize,
    /// Positions examined on this level per tree; Fuller's E[NBP_{N,l}] for
    /// level l of a uniform tree searched by alpha-beta.
    pub examined: Estimate,
    /// Bottom positions evaluated on this level per tree (mean).
    pub leaves_mean: f64,
    /// Move generations on this level per tree (mean).
    pub move_generations_mean: f64,
}

/// Cutoffs per tree (means), by kind (Fuller §2; Knuth §3).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CutoffSummary {
    /// Alpha cutoffs (made at Min nodes).
    pub alpha: f64,
    /// Beta cutoffs (made at Max nodes).
    pub beta: f64,
    /// Deep cutoffs of either kind.
    pub deep: f64,
    /// Shallow cutoffs of either kind.
    pub shallow: f64,
    /// Successors left unexamined by all cutoffs (pruned branches).
    pub pruned: f64,
    /// Successors left unexamined by deep cutoffs.
    pub deep_pruned: f64,
}

/// The result of a run (complete or interrupted).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The model, as text (`uniform n=10 d=6`).
    pub model: String,
    /// The model, structured.
    pub spec: ModelSpec,
    /// The procedure's name (`f2`, …).
    pub procedure: String,
    /// The base seed.
    pub seed: u64,
    /// Trees asked for.
    pub trees_requested: u64,
    /// Trees searched (fewer than requested if the run was interrupted).
    pub trees: u64,
    /// Whether every requested tree was searched.
    pub complete: bool,
    /// Bottom positions evaluated per tree: Fuller's NBP.
    pub leaves: Estimate,
    /// Positions examined per tree, all levels.
    pub nodes: Estimate,
    /// Move generations per tree: Fuller's NMG.
    pub move_generations: Estimate,
    /// Per level.
    pub levels: Vec<LevelSummary>,
    /// Cutoffs per tree.
    pub cutoffs: CutoffSummary,
    /// Mean root value (negamax, side to move at the root).
    pub root_value_mean: f64,
    /// The exact sums everything above is computed from.
    pub totals: Totals,
}

impl Summary {
    /// Computes the summary of `totals`.
    pub fn new(
        spec: &ModelSpec,
        procedure: &str,
        seed: u64,
        trees_requested: u64,
        totals: Totals,
    ) -> Summary {
        let t = totals.trees;
        let per_tree = |x: u128| if t == 0 { 0.0 } else { x as f64 / t as f64 };
        let levels = totals
            .nodes_per_level
            .iter()
            .enumerate()
            .map(|(level, m)| LevelSummary {
                level,
                examined: Estimate::from_moments(m, t),
                leaves_mean: per_tree(totals.leaves_per_level.get(level).copied().unwrap_or(0)),
                move_generations_mean: per_tree(
                    totals
                        .move_generations_per_level
                        .get(level)
                        .copied()
                        .unwrap_or(0),
                ),
            })
            .collect();
        let cutoffs = totals.alpha_cutoffs.saturating_add(totals.beta_cutoffs);
        Summary {
            model: spec.to_string(),
            spec: spec.clone(),
            procedure: procedure.to_string(),
            seed,
            trees_requested,
            trees: t,
            complete: t == trees_requested,
            leaves: Estimate::from_moments(&totals.leaves, t),
            nodes: Estimate::from_moments(&totals.nodes, t),
            move_generations: Estimate::from_moments(&totals.move_generations, t),
            levels,
            cutoffs: CutoffSummary {
                alpha: per_tree(totals.alpha_cutoffs),
                beta: per_tree(totals.beta_cutoffs),
                deep: per_tree(totals.deep_cutoffs),
                shallow: per_tree(cutoffs.saturating_sub(totals.deep_cutoffs)),
                pruned: per_tree(totals.pruned),
                deep_pruned: per_tree(totals.deep_pruned),
            },
            root_value_mean: if t == 0 {
                0.0
            } else {
                totals.root_value_sum as f64 / t as f64
            },
            totals,
        }
    }
}
