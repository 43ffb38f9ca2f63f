//! Models by name: what the command line and the report use to say which
//! tree model to build, checked once, then dispatched to monomorphised code.

use serde::{Deserialize, Serialize};

use crate::additive::Additive;
use crate::branching::RandomBranching;
use crate::constructed::PerfectByConstruction;
use crate::dependent::TotallyDependent;
use crate::error::ModelError;
use crate::model::TreeModel;
use crate::ordering::{Ordered, Ordering};
use crate::uniform::{RangeR, Uniform};

/// A tree model and its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "model", rename_all = "kebab-case")]
pub enum ModelKind {
    /// [`Uniform`] ⟨n, d⟩, continuous i.i.d. leaf values (Fuller §3, Knuth §7).
    Uniform {
        /// Branching factor N.
        n: u32,
        /// Depth D.
        d: u32,
    },
    /// [`RangeR`] ⟨n, d⟩ with `r` equally likely leaf values (Fuller §6).
    Range {
        /// Branching factor N.
        n: u32,
        /// Depth D.
        d: u32,
        /// The number R of distinct values.
        r: u64,
    },
    /// [`Additive`] ⟨n, d⟩, branch values in −spread..=spread (Fuller §8, Knuth §9).
    Additive {
        /// Branching factor N.
        n: u32,
        /// Depth D.
        d: u32,
        /// Branch values are uniform on −spread..=spread.
        spread: u32,
    },
    /// [`TotallyDependent`] of degree n (Knuth's d) and height d (Knuth's h).
    Dependent {
        /// Degree (Knuth's d).
        n: u32,
        /// Height (Knuth's h).
        d: u32,
    },
    /// [`RandomBranching`]: level j non-terminal with probability `q[j]`, with
    /// `mean[j]` successors on average (Knuth Corollary 2).
    Branching {
        /// q_j, one per level.
        q: Vec<f64>,
        /// d_j, one per level.
        mean: Vec<f64>,
    },
}

/// A model together with the order its successors are searched in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelSpec {
    /// The tree.
    pub kind: ModelKind,
    /// The successor order.
    pub ordering: Ordering,
}

/// The default spread of the additive model's branch values.
pub const DEFAULT_SPREAD: u32 = 1 << 20;

/// Named parameters, as given on a command line. Which ones a model takes:
///
/// | model | parameters |
/// |---|---|
/// | `uniform` | `n`, `d` |
/// | `range` | `n`, `d`, `r` |
/// | `additive` | `n`, `d`, `spread` (default 2^20) |
/// | `dependent` | `n` (Knuth's degree d), `d` (Knuth's height h) |
/// | `branching` | `q`, `mean` (lists, one per level, or one value for every level), `d` |
///
/// Every model takes `ordering` (`random`, `perfect`, `worst`,
/// `best-first`, `constructed`) and, for `best-first`, `p`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ModelParams {
    /// Branching factor N (degree).
    pub n: Option<u32>,
    /// Depth D (height).
    pub d: Option<u32>,
    /// Range R.
    pub r: Option<u64>,
    /// Additive spread.
    pub spread: Option<u32>,
    /// Random branching: q_j.
    pub q: Option<Vec<f64>>,
    /// Random branching: d_j.
    pub mean: Option<Vec<f64>>,
    /// Ordering name.
    pub ordering: Option<String>,
    /// Best-first probability.
    pub p: Option<f64>,
}

/// Something that can run on any model: the model is handed over as a
/// concrete type, so the code it runs is monomorphised for it.
pub trait ModelVisitor {
    /// What the visit produces.
    type Output;
    /// Runs on `model` (a tree with the seed given to [`ModelSpec::visit`]).
    fn visit<M: TreeModel + 'static>(self, model: M) -> Self::Output;
}

