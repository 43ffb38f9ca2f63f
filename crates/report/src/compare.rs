//! Every procedure on one scale: the same trees and positions searched by
//! every sequential procedure of the registry ([`Named::sequential`], the
//! list of `alphabeta procedures` but the parallel one), each count set beside the minimal tree of the
//! same tree (Knuth & Moore §6–§7, [`alphabeta_core::minimal`]) and beside
//! plain fail-hard alpha-beta F2 (Knuth & Moore eq. (9)).
//!
//! The instruments are the core's [`Stats`]: *terminal positions* are the
//! bottom positions a procedure evaluates ([`Stats::leaves`]), *nodes* every
//! position it is called on ([`Stats::nodes`], re-searches counted again,
//! positions settled by a table or by McCarthy's bounds included),
//! *re-searches* the passes Scout, NegaScout, MTD(f) and MT-SSS* repeat
//! ([`Stats::re_searches`]), and the time is the wall time of the search
//! with these instruments attached (the table is allocated before the clock
//! starts).
//!
//! The minimal tree gives two numbers: its terminal positions (the fewest
//! any procedure must evaluate, [`minimal_tree`]) and its nodes, the
//! positions F2 examines under the order the minimal tree returns — its
//! terminal positions and their ancestors. It has no re-searches and no
//! time, so those two ratios exist only against F2.
//!
//! The sources ([`Source`]) are implicit random trees of the models crate —
//! uniform i.i.d., range R, additive (correlated) in random order and
//! strongly ordered — chess positions at a fixed depth with the material
//! evaluator of Fuller §6, and Connect Four positions searched to the end.
//! [`Config`] bounds every size; [`run`] measures, [`items`] turns the
//! results into report items (tables, a chart and the checks of Plaat et
//! al.'s and Stockman's findings) for the report section `one-scale` and
//! for `alphabeta compare`.

use std::time::Instant;

use alphabeta_chess::Position as ChessPosition;
use alphabeta_chess_lab::game::{Chess, ExperimentConfig};
use alphabeta_core::minimal::minimal_tree;
use alphabeta_core::procedures::{self as p, Capabilities, Named, Needs, NotRun};
use alphabeta_core::table::TranspositionTable;
use alphabeta_core::{Game, HashedGame, INFINITY, NEG_INFINITY, Procedure, Search, Stats, Value};
use alphabeta_games::connect4::{Board, Connect4, full_depth, random_position};
use alphabeta_models::{Additive, Ordered, Ordering, RangeR, TreeModel, Uniform};
use alphabeta_trees::{Tree, fixtures};
use serde::Serialize;
use serde_json::json;

use crate::model::{Comparison, DataTable, Item, ItemKind, Report, Section, Value as Shown};
use crate::plot::{Chart, Scale, Series, Style};

/// Where the trees come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// ⟨N, D⟩ with i.i.d. continuous leaf values (Fuller §3, Knuth §7).
    Uniform,
    /// ⟨N, D⟩ with R equally likely leaf values (Fuller §6): ties.
    Range,
    /// Additive values (sums of branch values: correlated, Fuller §8), in
    /// the generated (random) order.
    Additive,
    /// The same additive trees, the best successor first with probability
    /// [`Config::ordered_p`] at every position (strongly ordered).
    AdditiveOrdered,
    /// Chess positions to a fixed depth, material evaluator (Fuller §6).
    Chess,
    /// Connect Four positions searched to the end of the game.
    Connect4,
    /// One of the seeds' explicit trees ([`Config::tree`]), searched to
    /// the end; not among [`Source::ALL`].
    Tree,
}

impl Source {
    /// Every source, in the order of the tables.
    pub const ALL: [Source; 6] = [
        Source::Uniform,
        Source::Range,
        Source::Additive,
        Source::AdditiveOrdered,
        Source::Chess,
        Source::Connect4,
    ];

    /// The name on the command line and in the files.
    pub const fn name(self) -> &'static str {
        match self {
            Source::Uniform => "uniform",
            Source::Range => "range",
            Source::Additive => "additive",
            Source::AdditiveOrdered => "additive-ordered",
            Source::Chess => "chess",
            Source::Connect4 => "connect4",
            Source::Tree => "tree",
        }
    }

    /// Whether the source is a real game (Plaat et al.'s findings are
    /// about real games).
    pub const fn is_game(self) -> bool {
        matches!(self, Source::Chess | Source::Connect4)
    }

    /// The source called `name`.
    pub fn parse(name: &str) -> anyhow::Result<Source> {
        let t = name.trim().to_ascii_lowercase();
        Source::ALL
            .into_iter()
            .chain([Source::Tree])
            .find(|s| s.name() == t)
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "unknown source {name:?}; known: {}",
                    Source::ALL.map(Source::name).join(", ") + ", tree"
                )
            })
    }
}

