//! What [`run`](super::run) measured: every procedure on every instance,
//! and the totals and ratios per source and procedure.

use alphabeta_core::Value;
use alphabeta_core::procedures::{Named, Procedure};
use serde::Serialize;

use super::config::{Config, Source};

/// What became of one procedure on one tree.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Status {
    /// It ran; its value is the exhaustive value.
    Ran,
    /// The game lacks what the procedure needs.
    NotApplicable {
        /// Why.
        reason: String,
    },
    /// It refused (SSS*'s and MT-SSS*'s memory bound).
    Refused {
        /// Why.
        reason: String,
    },
}

/// One procedure on one tree.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Run {
    /// The procedure (written as its name, as `alphabeta procedures` lists it).
    pub procedure: Named,
    /// Whether it ran.
    #[serde(flatten)]
    pub status: Status,
    /// Terminal (bottom) positions evaluated.
    pub terminal: u64,
    /// Positions examined.
    pub nodes: u64,
    /// Re-searches.
    pub re_searches: u64,
    /// Wall time, seconds.
    pub seconds: f64,
}

impl Run {
    /// Whether it ran (and so has counts).
    pub fn ran(&self) -> bool {
        self.status == Status::Ran
    }
}

/// The minimal tree of one tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Minimal {
    /// Its terminal positions: the fewest any procedure must evaluate.
    pub terminal: u64,
    /// Its nodes: the positions F2 examines under the minimal order.
    pub nodes: u64,
}

/// One tree or position, searched by every procedure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Instance {
    /// The source.
    pub source: Source,
    /// A name (model and seed, FEN, the columns played).
    pub name: String,
    /// The exhaustive (negamax) value of the root, for the side to move.
    pub value: Value,
    /// The minimal tree, or why it was not computed.
    pub minimal: Result<Minimal, String>,
    /// Every procedure, in registry order.
    pub runs: Vec<Run>,
}

impl Instance {
    /// The run of `procedure`, if it ran.
    pub fn get(&self, procedure: &str) -> Option<&Run> {
        self.runs
            .iter()
            .find(|r| r.procedure.name() == procedure && r.ran())
    }
}

/// One procedure on one source: totals and ratios over the instances.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The source.
    pub source: Source,
    /// The procedure.
    pub procedure: &'static str,
    /// Instances it ran on (of all the source's).
    pub ran: usize,
    /// Instances of the source.
    pub of: usize,
    /// Totals over the instances it ran on.
    pub terminal: u64,
    /// Total positions examined.
    pub nodes: u64,
    /// Total re-searches.
    pub re_searches: u64,
    /// Total seconds.
    pub seconds: f64,
    /// Σ terminal / Σ minimal terminal, over the instances where both exist.
    pub terminal_vs_minimal: Option<f64>,
    /// Σ nodes / Σ minimal nodes.
    pub nodes_vs_minimal: Option<f64>,
    /// Σ terminal / Σ F2's terminal.
    pub terminal_vs_f2: Option<f64>,
    /// Σ nodes / Σ F2's nodes.
    pub nodes_vs_f2: Option<f64>,
    /// Σ seconds / Σ F2's seconds.
    pub time_vs_f2: Option<f64>,
    /// Why it did not run everywhere (the first reason met), if it did not.
    pub note: Option<String>,
}

/// Everything [`run`](super::run) measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Results {
    /// The configuration.
    pub config: Config,
    /// Every tree and position.
    pub instances: Vec<Instance>,
}

/// The name of plain alpha-beta, the reference of the ratios.
pub const F2: &str = Procedure::FailHard.name();

/// A ratio of sums over the instances where both counts exist.
fn ratio(pairs: impl Iterator<Item = (f64, f64)>) -> Option<f64> {
    let (mut a, mut b, mut n) = (0.0, 0.0, 0);
    for (x, y) in pairs {
        a += x;
        b += y;
        n += 1;
    }
    (n > 0 && b > 0.0).then(|| a / b)
}

impl Results {
    /// The instances of one source.
    pub fn of(&self, source: Source) -> impl Iterator<Item = &Instance> {
        self.instances.iter().filter(move |i| i.source == source)
    }

    /// Totals and ratios per source and procedure, in registry order.
    pub fn summaries(&self) -> Vec<Summary> {
        let mut out = Vec::new();
        for &source in &self.config.sources {
            let inst: Vec<&Instance> = self.of(source).collect();
            for named in Named::sequential() {
                let name = named.name();
                let runs: Vec<(&Instance, &Run)> = inst
                    .iter()
                    .filter_map(|i| i.get(name).map(|r| (*i, r)))
                    .collect();
                let note = inst
                    .iter()
                    .flat_map(|i| &i.runs)
                    .filter(|r| r.procedure == named)
                    .find_map(|r| match &r.status {
                        Status::Ran => None,
                        Status::NotApplicable { reason } | Status::Refused { reason } => {
                            Some(reason.clone())
                        }
                    });
                let with_min = || {
                    runs.iter()
                        .filter_map(|(i, r)| i.minimal.as_ref().ok().map(|m| (*r, m)))
                };
                let with_f2 = || runs.iter().filter_map(|(i, r)| i.get(F2).map(|f| (*r, f)));
                out.push(Summary {
                    source,
                    procedure: name,
                    ran: runs.len(),
                    of: inst.len(),
                    terminal: runs.iter().map(|(_, r)| r.terminal).sum(),
                    nodes: runs.iter().map(|(_, r)| r.nodes).sum(),
                    re_searches: runs.iter().map(|(_, r)| r.re_searches).sum(),
                    seconds: runs.iter().map(|(_, r)| r.seconds).sum(),
                    terminal_vs_minimal: ratio(
                        with_min().map(|(r, m)| (r.terminal as f64, m.terminal as f64)),
                    ),
                    nodes_vs_minimal: ratio(
                        with_min().map(|(r, m)| (r.nodes as f64, m.nodes as f64)),
                    ),
                    terminal_vs_f2: ratio(
                        with_f2().map(|(r, f)| (r.terminal as f64, f.terminal as f64)),
                    ),
                    nodes_vs_f2: ratio(with_f2().map(|(r, f)| (r.nodes as f64, f.nodes as f64))),
                    time_vs_f2: ratio(with_f2().map(|(r, f)| (r.seconds, f.seconds))),
                    note,
                });
            }
        }
        out
    }
}