impl ModelSpec {
    /// Builds and checks a spec from a model name and its parameters.
    pub fn from_params(model: &str, params: &ModelParams) -> Result<ModelSpec, ModelError> {
        let name = model.trim().to_ascii_lowercase();
        let need = |v: Option<u32>, what: &str| {
            v.ok_or_else(|| ModelError::Parameter(format!("model {name} needs {what}")))
        };
        let (kind, takes): (ModelKind, &[&str]) = match name.as_str() {
            "uniform" => (
                ModelKind::Uniform {
                    n: need(params.n, "n (branching factor N)")?,
                    d: need(params.d, "d (depth D)")?,
                },
                &["n", "d"],
            ),
            "range" | "range-r" => (
                ModelKind::Range {
                    n: need(params.n, "n (branching factor N)")?,
                    d: need(params.d, "d (depth D)")?,
                    r: params.r.ok_or_else(|| {
                        ModelError::Parameter("model range needs r (number of values R)".into())
                    })?,
                },
                &["n", "d", "r"],
            ),
            "additive" => (
                ModelKind::Additive {
                    n: need(params.n, "n (branching factor N)")?,
                    d: need(params.d, "d (depth D)")?,
                    spread: params.spread.unwrap_or(DEFAULT_SPREAD),
                },
                &["n", "d", "spread"],
            ),
            "dependent" | "totally-dependent" => (
                ModelKind::Dependent {
                    n: need(params.n, "n (degree, Knuth's d)")?,
                    d: need(params.d, "d (height, Knuth's h)")?,
                },
                &["n", "d"],
            ),
            "branching" | "random-branching" => {
                let (q, mean) = branching_levels(params)?;
                (ModelKind::Branching { q, mean }, &["q", "mean", "d"])
            }
            _ => return Err(ModelError::UnknownModel(model.to_string())),
        };
        let given = [
            ("n", params.n.is_some()),
            ("d", params.d.is_some()),
            ("r", params.r.is_some()),
            ("spread", params.spread.is_some()),
            ("q", params.q.is_some()),
            ("mean", params.mean.is_some()),
        ];
        if let Some((extra, _)) = given.iter().find(|(k, g)| *g && !takes.contains(k)) {
            return Err(ModelError::Parameter(format!(
                "model {name} does not take {extra} (it takes {})",
                takes.join(", ")
            )));
        }
        let ordering = match &params.ordering {
            Some(o) => Ordering::parse(o, params.p)?,
            None if params.p.is_some() => Ordering::parse("best-first", params.p)?,
            None => Ordering::Random,
        };
        ModelSpec::new(kind, ordering)
    }

    /// A checked spec.
    pub fn new(kind: ModelKind, ordering: Ordering) -> Result<ModelSpec, ModelError> {
        let spec = ModelSpec { kind, ordering };
        spec.visit(0, Check)??;
        Ok(spec)
    }

    /// Builds the tree with this `seed` and hands it to `visitor`.
    pub fn visit<V: ModelVisitor>(&self, seed: u64, visitor: V) -> Result<V::Output, ModelError> {
        Ok(match &self.kind {
            &ModelKind::Uniform { n, d } => self.visit_ordered(Uniform::new(n, d, seed)?, visitor),
            &ModelKind::Range { n, d, r } => {
                self.visit_ordered(RangeR::new(n, d, r, seed)?, visitor)
            }
            &ModelKind::Additive { n, d, spread } => {
                self.visit_ordered(Additive::new(n, d, spread, seed)?, visitor)
            }
            &ModelKind::Dependent { n, d } => {
                self.visit_ordered(TotallyDependent::new(n, d, seed)?, visitor)
            }
            ModelKind::Branching { q, mean } => {
                self.visit_ordered(RandomBranching::new(q, mean, seed)?, visitor)
            }
        })
    }

    fn visit_ordered<M: TreeModel + 'static, V: ModelVisitor>(&self, m: M, v: V) -> V::Output {
        match self.ordering {
            Ordering::Random => v.visit(m),
            Ordering::Constructed => v.visit(PerfectByConstruction::new(m)),
            ordering => v.visit(Ordered::new(m, ordering)),
        }
    }

    /// The height of the tree (the depth a full search goes to).
    pub fn depth(&self) -> u32 {
        match &self.kind {
            ModelKind::Uniform { d, .. }
            | ModelKind::Range { d, .. }
            | ModelKind::Additive { d, .. }
            | ModelKind::Dependent { d, .. } => *d,
            ModelKind::Branching { q, .. } => q.len() as u32,
        }
    }

    /// The model's name (`uniform`, `range`, …).
    pub fn name(&self) -> &'static str {
        match self.kind {
            ModelKind::Uniform { .. } => "uniform",
            ModelKind::Range { .. } => "range",
            ModelKind::Additive { .. } => "additive",
            ModelKind::Dependent { .. } => "dependent",
            ModelKind::Branching { .. } => "branching",
        }
    }
}