/// The chess positions (the perft suite's start, "Kiwipete", endgame and
/// middle-game positions, as `alphabeta fishburn` uses).
pub const CHESS_FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// The most terminal positions a random tree may have (N^D).
pub const MAX_MODEL_LEAVES: u64 = 1 << 21;
/// The most positions the minimal tree's computation may visit per tree.
pub const MINIMAL_LIMIT: u64 = 50_000_000;
/// The most entries of a transposition table.
pub const MAX_TABLE_ENTRIES: usize = 1 << 24;

/// What to compare on, and how large. Every field is checked by
/// [`Config::check`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Config {
    /// The sources, in order.
    pub sources: Vec<Source>,
    /// Random trees per model source.
    pub trees: u32,
    /// Branching factor N of the random trees.
    pub n: u32,
    /// Depth D of the random trees.
    pub d: u32,
    /// R of the range model.
    pub range: u64,
    /// Additive model: branch values uniform on −spread..=spread.
    pub spread: u32,
    /// The ordered additive trees: probability the best successor is first.
    pub ordered_p: f64,
    /// Chess: how many of [`CHESS_FENS`] (1–4).
    pub chess_positions: usize,
    /// Chess: the depth in plies.
    pub chess_depth: u32,
    /// Chess: moves searched at each position, chosen at random by the
    /// seed as in Fuller §6 (`None`: every legal move).
    pub chess_branching: Option<usize>,
    /// Connect Four: discs played in the positions.
    pub connect4_discs: usize,
    /// Connect Four: how many positions.
    pub connect4_positions: u32,
    /// Entries of the transposition table of f2-tt, f3-tt and MTD(f).
    pub table_entries: usize,
    /// The seed of every random choice.
    pub seed: u64,
    /// The named tree of the source [`Source::Tree`] (`pi`, `textbook`,
    /// … — `alphabeta_trees::fixtures::named`).
    pub tree: Option<String>,
}

impl Config {
    /// The command's default: well under a minute on two cores.
    pub fn quick() -> Config {
        Config {
            sources: Source::ALL.to_vec(),
            trees: 5,
            n: 5,
            d: 6,
            range: 5,
            spread: alphabeta_models::DEFAULT_SPREAD,
            ordered_p: 0.9,
            chess_positions: 4,
            chess_depth: 3,
            chess_branching: None,
            connect4_discs: 30,
            connect4_positions: 5,
            table_entries: 1 << 20,
            seed: 1,
            tree: None,
        }
    }

    /// The report's setting: a few seconds.
    pub fn report() -> Config {
        Config {
            trees: 3,
            n: 4,
            d: 6,
            chess_positions: 2,
            connect4_positions: 3,
            table_entries: 1 << 18,
            ..Config::quick()
        }
    }

