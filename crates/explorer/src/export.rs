//! A tree and the recorded runs of every procedure on it, and their JSON
//! form (the data the page replays).

use std::collections::{BTreeMap, BTreeSet};

use alphabeta_core::procedures::{Capabilities, Extra, Named, NotRun};
use alphabeta_core::{
    CutoffKind, DeweyPath, Game, INFINITY, Limits, NEG_INFINITY, NodeType, Procedure, Search,
    Stats, Trace, Value,
};
use anyhow::{Context, bail};
use serde_json::{Value as Json, json};

use crate::record::{Outcome, ShapeNode, Step, shape_of, steps_of};

/// The most positions a tree may have: the page draws every one of them
/// and replays up to a dozen procedures over it.
pub const MAX_POSITIONS: u64 = 20_000;

/// The instruments of a recorded run: the counters `alphabeta search`
/// prints, and the trace its steps are read from.
type Instruments = (Stats, Trace);

/// The counts the page shows, as `alphabeta search` prints them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Positions examined.
    pub examined: u64,
    /// Bottom positions (Fuller's NBP).
    pub bottom: u64,
    /// Move generations (Fuller's NMG).
    pub expansions: u64,
    /// Positions settled without evaluation or expansion.
    pub settled: u64,
    /// Alpha cutoffs (made by Min nodes).
    pub alpha_cutoffs: u64,
    /// Beta cutoffs (made by Max nodes).
    pub beta_cutoffs: u64,
    /// Deep cutoffs (Knuth §3).
    pub deep_cutoffs: u64,
    /// Branches pruned by all cutoffs.
    pub pruned: u64,
    /// Branches pruned by deep cutoffs.
    pub deep_pruned: u64,
    /// Positions examined on each level.
    pub examined_per_level: Vec<u64>,
    /// Bottom positions on each level.
    pub bottom_per_level: Vec<u64>,
}

impl Counters {
    /// The counts of a finished search.
    pub fn of_stats(stats: &Stats) -> Counters {
        Counters {
            examined: stats.nodes(),
            bottom: stats.leaves(),
            expansions: stats.expansions(),
            settled: stats.settled(),
            alpha_cutoffs: stats.alpha_cutoffs(),
            beta_cutoffs: stats.beta_cutoffs(),
            deep_cutoffs: stats.deep_cutoffs(),
            pruned: stats.pruned(),
            deep_pruned: stats.deep_pruned(),
            examined_per_level: stats.nodes_per_ply(),
            bottom_per_level: stats.leaves_per_ply(),
        }
    }

    /// The counts after the first `upto` steps of a run on `tree`: the rule
    /// the page applies at every step (one position examined per entry,
    /// one bottom position per evaluation, the cutoffs as reported).
    pub fn of_steps(tree: &[ShapeNode], steps: &[Step], upto: usize) -> Counters {
        let mut c = Counters::default();
        let count = |v: &mut Vec<u64>, ply: usize| {
            if v.len() <= ply {
                v.resize(ply + 1, 0);
            }
            v[ply] += 1;
        };
        for step in &steps[..upto.min(steps.len())] {
            match step {
                Step::Enter { node, outcome, .. } => {
                    let ply = tree[*node].ply;
                    c.examined += 1;
                    count(&mut c.examined_per_level, ply);
                    if c.bottom_per_level.len() <= ply {
                        c.bottom_per_level.resize(ply + 1, 0);
                    }
                    match outcome {
                        Outcome::Bottom(_) | Outcome::Pending => {
                            c.bottom += 1;
                            c.bottom_per_level[ply] += 1;
                        }
                        Outcome::Expanded(_) => c.expansions += 1,
                        Outcome::Settled(_) => c.settled += 1,
                    }
                }
                Step::Return { .. } => {}
                Step::Cut { cutoff, .. } => {
                    match cutoff.kind {
                        CutoffKind::Alpha => c.alpha_cutoffs += 1,
                        CutoffKind::Beta => c.beta_cutoffs += 1,
                    }
                    c.pruned += cutoff.pruned as u64;
                    if cutoff.deep {
                        c.deep_cutoffs += 1;
                        c.deep_pruned += cutoff.pruned as u64;
                    }
                }
            }
        }
        c
    }