/// A small hand-made result for the tests of the modules that read one:
/// two uniform trees, the first with its minimal tree (5 terminal
/// positions, 9 nodes), the second without; F2 and negamax ran on both,
/// McCarthy's procedure on neither.
#[cfg(test)]
pub(super) fn example() -> Results {
    use alphabeta_core::procedures::Extra;
    let ran = |p: Procedure, terminal: u64, nodes: u64, seconds: f64| Run {
        procedure: Named::Core(p),
        status: Status::Ran,
        terminal,
        nodes,
        re_searches: 0,
        seconds,
    };
    let mccarthy = Run {
        procedure: Named::Extra(Extra::McCarthy),
        status: Status::NotApplicable {
            reason: "no bounds".into(),
        },
        terminal: 0,
        nodes: 0,
        re_searches: 0,
        seconds: 0.0,
    };
    let instance = |name: &str, minimal, runs| Instance {
        source: Source::Uniform,
        name: name.into(),
        value: 3,
        minimal,
        runs,
    };
    Results {
        config: Config {
            sources: vec![Source::Uniform],
            trees: 2,
            ..Config::quick()
        },
        instances: vec![
            instance(
                "seed 1",
                Ok(Minimal {
                    terminal: 5,
                    nodes: 9,
                }),
                vec![
                    ran(Procedure::Negamax, 9, 13, 1.0),
                    ran(Procedure::FailHard, 7, 11, 0.5),
                    mccarthy.clone(),
                ],
            ),
            instance(
                "seed 2",
                Err("too large".into()),
                vec![
                    ran(Procedure::Negamax, 27, 40, 2.0),
                    ran(Procedure::FailHard, 20, 30, 1.5),
                    mccarthy,
                ],
            ),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instances_give_only_the_runs_that_ran() {
        let r = example();
        let first = &r.instances[0];
        assert_eq!(first.get(F2).map(|run| run.nodes), Some(11));
        assert!(first.get("mccarthy").is_none());
        assert!(first.get("pvs").is_none());
        assert_eq!(r.of(Source::Uniform).count(), 2);
        assert_eq!(r.of(Source::Chess).count(), 0);
    }

    /// Ratios are ratios of sums, over the instances where both counts
    /// exist: the minimal tree only of the first tree, F2 of both.
    #[test]
    fn summaries_are_totals_and_ratios_of_sums() {
        let summaries = example().summaries();
        assert_eq!(summaries.len(), Named::sequential().count());
        let get = |name: &str| summaries.iter().find(|s| s.procedure == name).unwrap();
        let negamax = get("negamax");
        assert_eq!(
            (negamax.ran, negamax.of, negamax.terminal, negamax.nodes),
            (2, 2, 36, 53)
        );
        assert_eq!(negamax.seconds, 3.0);
        assert_eq!(negamax.terminal_vs_minimal, Some(9.0 / 5.0));
        assert_eq!(negamax.nodes_vs_minimal, Some(13.0 / 9.0));
        assert_eq!(negamax.terminal_vs_f2, Some(36.0 / 27.0));
        assert_eq!(negamax.nodes_vs_f2, Some(53.0 / 41.0));
        assert_eq!(negamax.time_vs_f2, Some(1.5));
        assert_eq!(negamax.note, None);
        let f2 = get(F2);
        assert_eq!(f2.terminal_vs_f2, Some(1.0));
        assert_eq!(f2.terminal_vs_minimal, Some(7.0 / 5.0));
        let mccarthy = get("mccarthy");
        assert_eq!((mccarthy.ran, mccarthy.of, mccarthy.terminal), (0, 2, 0));
        assert_eq!(mccarthy.terminal_vs_minimal, None);
        assert_eq!(mccarthy.note.as_deref(), Some("no bounds"));
        let pvs = get("pvs");
        assert_eq!((pvs.ran, pvs.note.as_deref()), (0, None));
    }

    #[test]
    fn a_ratio_needs_a_positive_denominator() {
        assert_eq!(ratio([(1.0, 2.0), (3.0, 2.0)].into_iter()), Some(1.0));
        assert_eq!(ratio([(1.0, 0.0)].into_iter()), None);
        assert_eq!(ratio(std::iter::empty()), None);
    }
}