/// The random-branching lists, with one-value lists repeated over `d` levels.
fn branching_levels(params: &ModelParams) -> Result<(Vec<f64>, Vec<f64>), ModelError> {
    let missing = |what: &str| ModelError::Parameter(format!("model branching needs {what}"));
    let q = params
        .q
        .clone()
        .ok_or_else(|| missing("q (per-level probabilities q_j)"))?;
    let mean = params
        .mean
        .clone()
        .ok_or_else(|| missing("mean (per-level mean numbers of successors d_j)"))?;
    let depth = match params.d {
        Some(d) => d as usize,
        None if q.len() > 1 || mean.len() > 1 => q.len().max(mean.len()),
        None => return Err(missing("d (depth) when q and mean are single values")),
    };
    if depth > crate::MAX_DEPTH as usize {
        // Refuse before stretching one value over billions of levels.
        let depth = u32::try_from(depth).unwrap_or(u32::MAX);
        let value = |v: &[f64]| v.first().copied().unwrap_or(f64::NAN);
        crate::branching::check_repeated(value(&q), value(&mean), depth)?;
        return Err(ModelError::BadLevels(format!(
            "a random branching tree may have at most {} levels (got {depth})",
            crate::MAX_DEPTH
        )));
    }
    let stretch = |v: Vec<f64>, what: &str| match v.len() {
        1 => Ok(vec![v[0]; depth]),
        len if len == depth => Ok(v),
        len => Err(ModelError::BadLevels(format!(
            "{what} has {len} values but the tree has {depth} levels (give one value or {depth})"
        ))),
    };
    Ok((stretch(q, "q")?, stretch(mean, "mean")?))
}

/// The visitor that only builds the model (validation).
struct Check;

impl ModelVisitor for Check {
    type Output = Result<(), ModelError>;
    fn visit<M: TreeModel + 'static>(self, _model: M) -> Self::Output {
        Ok(())
    }
}

fn list(v: &[f64]) -> String {
    v.iter().map(|&x| short(x)).collect::<Vec<_>>().join(",")
}

/// A random-branching list as written in a name: one value when every level
/// has the same (bit for bit), else the whole list.
fn levels(v: &[f64]) -> String {
    match v.split_first() {
        Some((first, rest)) if rest.iter().all(|x| x.to_bits() == first.to_bits()) => short(*first),
        _ => list(v),
    }
}

/// The shorter of `x`'s decimal and scientific forms, both of which read back
/// to exactly `x`: `0.25`, but `1e-320` (not 320 digits) and `1e300`.
pub(crate) fn short(x: f64) -> String {
    let plain = x.to_string();
    let sci = format!("{x:e}");
    if sci.len() < plain.len() { sci } else { plain }
}

impl std::fmt::Display for ModelSpec {
    /// `uniform n=10 d=6`, `branching q=1,0.5 mean=3,2`, with
    /// ` ordering=perfect` when not random; `ModelSpec::from_str` reads it
    /// back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.kind {
            ModelKind::Uniform { n, d } => write!(f, "uniform n={n} d={d}")?,
            ModelKind::Range { n, d, r } => write!(f, "range n={n} d={d} r={r}")?,
            ModelKind::Additive { n, d, spread } => {
                write!(f, "additive n={n} d={d} spread={spread}")?
            }
            ModelKind::Dependent { n, d } => write!(f, "dependent n={n} d={d}")?,
            ModelKind::Branching { q, mean } => {
                // A list whose values are all equal is written as one value
                // (read back as "every level"), so that `q=0.5 mean=2 d=60`
                // names itself in those words rather than in 120 numbers.
                let (q_short, mean_short) = (levels(q), levels(mean));
                write!(f, "branching q={q_short} mean={mean_short}")?;
                if !q_short.contains(',') && !mean_short.contains(',') {
                    // Two single values need the depth to be read back.
                    write!(f, " d={}", q.len())?;
                }
            }
        }
        match self.ordering {
            Ordering::Random => Ok(()),
            Ordering::BestFirst { p } => write!(f, " ordering=best-first p={}", short(p)),
            o => write!(f, " ordering={o}"),
        }
    }
}