    fn to_json(&self) -> Json {
        json!({
            "examined": self.examined,
            "bottom": self.bottom,
            "expand": self.expansions,
            "settled": self.settled,
            "alpha": self.alpha_cutoffs,
            "beta": self.beta_cutoffs,
            "deep": self.deep_cutoffs,
            "pruned": self.pruned,
            "deepPruned": self.deep_pruned,
            "examinedPerLevel": self.examined_per_level,
            "bottomPerLevel": self.bottom_per_level,
        })
    }
}

/// One procedure's recorded search of the tree.
#[derive(Clone, Debug)]
pub struct Run {
    /// Its command-line name (`f2`, `mccarthy`, …).
    pub name: String,
    /// What it is, with the seed it comes from.
    pub description: String,
    /// The root value it returned (negamax view of the side to move).
    pub value: Value,
    /// Its counters, from the core's [`Stats`].
    pub counters: Counters,
    /// Its steps.
    pub steps: Vec<Step>,
}

/// A tree, explored by every procedure that can search it.
#[derive(Clone, Debug)]
pub struct Exploration {
    /// A short identifier (`pi`, `textbook`, `tree`, …).
    pub id: String,
    /// What the tree is.
    pub title: String,
    /// The command that writes a page for this tree alone.
    pub command: String,
    /// The positions, root first (depth-first order).
    pub nodes: Vec<ShapeNode>,
    /// The runs.
    pub runs: Vec<Run>,
    /// Procedures of the list whose events could not be placed on the tree
    /// (a procedure added to the core that reports differently), with the
    /// reason: the page names them instead of failing.
    pub skipped: Vec<(String, String)>,
    /// How a value is written for this game.
    pub display: fn(Value) -> String,
}

/// A value as the page writes it: a number, with the infinities as ±∞.
pub fn display_number(v: Value) -> String {
    match v {
        alphabeta_core::INFINITY => "+∞".to_string(),
        alphabeta_core::NEG_INFINITY => "−∞".to_string(),
        v => v.to_string(),
    }
}

/// A value of a game that scores wins by distance: ±∞, "win in k",
/// "loss in k", or a number.
pub fn display_game(v: Value) -> String {
    match v {
        alphabeta_core::INFINITY | alphabeta_core::NEG_INFINITY => display_number(v),
        v => alphabeta_core::value::display(v),
    }
}

impl Exploration {
    /// Records the tree of `game` below `root` to `depth` (the positions an
    /// exhaustive search examines) and every procedure of the core's list
    /// ([`Procedure::ALL`]) on it.
    pub fn of_game<G: Game>(
        game: &G,
        root: &G::Position,
        depth: u32,
        id: &str,
        title: &str,
        command: &str,
        display: fn(Value) -> String,
    ) -> anyhow::Result<Exploration> {
        let nodes = shape(game, root, depth)?;
        let mut runs = Vec::new();
        let mut skipped = Vec::new();
        for p in Procedure::ALL {
            match record(game, &nodes, p.name(), p.description(), |s| {
                Ok(p.run(s, root, depth))
            }) {
                Ok(run) => runs.push(run),
                Err(e) => skipped.push((p.name().to_string(), format!("{e:#}"))),
            }
        }
        if runs.is_empty() {
            bail!("no procedure could be recorded on this tree: {skipped:?}");
        }
        Ok(Exploration {
            id: id.to_string(),
            title: title.to_string(),
            command: command.to_string(),
            nodes,
            runs,
            skipped,
            display,
        })
    }

