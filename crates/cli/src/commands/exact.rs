//! `alphabeta exact`: the exact and numeric formulas of the seeds (crate `alphabeta-analysis`).
//!
//! Every subcommand prints a small table: aligned text by default, `--format json` or
//! `--format csv` on request. The exact (rational) paths estimate their cost first and refuse sizes that would
//! not finish in reasonable time.

use alphabeta_analysis::fuller::tables::{self, PrintedRational};
use alphabeta_analysis::fuller::{self, Estimate, MAX_EXACT_NMG_DEPTH};
use alphabeta_analysis::knuth::{self, best_case, bounds};
use alphabeta_analysis::num::{to_decimal, to_f64};
use alphabeta_analysis::perfect::{self, RootValue};
use alphabeta_analysis::{asymptotics, fit};
use alphabeta_core::resources;
use alphabeta_report::model::DataTable;
use alphabeta_report::write;
use anyhow::{Context, bail};
use serde_json::{Value as Json, json};

use crate::args::TextJsonCsv;
use crate::output::{self, Format};

/// Options of `alphabeta exact`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  alphabeta exact nbp --n 35 --d 4             E[NBP] in floating point with a certified error bound
  alphabeta exact nbp --n 1000 --d 64          ... at any N <= 1000, D <= 64
  alphabeta exact nbp --n 3 --d 4 --exact      ... and as an exact rational
  alphabeta exact nmg --n 10 --d 6             expected move generations
  alphabeta exact var-nbp --n 3 --d 2 --exact  Var[NBP] and E[NBP] as exact rationals (N^D <= 256)
  alphabeta exact var-nbp --n 10 --d 8         ... beyond, in floating point (N <= 64, D <= 16)
  alphabeta exact var-nbp --n 2 --d 4 --distribution   Pr{NBP = k} (N^D <= 64, D <= 5)
  alphabeta exact levels --n 35 --d 8          per level, with the depth ratios DR, DR*
  alphabeta exact leaf --n 3 --path 2,2,1      Pr{leaf examined} (Fuller's Theorem 2)
  alphabeta exact perfect --n 35 --d 4         perfect-ordering counts per level
  alphabeta exact knuth --d 3                  p_ij, T(d,2), r0, r1, r*, best-case F1
  alphabeta exact dependent --d 3 --h 8        totally dependent model (Knuth Thm 6)
  alphabeta exact pearl --n 35 --d 20          ratios against Pearl's branching factor
  alphabeta exact table fuller-5.1            fuller-5.1 | fuller-5.2 | fuller-7.1 | knuth-1
  alphabeta exact table knuth-1 --format csv   ... as CSV (or json; before or after the subcommand)")]
pub struct Args {
    #[command(subcommand)]
    what: What,
    #[command(flatten)]
    format: TextJsonCsv,
}

#[derive(clap::Subcommand)]
enum What {
    /// E[NBP_{N,D}]: expected bottom positions alpha-beta examines (Fuller et al. 1973).
    Nbp(SizeArgs),
    /// E[NMG_{N,D}]: expected move generations (Fuller et al. 1973 §5).
    Nmg(SizeArgs),
    /// Var[NBP_{N,D}] beside E[NBP_{N,D}] and sd/mean (Fuller et al. 1973 §8's open problem): exactly
    /// for N^D <= 256, beyond it in floating point with a certified error bound (N <= 64, D <= 16);
    /// with --distribution, Pr{NBP = k} (N^D <= 64).
    VarNbp {
        /// Branching factor N (N^D <= 256 exactly, N <= 64 in floating point).
        #[arg(long)]
        n: u32,
        /// Depth D (N^D <= 256 exactly, D <= 16 in floating point; D <= 64 for N = 1).
        #[arg(long)]
        d: u32,
        /// Print the exact rationals too (N^D <= 256 only).
        #[arg(long)]
        exact: bool,
        /// Print the whole distribution Pr{NBP = k} instead (N^D <= 64, D <= 5).
        #[arg(long)]
        distribution: bool,
    },
    /// Per level l = 0..=D: E[NBP_{N,l}], perfect ordering, minimax, and the depth ratios.
    Levels {
        /// Branching factor N (2..=1000).
        #[arg(long)]
        n: u32,
        /// Depth D (1..=64).
        #[arg(long)]
        d: u32,
    },
    /// Pr{i_D}: probability that one bottom position is examined (Fuller's Theorem 2, Eqn 5.6).
    Leaf {
        /// Branching factor N.
        #[arg(long)]
        n: u32,
        /// The leaf's 1-based index vector, e.g. 2,1,3.
        #[arg(long, value_delimiter = ',', required = true)]
        path: Vec<u32>,
    },
    /// Perfect ordering: Levin / Slagle & Dixon count and Knuth's Corollary 1 per level.
    Perfect {
        /// Branching factor N.
        #[arg(long)]
        n: u64,
        /// Depth D (0..=1000).
        #[arg(long)]
        d: u32,
    },
    /// Knuth & Moore §7–8 for one degree d: p_ij, T(d,2), r0, c0, r1, r*, best-case F1.
    Knuth {
        /// Degree d (2..=200).
        #[arg(long)]
        d: u32,
    },
    /// Knuth & Moore's totally dependent model (Theorem 6, eqs 52-54) for heights 0..=h.
    Dependent {
        /// Degree d (1..=1000).
        #[arg(long)]
        d: u32,
        /// Largest height h (0..=200).
        #[arg(long)]
        h: u32,
        /// Print exact rationals too.
        #[arg(long)]
        exact: bool,
    },
    /// (E[NBP_{N,D+2}]/E[NBP_{N,D}])^(1/2) against Pearl's ξ_N/(1−ξ_N), D = 0..=d−2.
    Pearl {
        /// Branching factor N (1..=1000).
        #[arg(long)]
        n: u32,
        /// Largest depth (2..=64).
        #[arg(long, default_value_t = 24)]
        d: u32,
    },
    /// A table of the papers beside our values: fuller-5.1, fuller-5.2, fuller-7.1, knuth-1.
    Table {
        /// fuller-5.1 | fuller-5.2 | fuller-7.1 | knuth-1
        name: String,
        /// Grid of N for fuller-7.1 only, as FIRST..=LAST (default 2..=30).
        #[arg(long)]
        grid: Option<String>,
    },
}

#[derive(clap::Args)]
struct SizeArgs {
    /// Branching factor N (1..=1000 in floating point; any N with --exact within the cost limit).
    #[arg(long)]
    n: u32,
    /// Depth D (0..=64 in floating point).
    #[arg(long)]
    d: u32,
    /// Also compute the exact rational (refused when too expensive).
    #[arg(long)]
    exact: bool,
    /// Cost limit of the exact path, in estimated bits of the largest polynomial product
    /// (default 2e9; about 1 s per 2e8 on a small machine). Bounded by the memory available:
    /// at most 2 bits per free byte (a product of a quarter of the free memory).
    #[arg(long, default_value_t = fuller::EXACT_LIMIT_BITS)]
    max_cost_bits: f64,
}

/// A printable result: a title, the table, and notes under it. The table is
/// the report's [`DataTable`], printed by the report's writers as aligned
/// text, CSV or JSON.
struct Table {
    title: String,
    data: DataTable,
    notes: Vec<String>,
}

impl Table {
    fn new(title: impl Into<String>, columns: &[&str]) -> Self {
        Self {
            title: title.into(),
            data: DataTable::new("exact", columns),
            notes: Vec::new(),
        }
    }

    fn push(&mut self, row: Vec<Json>) {
        self.data.push(row);
    }

    fn text(&self) -> String {
        let mut out = format!("{}\n{}", self.title, write::to_text(&self.data));
        for note in &self.notes {
            out += &format!("note: {note}\n");
        }
        out
    }

    fn json(&self) -> Json {
        json!({ "title": self.title, "rows": write::to_json(&self.data), "notes": self.notes })
    }
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let table = match args.what {
        What::Nbp(size) => nbp(&size, false)?,
        What::Nmg(size) => nbp(&size, true)?,
        What::VarNbp {
            n,
            d,
            exact,
            distribution,
        } => {
            if distribution {
                nbp_distribution(n, d, exact)?
            } else {
                nbp_variance(n, d, exact)?
            }
        }
        What::Levels { n, d } => levels(n, d)?,
        What::Leaf { n, path } => leaf(n, &path)?,
        What::Perfect { n, d } => perfect_counts(n, d)?,
        What::Knuth { d } => knuth_degree(d)?,
        What::Dependent { d, h, exact } => dependent(d, h, exact)?,
        What::Pearl { n, d } => pearl(n, d)?,
        What::Table { name, grid } => {
            if let Some(grid) = &grid
                && name != "fuller-7.1"
            {
                bail!("--grid {grid} applies to table fuller-7.1 only, not {name}");
            }
            paper_table(&name, grid.as_deref().unwrap_or("2..=30"))?
        }
    };
    let text = match args.format.format {
        Format::Json => output::json(&table.json())?,
        Format::Csv => write::to_csv(&table.data)?,
        Format::Text => table.text(),
    };
    super::print_out(&text)
}

fn estimate_cells(e: &Estimate) -> [Json; 3] {
    [
        json!(format!("{:.15e}", e.value)),
        json!(format!("{:.2e}", e.error)),
        json!(format!("{:.1e}", e.relative_error())),
    ]
}

/// The most `--max-cost-bits` may allow on this machine: twice the bytes of
/// available memory ([`resources::available_memory`]), i.e. a largest
/// polynomial product of a quarter of it, since the exact path holds its
/// operands and the product at once (2·10⁹ bits ≈ 250 MB, the default limit,
/// needs 1 GB free). Where the system does not say, the default limit.
fn memory_cap_bits() -> f64 {
    resources::available_memory().map_or(fuller::EXACT_LIMIT_BITS, |bytes| 2.0 * bytes as f64)
}

/// What the floating-point error bound means (printed with every floating-point value).
const CERTIFIED_NOTE: &str = "error_bound is certified: the Gauss–Legendre quadrature's truncation is \
     bounded through a majorant on a Bernstein ellipse (rigorous), the rounding by a first-order \
     running error analysis (conservative); see alphabeta_analysis::fuller::certified";

fn nbp(size: &SizeArgs, move_generations: bool) -> anyhow::Result<Table> {
    let (n, d) = (size.n, size.d);
    let name = if move_generations { "NMG" } else { "NBP" };
    let mut table = Table::new(
        format!("E[{name}_{{{n},{d}}}] (Fuller, Gaschnig & Gillogly 1973)"),
        &["N", "D", "value", "error_bound", "relative_error", "exact"],
    );
    let float = if n <= fuller::FLOAT_MAX_N && d <= fuller::FLOAT_MAX_D {
        Some(if move_generations {
            fuller::expected_move_generations(n, d)?
        } else {
            fuller::expected_leaves(n, d)?
        })
    } else if size.exact {
        None
    } else {
        bail!(
            "floating point covers 1 <= N <= {} and D <= {}; use --exact for <{n},{d}> \
             (it is refused if too expensive)",
            fuller::FLOAT_MAX_N,
            fuller::FLOAT_MAX_D
        );
    };
    let exact = if size.exact {
        if size.max_cost_bits.is_nan() || size.max_cost_bits <= 0.0 {
            bail!("--max-cost-bits must be positive");
        }
        let limit = size.max_cost_bits.min(memory_cap_bits());
        fuller::check_exact_cost_within(n, d, limit).with_context(|| {
            if limit < size.max_cost_bits {
                format!(
                    "exact E[{name}] for <{n},{d}> (the limit is {limit:.2e} bits, not \
                         {:.2e}: bounded by the memory available on this machine)",
                    size.max_cost_bits
                )
            } else {
                format!("exact E[{name}] for <{n},{d}>")
            }
        })?;
        // E[NMG] sums E[NBP] over the D levels above the bottom; for N = 1 the cost
        // check passes at any D, and D = 2^32 - 1 levels would run for about an hour.
        if move_generations && d > MAX_EXACT_NMG_DEPTH {
            bail!(
                "exact E[NMG] sums one exact E[NBP] per level: D = {d} is out of range \
                 (0..={MAX_EXACT_NMG_DEPTH})"
            );
        }
        let r = if move_generations {
            fuller::expected_move_generations_exact(n, d)
        } else {
            fuller::expected_leaves_exact_within(n, d, limit)
        }
        .with_context(|| format!("exact E[{name}] for <{n},{d}>"))?;
        Some(r)
    } else {
        None
    };
    let [value, error, relative] = match (&float, &exact) {
        (Some(e), _) => estimate_cells(e),
        (None, Some(r)) => estimate_cells(&Estimate::exact(to_f64(r))),
        (None, None) => unreachable!("one of the two paths ran"),
    };
    table.push(vec![
        json!(n),
        json!(d),
        value,
        error,
        relative,
        exact.as_ref().map_or(Json::Null, |r| json!(r.to_string())),
    ]);
    if let Some(r) = &exact {
        table
            .notes
            .push(format!("exact decimal: {}", to_decimal(r, 30)));
    }
    if float.is_some() {
        table.notes.push(CERTIFIED_NOTE.to_string());
    }
    Ok(table)
}

/// Largest N^D of `exact var-nbp`: the library's own limit, at which the recursion takes up to
/// about 30 s on a small loaded machine (⟨4,4⟩ 29 s, ⟨16,2⟩ 22 s, ⟨2,8⟩ 14 s).
const VARIANCE_MAX_LEAVES: u64 = fuller::VARIANCE_MAX_LEAVES;

/// Past this many bottom positions `exact var-nbp` says on standard error that it computes for
/// a while (⟨3,5⟩, 243 leaves, takes about 4 s; ⟨12,2⟩, 144 leaves, about 1 s).
const VARIANCE_SLOW_LEAVES: u64 = 150;

/// Checks ⟨n, d⟩ against the exact variance's (or distribution's) limits; returns N^D.
fn small_tree(n: u32, d: u32, distribution: bool) -> anyhow::Result<u64> {
    fuller::exact_reach(n, d, distribution).map_err(anyhow::Error::msg)
}

/// An exact rational's cell: the rational with `--exact`, empty otherwise.
fn rational_cell(r: &impl ToString, exact: bool) -> Json {
    if exact {
        json!(r.to_string())
    } else {
        Json::Null
    }
}

/// Past this N·D the floating-point variance takes seconds (⟨64,8⟩ and ⟨10,16⟩ about 10 s of
/// CPU, ⟨64,16⟩ about a minute; docs/analysis.md), and says so on standard error first.
const FLOAT_VARIANCE_SLOW: u32 = 200;

/// Whether `exact var-nbp` without `--exact` answers in floating point: beyond the exact
/// variance's range, within the floating-point one.
fn beyond_exact_range(n: u32, d: u32) -> bool {
    n >= 2
        && u64::from(n)
            .checked_pow(d)
            .is_none_or(|l| l > VARIANCE_MAX_LEAVES)
}

/// The columns of `exact var-nbp`, exact or in floating point.
const VARIANCE_COLUMNS: [&str; 8] = [
    "N",
    "D",
    "mean",
    "variance",
    "sd",
    "sd_over_mean",
    "mean_exact",
    "variance_exact",
];

fn nbp_variance(n: u32, d: u32, exact: bool) -> anyhow::Result<Table> {
    if !exact && beyond_exact_range(n, d) {
        return nbp_variance_float(n, d);
    }
    let leaves = small_tree(n, d, false)?;
    if leaves > VARIANCE_SLOW_LEAVES {
        eprintln!(
            "computing the exact variance of <{n},{d}> ({leaves} bottom positions): up to about \
             30 s"
        );
    }
    let moments = fuller::nbp_moments_exact(n, d)?;
    let variance = moments.variance();
    let sd = to_f64(&variance).sqrt();
    let mut table = Table::new(
        format!(
            "E[NBP_{{{n},{d}}}] and Var[NBP_{{{n},{d}}}], exact (the variance: Fuller et al. 1973 \
             §8's open problem)"
        ),
        &VARIANCE_COLUMNS,
    );
    table.push(vec![
        json!(n),
        json!(d),
        json!(to_decimal(&moments.mean, 12)),
        json!(to_decimal(&variance, 12)),
        json!(format!("{sd:.12}")),
        json!(format!("{:.12}", sd / to_f64(&moments.mean))),
        rational_cell(&moments.mean, exact),
        rational_cell(&variance, exact),
    ]);
    table.notes.push(
        "uniform tree, i.i.d. continuous bottom values, alpha-beta with a full window (the model \
         of Fuller's Tables 5.1 and 5.2); mean and variance are decimals of the exact rationals"
            .to_string(),
    );
    Ok(table)
}

/// Var\[NBP\] beyond the exact range: the pair integral of `fuller::nbp_moments_float`, with
/// its certified error bound.
fn nbp_variance_float(n: u32, d: u32) -> anyhow::Result<Table> {
    if n > fuller::MOMENTS_FLOAT_MAX_N || d > fuller::MOMENTS_FLOAT_MAX_D {
        bail!(
            "the variance is computed exactly for N^D <= {VARIANCE_MAX_LEAVES} and in floating point for N <= {} and D <= {}; <{n},{d}> is outside both",
            fuller::MOMENTS_FLOAT_MAX_N,
            fuller::MOMENTS_FLOAT_MAX_D
        );
    }
    if n * d > FLOAT_VARIANCE_SLOW {
        eprintln!(
            "computing the variance of <{n},{d}> in floating point: up to a few minutes at <64,16>"
        );
    }
    let m = fuller::nbp_moments_float(n, d)?;
    let sd = m.variance.value.max(0.0).sqrt();
    let mut table = Table::new(
        format!(
            "E[NBP_{{{n},{d}}}] and Var[NBP_{{{n},{d}}}], floating point (the variance: Fuller et \
             al. 1973 §8's open problem)"
        ),
        &VARIANCE_COLUMNS,
    );
    table.push(vec![
        json!(n),
        json!(d),
        json!(format!("{:.12e}", m.mean.value)),
        json!(format!("{:.12e}", m.variance.value)),
        json!(format!("{sd:.9e}")),
        json!(format!("{:.9}", m.coefficient_of_variation())),
        Json::Null,
        Json::Null,
    ]);
    table.notes.push(
        "uniform tree, i.i.d. continuous bottom values, alpha-beta with a full window (the model \
         of Fuller's Tables 5.1 and 5.2)"
            .to_string(),
    );
    table.notes.push(format!(
        "E[NBP] ± {:.2e} (certified bound); Var[NBP] ± {:.2e} (relative {:.1e}, certified \
         bound: the quadrature's truncation by Bernstein-ellipse majorants, and its rounding); \
         N^D > {VARIANCE_MAX_LEAVES}, so no exact rational (docs/analysis.md)",
        m.mean.error,
        m.variance.error,
        m.variance.relative_error()
    ));
    Ok(table)
}

fn nbp_distribution(n: u32, d: u32, exact: bool) -> anyhow::Result<Table> {
    small_tree(n, d, true)?;
    let probabilities = fuller::nbp_distribution_exact(n, d)?;
    let mut table = Table::new(
        format!("Pr{{NBP_{{{n},{d}}} = k}}, exact"),
        &["k", "probability", "exact"],
    );
    for (k, p) in probabilities
        .iter()
        .enumerate()
        .filter(|(_, p)| **p != 0u32)
    {
        table.push(vec![
            json!(k),
            json!(to_decimal(p, 12)),
            rational_cell(p, exact),
        ]);
    }
    table.notes.push("k not listed: probability 0".to_string());
    // The moments by their own recursion (cheaper than the distribution at every size allowed).
    let moments = fuller::nbp_moments_exact(n, d)?;
    let variance = moments.variance();
    let shown = |r: &_| {
        if exact {
            ToString::to_string(r)
        } else {
            to_decimal(r, 12)
        }
    };
    table.notes.push(format!(
        "E[NBP] = {}, Var[NBP] = {}, sd/mean = {:.6}",
        shown(&moments.mean),
        shown(&variance),
        to_f64(&variance).sqrt() / to_f64(&moments.mean)
    ));
    Ok(table)
}

fn levels(n: u32, depth: u32) -> anyhow::Result<Table> {
    if !(2..=fuller::FLOAT_MAX_N).contains(&n) || !(1..=fuller::FLOAT_MAX_D).contains(&depth) {
        bail!(
            "need 2 <= N <= {} and 1 <= D <= {} (got N = {n}, D = {depth})",
            fuller::FLOAT_MAX_N,
            fuller::FLOAT_MAX_D
        );
    }
    let all = fuller::expected_leaves_by_level(n, depth)?;
    let mut table = Table::new(
        format!(
            "N = {n}: positions examined per level; DR = log NBP / log N^l (Slagle & Dixon), \
             DR* = log NBP_PO / log E[NBP] (Fuller et al. 1973 §7)"
        ),
        &[
            "level",
            "E[NBP]",
            "error_bound",
            "perfect_ordering",
            "minimax",
            "DR_alpha_beta",
            "DR_perfect",
            "DR*_perfect",
        ],
    );
    for level in 0..=depth {
        let e = all.levels[level as usize];
        // N^⌈l/2⌉ + N^⌊l/2⌋ − 1 (Levin; Slagle & Dixon) in floating point: past 2^64 for
        // large trees.
        let perfect = perfect::perfect_ordering_leaves(u64::from(n), level)
            .map(|p| p as f64)
            .unwrap_or_else(|_| {
                let nf = f64::from(n);
                nf.powi(level.div_ceil(2) as i32) + nf.powi(level as i32 / 2) - 1.0
            });
        let ratios = if level > 0 {
            [
                json!(format!(
                    "{:.5}",
                    asymptotics::depth_ratio(e.value, n, level)
                )),
                json!(format!(
                    "{:.5}",
                    asymptotics::depth_ratio(perfect, n, level)
                )),
                json!(format!(
                    "{:.5}",
                    asymptotics::depth_ratio_star(perfect, e.value)
                )),
            ]
        } else {
            [Json::Null, Json::Null, Json::Null]
        };
        let [dr, dr_po, dr_star] = ratios;
        table.push(vec![
            json!(level),
            json!(format!("{:.12e}", e.value)),
            json!(format!("{:.2e}", e.error)),
            json!(if perfect < 1e18 {
                format!("{perfect:.0}")
            } else {
                format!("{perfect:.6e}")
            }),
            json!(format!("{:.6e}", f64::from(n).powi(level as i32))),
            dr,
            dr_po,
            dr_star,
        ]);
    }
    let nmg = all.move_generations();
    table.notes.push(format!(
        "E[NMG_{{{n},{depth}}}] = {:.12e} ± {:.1e}",
        nmg.value, nmg.error
    ));
    table.notes.push(CERTIFIED_NOTE.to_string());
    Ok(table)
}

fn leaf(n: u32, path: &[u32]) -> anyhow::Result<Table> {
    let p = fuller::leaf_probability(n, path).map_err(|e| match e {
        // The analysis error suggests the floating-point value, which this quantity lacks.
        fuller::FullerError::TooExpensive {
            estimated_bits,
            limit_bits,
            ..
        } => anyhow::anyhow!(
            "Pr{{leaf}} is computed only as an exact rational, and for N = {n} and a path of \
             length {} it would need polynomials of about {estimated_bits:.3e} bits (limit \
             {limit_bits:.3e}); use a shorter path or a smaller N",
            path.len()
        ),
        other => other.into(),
    })?;
    let path_text = path
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(".");
    let mut table = Table::new(
        format!(
            "Pr{{leaf {path_text} examined}}, N = {n} (Fuller et al. 1973, Theorem 2, Eqn 5.6)"
        ),
        &["N", "path", "probability", "exact"],
    );
    table.push(vec![
        json!(n),
        json!(path_text),
        json!(to_decimal(&p, 15)),
        json!(p.to_string()),
    ]);
    Ok(table)
}

/// Largest depth `exact perfect` tabulates.
const MAX_PERFECT_DEPTH: u32 = 1_000;

fn perfect_counts(n: u64, d: u32) -> anyhow::Result<Table> {
    if n == 0 {
        bail!("N must be at least 1");
    }
    // One row per level: for N >= 2 the counts overflow 128 bits long before this.
    if d > MAX_PERFECT_DEPTH {
        bail!("depth D = {d} is out of range (0..={MAX_PERFECT_DEPTH})");
    }
    let mut table = Table::new(
        format!("Perfect ordering, N = {n}: positions examined per level (Knuth & Moore Cor. 1)"),
        &[
            "level",
            "finite_root",
            "root_+inf",
            "root_-inf",
            "all_positions",
        ],
    );
    for level in 0..=d {
        let count = |root| perfect::perfect_ordering_on_level(n, level, root);
        let all = (n as u128).checked_pow(level);
        table.push(vec![
            json!(level),
            json!(count(RootValue::Finite)?.to_string()),
            json!(count(RootValue::PlusInfinity)?.to_string()),
            json!(count(RootValue::MinusInfinity)?.to_string()),
            all.map_or(json!("overflow"), |a| json!(a.to_string())),
        ]);
    }
    table.notes.push(format!(
        "all levels 0..={d} together (finite root): {} positions",
        perfect::perfect_ordering_total_positions(n, d)?
    ));
    // DR = log NBP / (D log N) has no meaning for N = 1 or D = 0 (0/0), and the
    // formulas take N as u32.
    match u32::try_from(n) {
        Ok(n) if n >= 2 && d >= 1 => {
            let leaves = perfect::perfect_ordering_leaves(u64::from(n), d)? as f64;
            table.notes.push(format!(
                "depth ratio DR_PO = {:.4} (approximation 1/2 + log 2/(D log N) = {:.4})",
                asymptotics::depth_ratio(leaves, n, d),
                asymptotics::depth_ratio_perfect_ordering_approximation(n, d)
            ));
        }
        Ok(_) => table
            .notes
            .push("depth ratio DR_PO: undefined for N = 1 or D = 0".to_string()),
        Err(_) => table.notes.push(format!(
            "depth ratio DR_PO: not computed for N > {}",
            u32::MAX
        )),
    }
    Ok(table)
}

fn knuth_degree(d: u32) -> anyhow::Result<Table> {
    if !(2..=200).contains(&d) {
        bail!("degree d = {d} is out of range (2..=200)");
    }
    let mut table = Table::new(
        format!("Knuth & Moore 1975, degree d = {d}"),
        &["quantity", "value", "source"],
    );
    let t = knuth::level_two_expected_leaves(d);
    let mut add = |q: &str, v: Json, s: &str| table.push(vec![json!(q), v, json!(s)]);
    add("T(d,2)", json!(t.to_string()), "Theorem 3, eq (30)");
    add("T(d,2) decimal", json!(to_decimal(&t, 12)), "Theorem 3");
    add("S_d", json!(format!("{:.9}", knuth::s(d))), "eq (38)");
    add(
        "r0(d)",
        json!(format!("{:.6}", bounds::r0(d))),
        "eq (25), Table 1",
    );
    add(
        "c0(d)",
        json!(format!("{:.6}", bounds::c0(d))),
        "eqs (22)-(23)",
    );
    add(
        "r1(d)",
        json!(format!("{:.6}", bounds::r1(d))),
        "eq (39), Table 1",
    );
    add(
        "r*(d)",
        json!(format!("{:.6}", bounds::r_star(d))),
        "eq (41), Table 1",
    );
    add(
        "best-case F1 growth",
        json!(format!("{:.6}", best_case::best_case_f1_growth(d))),
        "eq (51): sqrt(d-3/4)+1/2",
    );
    if d <= 8 {
        for i in 1..=d {
            let row: Vec<String> = (1..=d)
                .map(|j| knuth::p_exact(d, i, j).to_string())
                .collect();
            add(&format!("p_{i}j"), json!(row.join(" ")), "eq (27)");
        }
    }
    Ok(table)
}

fn dependent(d: u32, h: u32, exact: bool) -> anyhow::Result<Table> {
    if !(1..=1000).contains(&d) || h > 200 {
        bail!("need 1 <= d <= 1000 and h <= 200 (got d = {d}, h = {h})");
    }
    let mut table = Table::new(
        format!("Totally dependent model, d = {d} (Knuth & Moore 1975, Theorem 6, eqs 52-54)"),
        &[
            "h",
            "alpha_beta",
            "f1_no_deep_cutoffs",
            "perfect_ordering",
            "alpha_beta_exact",
        ],
    );
    for height in 0..=h {
        let optimum = perfect::perfect_ordering_leaves(u64::from(d), height)
            .map_or(json!("overflow"), |c| json!(c.to_string()));
        table.push(vec![
            json!(height),
            json!(format!(
                "{:.10e}",
                knuth::totally_dependent_expected_leaves(d, height)
            )),
            json!(format!(
                "{:.10e}",
                knuth::totally_dependent_f1_expected_leaves(d, height)
            )),
            optimum,
            if exact {
                json!(knuth::totally_dependent_expected_leaves_exact(d, height).to_string())
            } else {
                Json::Null
            },
        ]);
    }
    match knuth::corollary4_constant(d) {
        _ if d == 1 => table
            .notes
            .push("d = 1: the tree is a single path; every count is 1".to_string()),
        Some(c) => table.notes.push(format!(
            "Corollary 4 constant (even h, ratio to the optimum): {c:.6}"
        )),
        None => table.notes.push(format!(
            "H_d^2 >= d for d = {d}: the count grows like H_d^h, faster than the optimum; no Corollary 4 constant"
        )),
    }
    table.notes.push(format!(
        "F1 growth ratio (eq 54): {:.6}",
        knuth::totally_dependent_f1_growth(d)
    ));
    Ok(table)
}

fn pearl(n: u32, max_depth: u32) -> anyhow::Result<Table> {
    if !(1..=fuller::FLOAT_MAX_N).contains(&n) || !(2..=fuller::FLOAT_MAX_D).contains(&max_depth) {
        bail!(
            "need 1 <= N <= {} and 2 <= d <= {} (got N = {n}, d = {max_depth})",
            fuller::FLOAT_MAX_N,
            fuller::FLOAT_MAX_D
        );
    }
    let all = fuller::expected_leaves_by_level(n, max_depth)?;
    let target = asymptotics::pearl_branching_factor(n);
    let mut table = Table::new(
        format!(
            "N = {n}: (E[NBP_D+2]/E[NBP_D])^(1/2) against Pearl's xi/(1-xi) = {target:.9} (xi = {:.12})",
            asymptotics::xi(n)
        ),
        &[
            "D",
            "E[NBP_D]",
            "ratio",
            "ratio_minus_pearl",
            "depth_ratio_DR",
        ],
    );
    for d in 0..=max_depth - 2 {
        let low = all.levels[d as usize];
        let high = all.levels[d as usize + 2];
        let ratio = (high.value / low.value).sqrt();
        let dr = if n > 1 && d > 0 {
            json!(format!("{:.5}", asymptotics::depth_ratio(low.value, n, d)))
        } else {
            Json::Null
        };
        table.push(vec![
            json!(d),
            json!(format!("{:.12e}", low.value)),
            json!(format!("{ratio:.9}")),
            json!(format!("{:.3e}", ratio - target)),
            dr,
        ]);
    }
    Ok(table)
}

fn parse_grid(grid: &str) -> anyhow::Result<std::ops::RangeInclusive<u32>> {
    let (a, b) = grid
        .split_once("..=")
        .with_context(|| format!("grid {grid:?} is not of the form FIRST..=LAST"))?;
    let first: u32 = a
        .trim()
        .parse()
        .with_context(|| format!("bad grid start {a:?}"))?;
    let last: u32 = b
        .trim()
        .parse()
        .with_context(|| format!("bad grid end {b:?}"))?;
    // The fit of Table 7.1 stays on the range the paper and the old float path covered.
    if first < 1 || last > 64 || last <= first {
        bail!("grid {grid:?} must satisfy 1 <= FIRST < LAST <= 64");
    }
    Ok(first..=last)
}

/// The rows of a printed exact table beside ours (the data the report prints too).
fn printed_rows(table: &mut Table, entries: &[PrintedRational]) -> anyhow::Result<()> {
    for row in tables::beside_ours(entries)? {
        table.push(vec![
            json!(row.printed.n),
            json!(row.printed.d),
            json!(row.printed.text()),
            json!(row.ours.to_string()),
            json!(to_decimal(&row.ours, 10)),
            json!(if row.identical() { "yes" } else { "NO" }),
        ]);
    }
    Ok(())
}

fn paper_table(name: &str, grid: &str) -> anyhow::Result<Table> {
    let exact_columns = ["N", "D", "paper", "ours", "decimal", "identical"];
    match name {
        "fuller-5.1" => {
            let mut t = Table::new(
                "Fuller et al. 1973, Table 5.1: E[NBP_{N,2}]",
                &exact_columns,
            );
            printed_rows(&mut t, &fuller::TABLE_5_1)?;
            Ok(t)
        }
        "fuller-5.2" => {
            let mut t = Table::new(
                "Fuller et al. 1973, Table 5.2: E[NBP_{N,D}], D = 3, 4",
                &exact_columns,
            );
            printed_rows(&mut t, &fuller::TABLE_5_2)?;
            Ok(t)
        }
        "fuller-7.1" => {
            let grid = parse_grid(grid)?;
            let (fits, line) = fit::table_7_1(9, grid.clone())?;
            let mut t = Table::new(
                format!(
                    "Fuller et al. 1973, Table 7.1: E[NBP] ~ K_D N^L_D, least squares over N in {grid:?}"
                ),
                &[
                    "D",
                    "K_D_paper",
                    "K_D_ours",
                    "L_D_ours",
                    "rms_relative_error",
                ],
            );
            for (f, (_, printed)) in fits.iter().zip(fuller::TABLE_7_1) {
                t.push(vec![
                    json!(f.depth),
                    json!(format!("{printed:.2}")),
                    json!(format!("{:.3}", f.k)),
                    json!(format!("{:.4}", f.l)),
                    json!(format!("{:.4}", f.rms_relative_error)),
                ]);
            }
            t.notes.push(format!(
                "our line through L_D: {:.4} D + {:.4}; paper: .720 D + .227 (fit), .277 (text)",
                line.slope, line.intercept
            ));
            for intercept in [
                fuller::tables::PRINTED_LD_INTERCEPT,
                fuller::tables::PRINTED_LD_INTERCEPT_TEXT,
            ] {
                let rms = fit::printed_approximation_rms_error(0.720, intercept, grid.clone())?;
                t.notes.push(format!(
                    "paper's K_D N^(.720 D + {intercept}) against E[NBP]: RMS relative error {rms:.4}"
                ));
            }
            Ok(t)
        }
        "knuth-1" => {
            let mut t = Table::new(
                "Knuth & Moore 1975, Table 1: bounds on the branching factor without deep cutoffs",
                &[
                    "d",
                    "r0_paper",
                    "r0_ours",
                    "r1_paper",
                    "r1_ours",
                    "r*_paper",
                    "r*_ours",
                    "ocr_reconstructed",
                ],
            );
            for row in bounds::table_1_beside_ours() {
                let printed = row.printed;
                t.push(vec![
                    json!(printed.d),
                    json!(format!("{:.3}", printed.r0)),
                    json!(format!("{:.6}", row.r0)),
                    json!(format!("{:.3}", printed.r1)),
                    json!(format!("{:.6}", row.r1)),
                    json!(format!("{:.3}", printed.r_star)),
                    json!(format!("{:.6}", row.r_star)),
                    json!(if printed.reconstructed { "yes" } else { "" }),
                ]);
            }
            t.notes.push(bounds::TABLE_1_RECONSTRUCTED.to_string());
            let (root, constant) = bounds::TERNARY_ROOT_AND_CONSTANT;
            t.notes.push(format!(
                "d = 3: r0 = {:.6} (paper {root}), c0 = {:.6} (paper {constant})",
                bounds::r0(3),
                bounds::c0(3)
            ));
            Ok(t)
        }
        other => {
            bail!("unknown table {other:?}; expected fuller-5.1, fuller-5.2, fuller-7.1 or knuth-1")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(n: u32, d: u32, exact: bool) -> SizeArgs {
        SizeArgs {
            n,
            d,
            exact,
            max_cost_bits: fuller::EXACT_LIMIT_BITS,
        }
    }

    #[test]
    fn grids() {
        assert_eq!(parse_grid("2..=30").unwrap(), 2..=30);
        assert!(parse_grid("2..30").is_err());
        assert!(parse_grid("0..=5").is_err());
        assert!(parse_grid("5..=65").is_err());
        assert!(parse_grid("x..=5").is_err());
    }

    #[test]
    fn a_table_prints_its_title_rows_and_notes() {
        let mut t = Table::new("t", &["a", "b"]);
        t.push(vec![json!("x,y"), json!(1)]);
        t.notes.push("n".into());
        assert_eq!(t.text(), "t\n  a    b\n  x,y  1\nnote: n\n");
        assert_eq!(write::to_csv(&t.data).unwrap(), "a,b\n\"x,y\",1\n");
        assert_eq!(
            t.json(),
            json!({"title": "t", "rows": [{"a": "x,y", "b": 1}], "notes": ["n"]})
        );
    }

    #[test]
    fn printed_tables_are_identical() {
        for name in ["fuller-5.1", "fuller-5.2"] {
            let t = paper_table(name, "2..=30").unwrap();
            assert!(t.data.rows.iter().all(|r| r[5] == json!("yes")), "{name}");
        }
        assert!(paper_table("fuller-9.9", "2..=30").is_err());
    }

    #[test]
    fn perfect_depth_ratio_only_where_defined() {
        let note = |n, d| perfect_counts(n, d).unwrap().notes.join("\n");
        assert!(note(35, 4).contains("DR_PO = 0.5487"), "{}", note(35, 4));
        // N = 1 and D = 0 gave NaN and inf; N = 2^32 + 2 was read as N = 2 (DR_PO = 16.5).
        for (n, d) in [(1, 2), (35, 0), ((1 << 32) + 2, 2)] {
            let text = note(n, d);
            assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
            assert!(!text.contains("DR_PO ="), "{text}");
        }
        let rows = perfect_counts((1 << 32) + 2, 2).unwrap().data.rows;
        assert_eq!(rows[2][1], json!("8589934595"));
    }

    #[test]
    fn nbp_ranges() {
        assert!(nbp(&size(35, 8, false), false).is_ok());
        assert!(nbp(&size(35, 8, true), false).is_err());
        assert!(nbp(&size(1001, 2, false), false).is_err());
        assert!(nbp(&size(35, 65, false), false).is_err());
        // Past the old float range (N <= 64, D <= 24), with a small certified bound.
        let t = nbp(&size(1000, 64, false), false).unwrap();
        let bound: f64 = t.data.rows[0][4].as_str().unwrap().parse().unwrap();
        assert!(bound < 1e-8, "{bound}");
        assert!(t.notes.iter().any(|n| n.contains("certified")));
        assert!(nbp(&size(300, 40, false), true).is_ok());
        let t = nbp(&size(2, 2, true), false).unwrap();
        assert_eq!(t.data.rows[0][5], json!("11/3"));
        assert!(leaf(3, &[4]).is_err());
        assert!(knuth_degree(1).is_err());
        assert!(dependent(0, 3, false).is_err());
        assert!(pearl(1001, 10).is_err());
        assert!(pearl(2, 65).is_err());
        assert!(levels(35, 65).is_err());
        assert!(levels(1, 5).is_err());
        let deep = levels(1000, 64).unwrap();
        assert_eq!(deep.data.rows.len(), 65);
    }
}