impl std::str::FromStr for ModelSpec {
    type Err = ModelError;

    /// Reads `NAME key=value …`, e.g. `uniform n=10 d=6`,
    /// `range n=10 d=3 r=5 ordering=perfect`,
    /// `branching q=1,0.5 mean=3,1.5`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split_whitespace();
        let name = words
            .next()
            .ok_or_else(|| ModelError::Parameter("empty model description".into()))?;
        let mut params = ModelParams::default();
        for word in words {
            let (key, value) = word.split_once('=').ok_or_else(|| {
                ModelError::Parameter(format!("expected key=value, got {word:?}"))
            })?;
            let bad = || ModelError::Parameter(format!("bad value for {key}: {value:?}"));
            let floats = || {
                value
                    .split(',')
                    .map(|x| x.trim().parse::<f64>().map_err(|_| bad()))
                    .collect::<Result<Vec<_>, _>>()
            };
            match key {
                "n" => params.n = Some(value.parse().map_err(|_| bad())?),
                "d" => params.d = Some(value.parse().map_err(|_| bad())?),
                "r" => params.r = Some(value.parse().map_err(|_| bad())?),
                "spread" => params.spread = Some(value.parse().map_err(|_| bad())?),
                "q" => params.q = Some(floats()?),
                "mean" => params.mean = Some(floats()?),
                "ordering" => params.ordering = Some(value.to_string()),
                "p" => params.p = Some(value.parse().map_err(|_| bad())?),
                _ => return Err(ModelError::Parameter(format!("unknown parameter {key:?}"))),
            }
        }
        ModelSpec::from_params(name, &params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_round_trips() {
        for text in [
            "uniform n=10 d=6",
            "range n=10 d=3 r=5 ordering=perfect",
            "additive n=3 d=4 spread=100 ordering=worst",
            "dependent n=3 d=5",
            "branching q=1,0.5 mean=3,1.5 ordering=best-first p=0.25",
        ] {
            let spec: ModelSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
    }

    /// A tiny or huge probability is named in its short form (`1e-320`,
    /// not 300 zeros), and still reads back exactly.
    #[test]
    fn extreme_numbers_are_named_in_their_short_form() {
        let spec: ModelSpec = "uniform n=2 d=2 ordering=best-first p=1e-320"
            .parse()
            .unwrap();
        assert_eq!(
            spec.to_string(),
            "uniform n=2 d=2 ordering=best-first p=1e-320"
        );
        let spec: ModelSpec = "branching q=1e-300,0.5 mean=1e-300,2".parse().unwrap();
        assert_eq!(spec.to_string(), "branching q=1e-300,0.5 mean=1e-300,2");
        for x in [0.25, 1e-320, 5e-324, 0.1 + 0.2, 1e16, 123456.0, 1.5e-7] {
            assert_eq!(short(x).parse::<f64>().unwrap(), x);
            assert!(short(x).len() <= 24, "{}", short(x));
        }
        assert_eq!(short(0.25), "0.25");
        assert_eq!(short(1.0), "1");
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        let err = |s: &str| s.parse::<ModelSpec>().unwrap_err();
        assert_eq!(err("uniform n=0 d=3"), ModelError::ZeroBranching);
        assert!(matches!(
            err("uniform n=10 d=40"),
            ModelError::TooDeep { max_depth: 19, .. }
        ));
        assert_eq!(
            err("bogus n=2 d=2"),
            ModelError::UnknownModel("bogus".into())
        );
        assert_eq!(err("range n=2 d=2 r=0"), ModelError::ZeroRange);
        assert!(matches!(
            err("uniform n=2 d=2 r=4"),
            ModelError::Parameter(_)
        ));
        assert!(matches!(err("uniform n=2"), ModelError::Parameter(_)));
        assert!(matches!(
            err("uniform n=2 d=2 ordering=sideways"),
            ModelError::UnknownOrdering(_)
        ));
        assert!(matches!(
            err("uniform n=2 d=2 ordering=best-first p=1.5"),
            ModelError::BadProbability { .. }
        ));
        assert!(matches!(
            err("dependent n=10 d=19"),
            ModelError::ValueOverflow(_)
        ));
        assert!(matches!(
            err("branching q=0.5 mean=0.4 d=3"),
            ModelError::BadMeanBranching { .. }
        ));
        assert!(matches!(
            err("branching q=1,1 mean=2,2,2"),
            ModelError::BadLevels(_)
        ));
        assert!(matches!(err("uniform n=x d=2"), ModelError::Parameter(_)));
    }

    #[test]
    fn an_absurd_branching_depth_is_refused_before_any_allocation() {
        // d = 4·10⁹ used to build two lists of 4·10⁹ floats (32 GB) first
        // and abort; c = 1.5/0.5 = 3 successors allow at most 40 levels.
        for d in [65u32, 100_000_000, u32::MAX] {
            let err = format!("branching q=0.5 mean=1.5 d={d}")
                .parse::<ModelSpec>()
                .unwrap_err();
            assert_eq!(
                err,
                ModelError::TooDeep {
                    branching: 3,
                    depth: d,
                    max_depth: 40
                }
            );
        }
        assert!(matches!(
            RandomBranching::constant(0.5, 1.5, u32::MAX, 0),
            Err(ModelError::TooDeep { max_depth: 40, .. })
        ));
        // Bad values are still reported as such, whatever the depth.
        assert!(matches!(
            "branching q=1.5 mean=2 d=4000000000".parse::<ModelSpec>(),
            Err(ModelError::BadProbability { .. })
        ));
    }

    #[test]
    fn more_successors_than_a_position_can_have_are_refused() {
        // d/q beyond 2^32 − 1 successors used to saturate: q = 1e-6, d = 5000
        // gave 2^32 − 1 successors, a mean of 4295 instead of 5000.
        assert!(matches!(
            "branching q=0.000001 mean=5000 d=1".parse::<ModelSpec>(),
            Err(ModelError::BadLevels(m)) if m.contains("2^32 − 1")
        ));
        assert!(
            "branching q=0.001 mean=4000000 d=1"
                .parse::<ModelSpec>()
                .is_ok()
        );
    }

    #[test]
    fn a_branching_tree_without_levels_is_refused() {
        // It used to run, as `branching q= mean=`, a name that does not parse;
        // and one level printed as `branching q=0.5 mean=1.5`, which is
        // refused for want of d.
        assert!(matches!(
            "branching q=0.5 mean=1.5 d=0".parse::<ModelSpec>(),
            Err(ModelError::BadLevels(m)) if m.contains("at least one level")
        ));
        let spec: ModelSpec = "branching q=0.5 mean=1.5 d=1".parse().unwrap();
        assert_eq!(spec.to_string(), "branching q=0.5 mean=1.5 d=1");
        assert_eq!(spec.to_string().parse::<ModelSpec>().unwrap(), spec);
    }

    #[test]
    fn single_values_repeat_over_the_levels() {
        let spec: ModelSpec = "branching q=0.5 mean=1.5 d=3".parse().unwrap();
        assert_eq!(
            spec.kind,
            ModelKind::Branching {
                q: vec![0.5; 3],
                mean: vec![1.5; 3]
            }
        );
        assert_eq!(spec.depth(), 3);
    }

    #[test]
    fn equal_levels_name_themselves_by_one_value() {
        // The name of a D-level tree with one q and one mean was D numbers
        // twice; it is now what the user typed (the property test
        // `mutated_descriptions_never_panic` found `d=10` over 200 characters).
        for (typed, name) in [
            ("branching q=0.46464730510610985 mean=1 d=10", None),
            ("branching q=0.5 mean=2 d=12", None),
            (
                "branching q=0.5,0.5 mean=2,3",
                Some("branching q=0.5 mean=2,3"),
            ),
            (
                "branching q=0.9,0.5 mean=2 d=2",
                Some("branching q=0.9,0.5 mean=2"),
            ),
            ("branching q=1,0.5 mean=3,1.5", None),
        ] {
            let spec: ModelSpec = typed.parse().unwrap();
            assert_eq!(spec.to_string(), name.unwrap_or(typed));
            assert_eq!(spec.to_string().parse::<ModelSpec>().unwrap(), spec);
        }
    }
}