    /// [`Exploration::of_game`] for a game with optimistic and pessimistic
    /// values ([`Capabilities::mccarthy`]), which adds McCarthy's procedure
    /// (Knuth & Moore §5), run through the registry.
    pub fn of_bounded_game<G: Capabilities>(
        game: &G,
        root: &G::Position,
        depth: u32,
        id: &str,
        title: &str,
        command: &str,
        display: fn(Value) -> String,
    ) -> anyhow::Result<Exploration> {
        let mut e = Exploration::of_game(game, root, depth, id, title, command, display)?;
        let mccarthy = Named::Extra(Extra::McCarthy);
        let run = record(
            game,
            &e.nodes,
            mccarthy.name(),
            mccarthy.description(),
            |s| mccarthy.run_in(s, root, depth, (NEG_INFINITY, INFINITY), None),
        );
        match run {
            Ok(run) => e.runs.push(run),
            Err(err) => e
                .skipped
                .push((mccarthy.name().to_string(), format!("{err:#}"))),
        }
        Ok(e)
    }

    /// The run of the procedure called `name`.
    pub fn run(&self, name: &str) -> Option<&Run> {
        self.runs.iter().find(|r| r.name == name)
    }

    /// The Dewey address of a position (`root`, `1.2.3`).
    pub fn path(&self, node: usize) -> DeweyPath {
        let mut path = Vec::new();
        let mut at = Some(node);
        while let Some(n) = at {
            if n != 0 {
                path.push(self.nodes[n].index);
            }
            at = self.nodes[n].parent;
        }
        path.reverse();
        DeweyPath(path)
    }

    /// The JSON the page reads. Values are written through a table of
    /// labels (`values`, in increasing order) with the index of each value's
    /// negation (`neg`):
    /// the page shows either player's view without computing with values,
    /// and values beyond 2^53 (wins, ±∞) survive JavaScript's numbers.
    pub fn to_json(&self) -> Json {
        let mut table = ValueTable::default();
        for n in &self.nodes {
            table.add(n.exact);
            if let Some(v) = n.leaf {
                table.add(v);
            }
        }
        for r in &self.runs {
            table.add(r.value);
            for s in &r.steps {
                match *s {
                    Step::Enter {
                        alpha,
                        beta,
                        outcome,
                        ..
                    } => {
                        table.add(alpha);
                        table.add(beta);
                        if let Outcome::Bottom(v) | Outcome::Settled(v) = outcome {
                            table.add(v);
                        }
                    }
                    Step::Return { value, .. } => table.add(value),
                    Step::Cut { .. } => {}
                }
            }
        }
        let index = table.index();
        let v = |x: Value| index[&x];
        let paths: Vec<String> = (0..self.nodes.len())
            .map(|n| self.path(n).to_string())
            .collect();
        let types: Vec<&str> = (0..self.nodes.len())
            .map(|n| match NodeType::of(&self.path(n).0) {
                NodeType::NonCritical => "",
                t => t.label(),
            })
            .collect();
        let nodes = json!({
            "parent": self.nodes.iter().map(|n| n.parent.map_or(-1, |p| p as i64)).collect::<Vec<_>>(),
            "ply": self.nodes.iter().map(|n| n.ply).collect::<Vec<_>>(),
            "leaf": self.nodes.iter().map(|n| n.leaf.map_or(-1, |x| v(x) as i64)).collect::<Vec<_>>(),
            "exact": self.nodes.iter().map(|n| v(n.exact)).collect::<Vec<_>>(),
            "path": paths,
            "type": types,
        });
        let runs: Vec<Json> = self
            .runs
            .iter()
            .map(|r| {
                let steps: Vec<Json> = r
                    .steps
                    .iter()
                    .map(|s| match s {
                        Step::Enter {
                            node,
                            alpha,
                            beta,
                            outcome,
                        } => {
                            // A position with no outcome reported counts as a
                            // bottom position, as in `Stats` ("p": none known).
                            let (kind, what) = match *outcome {
                                Outcome::Bottom(x) => ("b", json!(v(x))),
                                Outcome::Pending => ("p", Json::Null),
                                Outcome::Expanded(n) => ("x", json!(n)),
                                Outcome::Settled(x) => ("s", json!(v(x))),
                            };
                            json!(["e", node, v(*alpha), v(*beta), kind, what])
                        }
                        Step::Return { node, value } => json!(["r", node, v(*value)]),
                        Step::Cut {
                            node,
                            cutoff,
                            pruned,
                        } => json!([
                            "c",
                            node,
                            match cutoff.kind {
                                CutoffKind::Alpha => "alpha",
                                CutoffKind::Beta => "beta",
                            },
                            u8::from(cutoff.deep),
                            pruned
                        ]),
                    })
                    .collect();
                json!({
                    "name": r.name,
                    "description": r.description,
                    "value": v(r.value),
                    "counters": r.counters.to_json(),
                    "steps": steps,
                })
            })
            .collect();
        json!({
            "id": self.id,
            "title": self.title,
            "command": self.command,
            "values": table.labels(self.display),
            "neg": table.negations(),
            "nodes": nodes,
            "runs": runs,
            "skipped": self
                .skipped
                .iter()
                .map(|(name, why)| json!({"name": name, "reason": why}))
                .collect::<Vec<_>>(),
        })
    }
}