    /// Refuses a configuration outside the bounds, with the reason.
    pub fn check(&self) -> anyhow::Result<()> {
        use anyhow::ensure;
        ensure!(!self.sources.is_empty(), "no source to compare on");
        match (&self.tree, self.sources.contains(&Source::Tree)) {
            (Some(name), true) => ensure!(
                fixtures::by_name(name).is_some(),
                "no tree called {name:?}; named trees: {}",
                fixtures::named()
                    .into_iter()
                    .map(|f| f.0)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            (None, true) => anyhow::bail!("the source tree needs a tree name (--tree NAME)"),
            (Some(_), false) => anyhow::bail!("a tree name is only for the source tree"),
            (None, false) => {}
        }
        ensure!(
            (1..=100).contains(&self.trees),
            "--trees must be between 1 and 100 (got {})",
            self.trees
        );
        ensure!(
            (2..=20).contains(&self.n),
            "--n must be between 2 and 20 (got {})",
            self.n
        );
        ensure!(
            (1..=16).contains(&self.d),
            "--d must be between 1 and 16 (got {})",
            self.d
        );
        let leaves = u64::from(self.n).checked_pow(self.d);
        ensure!(
            leaves.is_some_and(|l| l <= MAX_MODEL_LEAVES),
            "a random tree of N^D = {}^{} terminal positions is too large (at most {MAX_MODEL_LEAVES})",
            self.n,
            self.d
        );
        ensure!(
            (2..=1_000_000).contains(&self.range),
            "--r must be between 2 and 1000000 (got {})",
            self.range
        );
        ensure!(
            (0.0..=1.0).contains(&self.ordered_p),
            "the ordering probability must be in [0, 1] (got {})",
            self.ordered_p
        );
        ensure!(
            (1..=CHESS_FENS.len()).contains(&self.chess_positions),
            "--chess-positions must be between 1 and {} (got {})",
            CHESS_FENS.len(),
            self.chess_positions
        );
        ensure!(
            (1..=4).contains(&self.chess_depth),
            "--chess-depth must be between 1 and 4 (got {}): every procedure, minimax included, searches the whole tree",
            self.chess_depth
        );
        if let Some(b) = self.chess_branching {
            ensure!(
                (1..=40).contains(&b),
                "--chess-branching must be between 1 and 40, or 0 for every move (got {b})"
            );
        }
        ensure!(
            (24..=38).contains(&self.connect4_discs),
            "--connect4-discs must be between 24 and 38 (got {}): every procedure, negamax included, searches to the end of the game",
            self.connect4_discs
        );
        ensure!(
            (1..=50).contains(&self.connect4_positions),
            "--connect4-positions must be between 1 and 50 (got {})",
            self.connect4_positions
        );
        ensure!(
            (1..=MAX_TABLE_ENTRIES).contains(&self.table_entries),
            "--table-entries must be between 1 and {MAX_TABLE_ENTRIES} (got {})",
            self.table_entries
        );
        Ok(())
    }

    /// How many trees and positions [`run`] searches (its progress steps).
    pub fn instances(&self) -> u64 {
        self.sources
            .iter()
            .map(|s| match s {
                Source::Chess => self.chess_positions as u64,
                Source::Connect4 => u64::from(self.connect4_positions),
                Source::Tree => 1,
                _ => u64::from(self.trees),
            })
            .sum()
    }
}

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
    fn ran(&self) -> bool {
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

/// Everything [`run`] measured.
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

    /// The summaries as a flat table (CSV, JSON).
    pub fn summary_table(&self, name: &str) -> DataTable {
        let mut t = DataTable::new(
            name,
            &[
                "source",
                "procedure",
                "ran",
                "of",
                "terminal",
                "nodes",
                "re_searches",
                "seconds",
                "terminal_vs_minimal",
                "nodes_vs_minimal",
                "terminal_vs_f2",
                "nodes_vs_f2",
                "time_vs_f2",
                "note",
            ],
        );
        for s in self.summaries() {
            t.push(vec![
                json!(s.source.name()),
                json!(s.procedure),
                json!(s.ran),
                json!(s.of),
                json!(s.terminal),
                json!(s.nodes),
                json!(s.re_searches),
                json!(s.seconds),
                json!(s.terminal_vs_minimal),
                json!(s.nodes_vs_minimal),
                json!(s.terminal_vs_f2),
                json!(s.nodes_vs_f2),
                json!(s.time_vs_f2),
                json!(s.note),
            ]);
        }
        t
    }

    /// Every procedure on every instance as a flat table.
    pub fn runs_table(&self, name: &str) -> DataTable {
        let mut t = DataTable::new(
            name,
            &[
                "source",
                "instance",
                "value",
                "minimal_terminal",
                "minimal_nodes",
                "procedure",
                "status",
                "terminal",
                "nodes",
                "re_searches",
                "seconds",
            ],
        );
        for i in &self.instances {
            let (mt, mn) = match &i.minimal {
                Ok(m) => (json!(m.terminal), json!(m.nodes)),
                Err(why) => (json!(format!("not computed: {why}")), json!(null)),
            };
            for r in &i.runs {
                let status = match &r.status {
                    Status::Ran => "ran".to_string(),
                    Status::NotApplicable { reason } => format!("n/a: {reason}"),
                    Status::Refused { reason } => format!("refused: {reason}"),
                };
                t.push(vec![
                    json!(i.source.name()),
                    json!(i.name),
                    json!(i.value),
                    mt.clone(),
                    mn.clone(),
                    json!(r.procedure),
                    json!(status),
                    json!(r.terminal),
                    json!(r.nodes),
                    json!(r.re_searches),
                    json!(r.seconds),
                ]);
            }
        }
        t
    }

    /// The summaries as a Markdown table per source, with the
    /// configuration.
    pub fn markdown(&self) -> String {
        let fmt = |x: Option<f64>| x.map_or("—".to_string(), |x| format!("{x:.3}"));
        let mut out = String::new();
        let summaries = self.summaries();
        for &source in &self.config.sources {
            let inst: Vec<&Instance> = self.of(source).collect();
            let minimal: Vec<u64> = inst
                .iter()
                .filter_map(|i| i.minimal.as_ref().ok().map(|m| m.terminal))
                .collect();
            out += &format!(
                "### {} ({} instances; minimal tree: {})\n\n",
                describe(source, &self.config),
                inst.len(),
                if minimal.len() == inst.len() {
                    format!("{} terminal positions in all", minimal.iter().sum::<u64>())
                } else {
                    format!("computed for {} of {}", minimal.len(), inst.len())
                }
            );
            out += "| procedure | ran | terminal | nodes | re-searches | time (ms) | terminal / minimal | nodes / minimal | terminal / F2 | nodes / F2 | time / F2 |\n";
            out += "|---|---|---|---|---|---|---|---|---|---|---|\n";
            for s in summaries.iter().filter(|s| s.source == source) {
                if s.ran == 0 {
                    out += &format!(
                        "| {} | 0/{} | — | — | — | — | — | — | — | — | — ({}) |\n",
                        s.procedure,
                        s.of,
                        s.note.as_deref().unwrap_or("")
                    );
                    continue;
                }
                out += &format!(
                    "| {} | {}/{} | {} | {} | {} | {:.2} | {} | {} | {} | {} | {} |\n",
                    s.procedure,
                    s.ran,
                    s.of,
                    s.terminal,
                    s.nodes,
                    s.re_searches,
                    1000.0 * s.seconds,
                    fmt(s.terminal_vs_minimal),
                    fmt(s.nodes_vs_minimal),
                    fmt(s.terminal_vs_f2),
                    fmt(s.nodes_vs_f2),
                    fmt(s.time_vs_f2),
                );
            }
            out += "\n";
        }
        out
    }
}

/// A line naming a source with its sizes.
pub fn describe(source: Source, c: &Config) -> String {
    match source {
        Source::Uniform => format!("uniform ⟨{}, {}⟩, i.i.d. continuous values", c.n, c.d),
        Source::Range => format!("range ⟨{}, {}⟩, R = {}", c.n, c.d, c.range),
        Source::Additive => format!(
            "additive ⟨{}, {}⟩, branch values in ±{}, random order",
            c.n, c.d, c.spread
        ),
        Source::AdditiveOrdered => format!(
            "additive ⟨{}, {}⟩, best successor first w.p. {}",
            c.n, c.d, c.ordered_p
        ),
        Source::Chess => format!(
            "chess, depth {}, {}, material evaluator",
            c.chess_depth,
            match c.chess_branching {
                Some(b) => format!("{b} random moves a position (Fuller §6)"),
                None => "every legal move".to_string(),
            }
        ),
        Source::Connect4 => format!(
            "Connect Four, {} discs played, to the end of the game",
            c.connect4_discs
        ),
        Source::Tree => format!("the tree {}", c.tree.as_deref().unwrap_or("?")),
    }
}

/// An implicit random tree with a hash key (its node number, mixed by the
/// bijective splitmix64 finaliser), so the table-driven procedures search
/// it: a table hit is never another position.
#[derive(Clone, Debug)]
pub struct Keyed<M>(pub M);

impl<M: TreeModel> Game for Keyed<M> {
    type Position = M::Position;
    type Move = M::Move;
    type Moves = M::Moves;
    #[inline]
    fn moves(&self, pos: &Self::Position, out: &mut Self::Moves) {
        self.0.moves(pos, out)
    }
    #[inline]
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position {
        self.0.play(pos, mv)
    }
    #[inline]
    fn outcome(&self, pos: &Self::Position, ply: usize) -> Option<Value> {
        self.0.outcome(pos, ply)
    }
    #[inline]
    fn evaluate(&self, pos: &Self::Position, ply: usize) -> Value {
        self.0.evaluate(pos, ply)
    }
}

impl<M: TreeModel> HashedGame for Keyed<M> {
    #[inline]
    fn key(&self, pos: &Self::Position) -> u64 {
        alphabeta_core::mix::splitmix64(self.0.node_id(pos))
    }
}

/// The random trees have neither McCarthy's bounds nor a use for threads
/// here: the registry refuses McCarthy's procedure on them.
impl<M: TreeModel> Capabilities for Keyed<M> {}

/// How often a search is repeated for its time (the least is kept), and
/// the wall time after which no further repetition starts.
const TIMING_REPEATS: u32 = 3;
const TIMING_BUDGET: f64 = 0.05;

/// Runs one procedure on `root` to `depth`, counted and timed: the counts
/// of the first search, the least wall time of up to [`TIMING_REPEATS`]
/// identical searches (fewer once [`TIMING_BUDGET`] seconds are spent), a
/// table emptied (and so touched) before each clock starts.
fn one<G: Capabilities>(
    game: &G,
    root: &G::Position,
    depth: u32,
    named: Named,
    table_entries: usize,
    exact: Value,
) -> anyhow::Result<Run> {
    let mut table = match named.needs() {
        Some(Needs::Table) => Some(TranspositionTable::with_entries(table_entries)),
        _ => None,
    };
    let mut first: Option<(Result<Value, NotRun>, Stats)> = None;
    let (mut best, mut spent) = (f64::INFINITY, 0.0);
    for _ in 0..TIMING_REPEATS {
        if let Some(t) = table.as_mut() {
            t.clear();
        }
        let mut s = Search::with_observer(game, Stats::default()).track_pv(false);
        let started = Instant::now();
        let value = named.run_in(
            &mut s,
            root,
            depth,
            (NEG_INFINITY, INFINITY),
            table.as_mut(),
        );
        let seconds = started.elapsed().as_secs_f64();
        best = best.min(seconds);
        spent += seconds;
        let stats = s.into_observer();
        match &first {
            None => first = Some((value, stats)),
            // Every repetition is the same deterministic search.
            Some((v, st)) => debug_assert!(*v == value && st.nodes() == stats.nodes()),
        }
        if first.as_ref().is_some_and(|f| f.0.is_err()) || spent > TIMING_BUDGET {
            break;
        }
    }
    let (value, stats) = first.expect("searched at least once");
    let status = match value {
        Ok(v) => {
            anyhow::ensure!(
                v == exact,
                "{named} returned {v}, the exhaustive value is {exact}"
            );
            return Ok(Run {
                procedure: named,
                status: Status::Ran,
                terminal: stats.leaves(),
                nodes: stats.nodes(),
                re_searches: stats.re_searches,
                seconds: best,
            });
        }
        Err(e @ (NotRun::NeedsBounds(_) | NotRun::NotShared(_))) => Status::NotApplicable {
            reason: e.to_string(),
        },
        Err(e @ NotRun::TooLarge(_)) => Status::Refused {
            reason: e.to_string(),
        },
        Err(e) => return Err(e.into()),
    };
    Ok(Run {
        procedure: named,
        status,
        terminal: 0,
        nodes: 0,
        re_searches: 0,
        seconds: 0.0,
    })
}

/// Every procedure on one tree, with its minimal tree.
fn instance<G: Capabilities>(
    source: Source,
    name: String,
    game: &G,
    root: &G::Position,
    depth: u32,
    table_entries: usize,
) -> anyhow::Result<Instance> {
    let exact = {
        let mut s = Search::new(game).track_pv(false);
        p::negamax(&mut s, root, depth)
    };
    let minimal = match minimal_tree(game, root, depth, MINIMAL_LIMIT) {
        Ok(m) => {
            anyhow::ensure!(
                m.value == exact,
                "minimal tree value {} against negamax {exact}",
                m.value
            );
            let (reordered, r) = m.reordered(game, root);
            let mut s = Search::with_observer(&reordered, Stats::default()).track_pv(false);
            Procedure::FailHard.run(&mut s, &r, depth);
            let stats = s.into_observer();
            anyhow::ensure!(
                stats.leaves() == m.leaves,
                "F2 under the minimal order examined {} terminal positions, the minimal tree has {}",
                stats.leaves(),
                m.leaves
            );
            Ok(Minimal {
                terminal: m.leaves,
                nodes: stats.nodes(),
            })
        }
        Err(e) => Err(e.to_string()),
    };
    let runs = Named::sequential()
        .map(|n| one(game, root, depth, n, table_entries, exact))
        .collect::<anyhow::Result<Vec<_>>>()
        .map_err(|e| e.context(format!("{} {name}", source.name())))?;
    Ok(Instance {
        source,
        name,
        value: exact,
        minimal,
        runs,
    })
}

/// Measures every procedure on every tree and position of `config`;
/// `progress` is told each instance's name as it finishes. Deterministic
/// for a seed except the times.
pub fn run(config: &Config, progress: &mut dyn FnMut(&str)) -> anyhow::Result<Results> {
    config.check()?;
    let mut instances = Vec::new();
    let mut push = |i: Instance, progress: &mut dyn FnMut(&str)| {
        progress(&format!("{} {}", i.source.name(), i.name));
        instances.push(i);
    };
    for &source in &config.sources {
        let seeds = (0..u64::from(config.trees)).map(|k| config.seed.wrapping_add(k));
        match source {
            Source::Uniform => {
                for seed in seeds {
                    let m = Keyed(Uniform::new(config.n, config.d, seed)?);
                    let i = model_instance(source, &m, config)?;
                    push(i, progress);
                }
            }
            Source::Range => {
                for seed in seeds {
                    let m = Keyed(RangeR::new(config.n, config.d, config.range, seed)?);
                    push(model_instance(source, &m, config)?, progress);
                }
            }
            Source::Additive | Source::AdditiveOrdered => {
                for seed in seeds {
                    let a = Additive::new(config.n, config.d, config.spread, seed)?;
                    let i = if source == Source::Additive {
                        model_instance(source, &Keyed(a), config)?
                    } else {
                        let o = Ordered::new(
                            a,
                            Ordering::BestFirst {
                                p: config.ordered_p,
                            },
                        );
                        model_instance(source, &Keyed(o), config)?
                    };
                    push(i, progress);
                }
            }
            Source::Chess => {
                let game = Chess::new(ExperimentConfig {
                    branching: config.chess_branching,
                    seed: config.seed,
                    ..ExperimentConfig::default()
                });
                for fen in &CHESS_FENS[..config.chess_positions] {
                    let pos = ChessPosition::from_fen(fen)?;
                    let i = instance(
                        source,
                        fen.to_string(),
                        &game,
                        &pos,
                        config.chess_depth,
                        config.table_entries,
                    )?;
                    push(i, progress);
                }
            }
            Source::Tree => {
                let name = config.tree.as_deref().unwrap_or_default();
                let tree = fixtures::by_name(name)
                    .ok_or_else(|| anyhow::anyhow!("no tree called {name:?}"))?;
                let i = instance(
                    source,
                    name.to_string(),
                    &tree,
                    &Tree::ROOT,
                    u32::MAX,
                    config.table_entries,
                )?;
                push(i, progress);
            }
            Source::Connect4 => {
                let game = Connect4::default();
                for k in 0..u64::from(config.connect4_positions) {
                    let moves = random_position(config.connect4_discs, config.seed.wrapping_add(k))
                        .ok_or_else(|| {
                            anyhow::anyhow!(
                                "no open Connect Four position with {} discs from seed {}",
                                config.connect4_discs,
                                config.seed.wrapping_add(k)
                            )
                        })?;
                    let pos: Board = moves.parse()?;
                    let depth = full_depth(&pos);
                    let i = instance(source, moves, &game, &pos, depth, config.table_entries)?;
                    push(i, progress);
                }
            }
        }
    }
    Ok(Results {
        config: config.clone(),
        instances,
    })
}

fn model_instance<M: TreeModel>(
    source: Source,
    m: &Keyed<M>,
    config: &Config,
) -> anyhow::Result<Instance> {
    let name = format!("seed {}", m.0.seed());
    instance(
        source,
        name,
        m,
        &m.0.root(),
        m.0.depth(),
        config.table_entries,
    )
}

/// The report items of a comparison: the table of ratios, the chart, and
/// the checks of Stockman's and Plaat et al.'s findings. `prefix` makes the
/// item ids and file names unique (`one-scale`).
pub fn items(results: &Results, prefix: &str) -> anyhow::Result<Vec<Item>> {
    let summaries = results.summaries();
    let mut table = Item::new(
        format!("{prefix}-table"),
        ItemKind::Table,
        "Every procedure on one scale: terminal positions, nodes, re-searches and time against the minimal tree and F2",
    )
    .describe(format!(
        "Each tree or position is searched by every procedure of `alphabeta procedures` (ybwc, the parallel one, aside), with the full window to the end of the tree (chess: to depth {}); each must return the exhaustive value (checked). Ratios are ratios of sums over the instances where both counts exist. The minimal tree's terminal positions are the fewest any procedure must evaluate (Knuth & Moore §6–§7, alphabeta_core::minimal); its nodes are the positions F2 examines in the minimal tree's order. The minimal tree has no re-searches and no time: those ratios are to F2 only. Times are wall-clock with the counting instruments attached, on whatever machine ran this; they vary from run to run.\n\n{}",
        results.config.chess_depth,
        results.markdown()
    ));
    table
        .data
        .push(results.summary_table(&format!("{prefix}-summary")));
    table
        .data
        .push(results.runs_table(&format!("{prefix}-runs")));
    // Headline numbers, new results (the papers print none of these).
    for &source in &results.config.sources {
        for name in [F2, "sss", "pvs", "mtdf"] {
            if let Some(s) = summaries
                .iter()
                .find(|s| s.source == source && s.procedure == name)
                && let Some(r) = s.terminal_vs_minimal
            {
                table.compare(Comparison::new_result(
                    format!(
                        "{}: terminal positions of {name} / minimal tree",
                        source.name()
                    ),
                    Shown::real(r, 3),
                    format!("{} of {} instances", s.ran, s.of),
                ));
            }
        }
    }
    match chart(results, &summaries, prefix)? {
        Some(figure) => table.figures.push(figure),
        None => {
            table.description += "\n\nNo chart of terminal positions against the minimal tree: \
                no procedure has that ratio here (the minimal tree was computed for no \
                instance, e.g. positions too deep for it); the tables hold every count.";
        }
    }
    let mut checks = Item::new(
        format!("{prefix}-findings"),
        ItemKind::Check,
        "Stockman's and Plaat et al.'s findings on our trees",
    )
    .describe("Stockman (1979, Theorem 3): SSS* never evaluates a terminal position alpha-beta does not, so never more of them; checked per instance against F2 (same successor order, no table). Plaat, Schaeffer, Pijls & de Bruin (1996): MT-SSS* (null-window passes with a table) evaluates the same terminal positions as SSS*; compared here as counts per instance (the sets themselves are compared on 300 random trees by crates/trees/tests/successors.rs). Plaat et al. also found MTD(f) to search fewer nodes than NegaScout in real game programs (with iterative deepening and a shared table); here MTD(f) (with a table, first guess 0, no iterative deepening) against PVS/NegaScout (no table) on the real games, total nodes and terminal positions: a qualitative check of the direction, not of their numbers. Every procedure that searches the tree evaluates at least the minimal tree's terminal positions (Knuth & Moore Theorem 2); McCarthy's procedure is not bound by it (its bounds are knowledge beyond the leaf values), nor are f2-tt, f3-tt and MTD(f) on games with transpositions (a position reached by two paths is one table entry but two leaves of the tree: on Connect Four they evaluate fewer terminal positions than the minimal tree of the game tree).");
    for &source in &results.config.sources {
        let inst: Vec<&Instance> = results.of(source).collect();
        let both: Vec<(&Run, &Run, &Run)> = inst
            .iter()
            .filter_map(|i| Some((i.get("sss")?, i.get("mt-sss")?, i.get(F2)?)))
            .collect();
        if both.len() < inst.len() {
            checks.compare(Comparison::missing(
                format!("{}: SSS* and MT-SSS* on every instance", source.name()),
                None,
                format!(
                    "SSS* or MT-SSS* refused {} of {} instances (memory bound of {} positions)",
                    inst.len() - both.len(),
                    inst.len(),
                    p::DEFAULT_MEMORY_POSITIONS
                ),
            ));
        }
        if both.is_empty() {
            continue;
        }
        let sss: u64 = both.iter().map(|b| b.0.terminal).sum();
        let mt: u64 = both.iter().map(|b| b.1.terminal).sum();
        let each = both.iter().all(|b| b.0.terminal == b.1.terminal);
        checks.compare(
            Comparison::exact(
                format!(
                    "{}: terminal positions, MT-SSS* = SSS* (total over {} instances)",
                    source.name(),
                    both.len()
                ),
                Shown::int(sss.into()),
                Shown::int(mt.into()),
            )
            .formula("Plaat et al. 1996: MT-SSS* ≡ SSS*; the paper column is SSS*'s count"),
        );
        checks.compare(Comparison::qualitative(
            format!(
                "{}: MT-SSS* evaluates as many terminal positions as SSS* on each instance",
                source.name()
            ),
            each,
        ));
        let dominated = both.iter().all(|b| b.0.terminal <= b.2.terminal);
        checks.compare(Comparison::qualitative(
            format!(
                "{}: SSS* evaluates no more terminal positions than F2 on each instance (Stockman)",
                source.name()
            ),
            dominated,
        ));
    }
    for &source in results.config.sources.iter().filter(|s| s.is_game()) {
        let pairs: Vec<(&Run, &Run)> = results
            .of(source)
            .filter_map(|i| Some((i.get("mtdf")?, i.get("pvs")?)))
            .collect();
        if pairs.is_empty() {
            continue;
        }
        let (m_nodes, p_nodes): (u64, u64) = (
            pairs.iter().map(|x| x.0.nodes).sum(),
            pairs.iter().map(|x| x.1.nodes).sum(),
        );
        let (m_term, p_term): (u64, u64) = (
            pairs.iter().map(|x| x.0.terminal).sum(),
            pairs.iter().map(|x| x.1.terminal).sum(),
        );
        let why = format!(
            "MTD(f) {m_nodes} nodes / {m_term} terminal, PVS {p_nodes} / {p_term}, over {} positions; our MTD(f) has a table and no iterative deepening, our PVS no table, so this checks the direction of Plaat et al.'s finding, not their setting",
            pairs.len()
        );
        checks.compare(
            Comparison::qualitative(
                format!(
                    "{}: MTD(f) examines no more nodes than NegaScout/PVS (total)",
                    source.name()
                ),
                m_nodes <= p_nodes,
            )
            .note(why.clone()),
        );
        checks.compare(
            Comparison::qualitative(
                format!(
                    "{}: MTD(f) evaluates no more terminal positions than NegaScout/PVS (total)",
                    source.name()
                ),
                m_term <= p_term,
            )
            .note(why),
        );
    }
    let mut theorem_2 = true;
    for i in &results.instances {
        if let Ok(m) = &i.minimal {
            for r in i
                .runs
                .iter()
                .filter(|r| r.ran() && r.procedure.bounded_by_minimal_tree())
            {
                theorem_2 &= r.terminal >= m.terminal;
            }
        }
    }
    checks.compare(Comparison::qualitative(
        "no procedure that searches the tree evaluates fewer terminal positions than its minimal tree, on any instance (Knuth & Moore Theorem 2; McCarthy's and the hash-table procedures aside)",
        theorem_2,
    ));
    Ok(vec![table, checks])
}

/// Terminal positions / minimal tree for every procedure, one series per
/// source (procedures numbered in registry order on the x axis); `None`
/// when no procedure has the ratio (a chart without data is left out).
fn chart(
    results: &Results,
    summaries: &[Summary],
    prefix: &str,
) -> anyhow::Result<Option<crate::model::Figure>> {
    let names: Vec<&str> = Named::sequential().map(Named::name).collect();
    let mut chart = Chart::new(
        "Terminal positions of each procedure / the minimal tree's",
        "procedure (numbered as in the caption)",
        "terminal positions / minimal tree",
    )
    .scales(Scale::Linear, Scale::Log);
    for (k, &source) in results.config.sources.iter().enumerate() {
        let points: Vec<(f64, f64)> = names
            .iter()
            .enumerate()
            .filter_map(|(x, name)| {
                summaries
                    .iter()
                    .find(|s| s.source == source && s.procedure == *name)
                    .and_then(|s| s.terminal_vs_minimal)
                    .map(|r| ((x + 1) as f64, r))
            })
            .collect();
        if !points.is_empty() {
            chart
                .series
                .push(Series::new(source.name(), points, Style::Points, k));
        }
    }
    let caption = format!(
        "Σ terminal positions / Σ minimal terminal positions per source (log scale; 1 is the minimal tree). Procedures: {}.",
        names
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{} {n}", i + 1))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if chart.series.is_empty() {
        return Ok(None);
    }
    Ok(Some(crate::sections::figure(
        &format!("{prefix}-terminal-vs-minimal.svg"),
        &caption,
        chart.to_svg()?,
    )))
}

/// A one-section report of `results` (what `alphabeta compare` writes with
/// [`crate::write::write_report`]: `report.md`, `index.html`, the CSV/JSON
/// of every table under `data/`, the chart under `figures/`), with the
/// command line, configuration, commit, cores and time it was made with.
pub fn report(results: &Results, command_line: &str, seconds: f64) -> anyhow::Result<Report> {
    let c = &results.config;
    let mut report = Report {
        title: "alphabeta compare — every procedure on one scale".to_string(),
        settings: vec![
            ("command line".into(), command_line.to_string()),
            (
                "configuration".into(),
                serde_json::to_string(c).unwrap_or_default(),
            ),
            ("commit".into(), crate::provenance::commit()),
            ("version".into(), env!("CARGO_PKG_VERSION").to_string()),
            (
                "cores".into(),
                std::thread::available_parallelism()
                    .map(|n| n.get().to_string())
                    .unwrap_or_else(|_| "unknown".into()),
            ),
            ("threads".into(), "1 (every search is sequential)".into()),
            ("started (UTC)".into(), crate::provenance::utc_now()),
        ],
        sections: vec![Section {
            id: "compare".into(),
            title: "Every procedure on one scale".into(),
            sources: "Knuth & Moore 1975 §6–§7; Stockman 1979; Pearl 1980; Reinefeld 1983; Plaat et al. 1996".into(),
            seed: c.seed,
            items: crate::sections::one_scale::cite_findings(items(results, "compare")?),
            seconds,
        }],
        interval_tests: Default::default(),
    };
    report.apply_holm(crate::runner::HOLM_ALPHA);
    report.validate()?;
    Ok(report)
}