/// The distinct values of an exploration and their negations, indexed in
/// increasing order (so the page can compare values by their indices).
#[derive(Default)]
struct ValueTable(BTreeSet<Value>);

impl ValueTable {
    fn add(&mut self, v: Value) {
        self.0.insert(v);
        self.0.insert(-v);
    }
    fn index(&self) -> BTreeMap<Value, usize> {
        self.0.iter().enumerate().map(|(i, &v)| (v, i)).collect()
    }
    fn labels(&self, display: fn(Value) -> String) -> Vec<String> {
        self.0.iter().map(|&v| display(v)).collect()
    }
    fn negations(&self) -> Vec<usize> {
        let index = self.index();
        self.0.iter().map(|&v| index[&-v]).collect()
    }
}

/// The positions an exhaustive search of `game` below `root` to `depth`
/// examines, refused beyond [`MAX_POSITIONS`].
pub fn shape<G: Game>(game: &G, root: &G::Position, depth: u32) -> anyhow::Result<Vec<ShapeNode>> {
    let limits = Limits {
        nodes: Some(MAX_POSITIONS),
        ..Limits::default()
    };
    let mut s = Search::with_observer(game, Trace::default())
        .limits(limits)
        .track_pv(false);
    alphabeta_core::procedures::negamax(&mut s, root, depth);
    // The bottom positions below a leaf parent are counted after the fact
    // (the limit is not checked between them): the count decides too.
    if s.stopped() || s.nodes() > MAX_POSITIONS {
        bail!(
            "the tree has more than {MAX_POSITIONS} positions, more than the explorer draws; \
             give a smaller --depth (or a later tic-tac-toe --position, a smaller model)"
        );
    }
    Ok(shape_of(&s.into_observer()))
}

/// Runs one procedure (`run`) on `game` with the counters and the trace,
/// reads the trace as steps on `tree`, and checks that the steps add up to
/// the counters.
fn record<G: Game>(
    game: &G,
    tree: &[ShapeNode],
    name: &str,
    description: &str,
    run: impl FnOnce(&mut Search<'_, G, Instruments>) -> Result<Value, NotRun>,
) -> anyhow::Result<Run> {
    let mut s = Search::with_observer(game, (Stats::default(), Trace::default()));
    let value = run(&mut s).with_context(|| format!("procedure {name}"))?;
    let (stats, trace) = s.into_observer();
    let steps = match steps_of(tree, &trace) {
        Ok(steps) => steps,
        Err(e) => bail!("procedure {name}: {e}"),
    };
    let counters = Counters::of_stats(&stats);
    let replayed = Counters::of_steps(tree, &steps, steps.len());
    if replayed != counters {
        return Err(anyhow::anyhow!(
            "steps {replayed:?} against counters {counters:?}"
        ))
        .with_context(|| format!("procedure {name}: the recorded steps do not add up"));
    }
    Ok(Run {
        name: name.to_string(),
        description: description.to_string(),
        value,
        counters,
        steps,
    })
}
