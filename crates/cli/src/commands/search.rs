//! `alphabeta search`: one game tree, any procedure, every counter.
//!
//! The tree comes from a file (`--file`), from the command line (a tree
//! text such as `"((3 12 8) (2 4 6) (14 5 2))"`), from the seeds' named
//! fixtures (`--tree pi`), or is a built-in game (`--game tictactoe`).

use std::fmt::Write as _;

use alphabeta_core::parallel::{SharedGame, YbwcOptions, ybwc};
use alphabeta_core::procedures as p;
use alphabeta_core::resources::{Text, read_text_file};
use alphabeta_core::value::display;
use alphabeta_core::{
    Game, HashedGame, INFINITY, Limits, NEG_INFINITY, NodeType, NodeTypes, Procedure, Search,
    Stats, Trace, Value,
};
use alphabeta_trees::tictactoe::TicTacToe;
use alphabeta_trees::{Convention, Tree, fixtures};
use anyhow::{Context, bail};
use serde::Serialize;

/// Options of `alphabeta search`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  alphabeta search --tree pi                       Knuth's pi tree, every procedure
  alphabeta search \"((3 12 8) (2 4 6) (14 5 2))\" -p f2 --trace
  alphabeta search --file tree.txt -p f3 --alpha 0 --beta 5
  alphabeta search --game tictactoe -p f2 --json
  alphabeta search --game tictactoe -p ybwc --threads 2
Tree text: nested lists of integer leaf values, e.g. ((3 12 8) (2 4 6)); inf and -inf
are allowed; # starts a comment. Values are read from Max's (the root player's)
viewpoint unless --convention negamax. Magnitudes from 2^56 - 2^20 to 2^56 are wins
scored by distance (2^56 - k wins in k plies), as the search reads them.")]
pub struct Args {
    /// A tree written inline, e.g. "((3 12 8) (2 4 6) (14 5 2))".
    #[arg(conflicts_with_all = ["file", "tree", "game"])]
    text: Option<String>,
    /// Read the tree text from this file (UTF-8 text, at most 64 MiB).
    #[arg(long, conflicts_with_all = ["tree", "game"])]
    file: Option<std::path::PathBuf>,
    /// A tree from the seeds: pi, knuth-fig4, knuth-fig4-permuted, knuth-fig5, fuller-fig1.1, textbook.
    #[arg(long, conflicts_with = "game")]
    tree: Option<String>,
    /// A built-in game: tictactoe.
    #[arg(long)]
    game: Option<String>,
    /// The procedure, or "all" for every one (see `alphabeta procedures`).
    #[arg(short, long, default_value = "all")]
    procedure: String,
    /// Whose viewpoint the leaf values of a tree text (inline or --file) are from: minmax
    /// (Max's, the default) or negamax (the side to move at the leaf). The named trees of
    /// --tree carry their own convention.
    #[arg(long, value_enum, conflicts_with_all = ["tree", "game"])]
    convention: Option<ConventionArg>,
    /// Depth limit in plies (default: search to the end of the tree or game).
    #[arg(long)]
    depth: Option<u32>,
    /// Lower end of the root window: an integer, or -inf (the default). With -p all, the
    /// procedures that take no window (or, for f1, no lower bound) are skipped.
    #[arg(long, allow_hyphen_values = true, value_parser = parse_bound)]
    alpha: Option<Value>,
    /// Upper end of the root window: an integer, or +inf (the default).
    #[arg(long, allow_hyphen_values = true, value_parser = parse_bound)]
    beta: Option<Value>,
    /// Print every examined node as a Dewey path with its window (trees only, not --game).
    #[arg(long, conflicts_with = "game")]
    trace: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Threads of the parallel procedure ybwc (Young Brothers Wait), 1 to the number of
    /// cores (default 1); more than the machine has is refused.
    #[arg(long)]
    threads: Option<usize>,
}

/// `--convention`: how the leaf values of a tree text are read.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub(crate) enum ConventionArg {
    /// Every value from Max's viewpoint (the root player's).
    #[value(alias = "min-max")]
    Minmax,
    /// Every leaf value from the viewpoint of the side to move at that leaf.
    Negamax,
}

/// Reads a window bound: an integer strictly between -inf and +inf, or `inf`, `+inf`, `-inf`.
fn parse_bound(text: &str) -> Result<Value, String> {
    match text.trim() {
        "inf" | "+inf" => Ok(INFINITY),
        "-inf" => Ok(NEG_INFINITY),
        t => match t.parse::<Value>() {
            Ok(v) if v > NEG_INFINITY => Ok(v),
            Ok(_) => Err(format!("{t} is below -inf; write -inf")),
            Err(e) => Err(format!("{e}; expected an integer, inf or -inf")),
        },
    }
}

/// The procedures the command can run: the registry's
/// ([`p::Named`]: the core's [`Procedure`]s and the extras that need more
/// than a [`Game`]), and the parallel one.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Choice {
    Core(Procedure),
    Extra(p::Extra),
    /// Young Brothers Wait on `--threads` threads (not part of `all`).
    Ybwc,
}

/// The parallel procedure: named on its own, not run by `-p all`.
const YBWC: (&str, &str) = (
    "ybwc",
    "parallel fail-hard alpha-beta, Young Brothers Wait driven by node types (Hsu slide 43); --threads",
);

impl Choice {
    fn all() -> Vec<Choice> {
        p::Named::all().map(Choice::from).collect()
    }

    fn name(self) -> &'static str {
        match self {
            Choice::Core(p) => p.name(),
            Choice::Extra(e) => e.name(),
            Choice::Ybwc => YBWC.0,
        }
    }

    /// The registry's procedure, `None` for the parallel one.
    fn named(self) -> Option<p::Named> {
        match self {
            Choice::Core(p) => Some(p::Named::Core(p)),
            Choice::Extra(e) => Some(p::Named::Extra(e)),
            Choice::Ybwc => None,
        }
    }

    fn parse(name: &str) -> anyhow::Result<Vec<Choice>> {
        if name == "all" {
            return Ok(Choice::all());
        }
        if name == YBWC.0 {
            return Ok(vec![Choice::Ybwc]);
        }
        match name.parse::<p::Named>() {
            Ok(n) => Ok(vec![Choice::from(n)]),
            Err(e) => bail!("{e}, {}, all", YBWC.0),
        }
    }
}

impl From<p::Named> for Choice {
    fn from(n: p::Named) -> Choice {
        match n {
            p::Named::Core(p) => Choice::Core(p),
            p::Named::Extra(e) => Choice::Extra(e),
        }
    }
}

/// `alphabeta procedures`: the list, with the seed each comes from.
pub fn list_procedures() -> anyhow::Result<()> {
    let mut text = String::new();
    for n in p::Named::all() {
        let _ = writeln!(text, "{:<14} {}", n.name(), n.description());
    }
    let _ = writeln!(text, "{:<14} {}", YBWC.0, YBWC.1);
    super::print_out(&text)
}

/// What one procedure reported.
#[derive(Serialize)]
struct Outcome {
    procedure: String,
    value: String,
    best_move: Option<String>,
    principal_variation: Vec<String>,
    positions_examined: u64,
    bottom_positions: u64,
    move_generations: u64,
    examined_per_level: Vec<u64>,
    bottom_per_level: Vec<u64>,
    alpha_cutoffs: u64,
    beta_cutoffs: u64,
    deep_cutoffs: u64,
    pruned_branches: u64,
    deep_pruned_branches: u64,
    re_searches: u64,
    node_types: Vec<(String, u64)>,
    trace: Vec<String>,
    /// What the parallel procedure did (ybwc only).
    #[serde(skip_serializing_if = "Option::is_none")]
    parallel: Option<ParallelOutcome>,
}

/// The split points and predicted node types of a ybwc search; with more
/// than one thread these depend on timing (docs/procedures.md).
#[derive(Serialize)]
struct ParallelOutcome {
    threads: usize,
    split_points: u64,
    /// Interior positions by predicted type (1, 2, 3).
    expanded_by_predicted_type: [u64; 3],
    /// Predicted type-2 positions that examined every successor without a cutoff.
    type2_not_cut: u64,
    /// Predicted type-3 positions that cut off.
    type3_cut: u64,
    /// Share of the predicted type-2 interior positions that did not cut off.
    type2_not_cut_share: f64,
    /// Younger brothers searched, and those another thread took over.
    brothers_searched: u64,
    brothers_helped: u64,
    brothers_aborted: u64,
    /// Time the owners of split points waited for the other threads (ns).
    wait_ns: u64,
    positions_per_thread: Vec<u64>,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let alpha = args.alpha.unwrap_or(NEG_INFINITY);
    let beta = args.beta.unwrap_or(INFINITY);
    if alpha >= beta {
        bail!(p::NotRun::EmptyWindow(alpha, beta));
    }
    let all = args.procedure == "all";
    let mut choices = Choice::parse(&args.procedure)?;
    let threads = match args.threads {
        Some(n) if choices != [Choice::Ybwc] => {
            bail!("--threads {n} is for the parallel procedure: use it with -p ybwc")
        }
        Some(n) => alphabeta_core::resources::worker_threads(Some(n))?,
        None => 1,
    };
    let mut skipped = Vec::new();
    if let Some(game) = &args.game
        && all
    {
        // Only explicit trees carry McCarthy's optimistic and pessimistic values.
        if matches!(game.as_str(), "tictactoe" | "tic-tac-toe") {
            skipped.push(format!(
                "{} (needs optimistic/pessimistic values)",
                p::Extra::McCarthy.name()
            ));
            choices.retain(|&c| c != Choice::Extra(p::Extra::McCarthy));
        }
    }
    if all {
        // With a window, run the procedures that take it and say which were left out.
        let skip = |c: Choice| c.named()?.takes_window((alpha, beta)).err();
        for &c in &choices {
            match skip(c) {
                Some(p::NotRun::OneBound) => {
                    skipped.push(format!("{} (takes one bound, --beta)", c.name()))
                }
                Some(_) => skipped.push(format!("{} (takes no window)", c.name())),
                None => {}
            }
        }
        choices.retain(|&c| skip(c).is_none());
    }
    let depth = args.depth.unwrap_or(u32::MAX);
    let window = (alpha, beta);
    let (title, outcomes) = if let Some(game) = &args.game {
        match game.as_str() {
            "tictactoe" | "tic-tac-toe" => {
                let g = TicTacToe;
                let show = |m: &u8| format!("square {}", m + 1);
                let shown = Shown {
                    mv: &show,
                    value: display,
                };
                let outcomes = choices
                    .iter()
                    .map(|&c| search(&g, &g.start(), c, depth, window, false, threads, &shown))
                    .collect::<anyhow::Result<Vec<_>>>()?;
                ("tic-tac-toe from the empty board".to_string(), outcomes)
            }
            other => bail!("unknown game {other:?}; built-in games: tictactoe"),
        }
    } else {
        let (title, tree) = load_tree(&args)?;
        let show = |m: &u32| tree.path(*m).0.last().map_or(String::new(), u32::to_string);
        // An explicit tree's values are plain numbers, never "win in N".
        let shown = Shown {
            mv: &show,
            value: display_plain,
        };
        let outcomes = choices
            .iter()
            .map(|&c| {
                search(
                    &tree,
                    &Tree::ROOT,
                    c,
                    depth,
                    window,
                    args.trace,
                    threads,
                    &shown,
                )
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        (title, outcomes)
    };
    if args.json {
        let doc = serde_json::json!({
            "input": title,
            "alpha": display_plain(alpha),
            "beta": display_plain(beta),
            "results": outcomes,
            "skipped": skipped,
        });
        super::print_out(&(serde_json::to_string_pretty(&doc)? + "\n"))
    } else {
        let mut text = render(&title, &outcomes);
        if !skipped.is_empty() {
            let _ = writeln!(text, "\nskipped: {}", skipped.join(", "));
        }
        super::print_out(&text)
    }
}

/// A value as a plain number, with only the infinities spelled out: the value
/// a tree text gave, as it gave it.
pub(crate) use alphabeta_core::value::plain as display_plain;

/// How moves and values are written for one game.
struct Shown<'a, M> {
    mv: &'a dyn Fn(&M) -> String,
    value: fn(Value) -> String,
}

fn load_tree(args: &Args) -> anyhow::Result<(String, Tree)> {
    read_tree(
        args.text.as_deref(),
        args.file.as_deref(),
        args.tree.as_deref(),
        args.convention,
    )
}

/// The tree given inline (`text`), in a file, or by name, with its title:
/// the tree inputs `search` and `minimal-tree` share.
pub(crate) fn read_tree(
    text: Option<&str>,
    file: Option<&std::path::Path>,
    tree: Option<&str>,
    convention: Option<ConventionArg>,
) -> anyhow::Result<(String, Tree)> {
    let convention = match convention {
        None | Some(ConventionArg::Minmax) => Convention::MinMax,
        Some(ConventionArg::Negamax) => Convention::NegaMax,
    };
    if let Some(name) = tree {
        let tree = fixtures::by_name(name).with_context(|| {
            let names: Vec<_> = fixtures::named().into_iter().map(|f| f.0).collect();
            format!("no tree called {name:?}; named trees: {}", names.join(", "))
        })?;
        return Ok((format!("tree {name}"), tree));
    }
    let (title, text) = match (file, text) {
        (Some(path), _) => {
            let text = read_text_file(path, Text::Utf8).context("cannot read tree file")?;
            (format!("tree file {}", path.display()), text)
        }
        (None, Some(text)) => ("tree given inline".to_string(), text.to_string()),
        (None, None) => {
            bail!("give a tree (text, --file or --tree) or a game (--game); see --help")
        }
    };
    let tree = Tree::parse_with(&text, convention).with_context(|| format!("malformed {title}"))?;
    Ok((title, tree))
}

/// The counting instruments, node types and (for trees) the trace.
type Instruments = ((Stats, NodeTypes), Trace);

#[allow(clippy::too_many_arguments)]
fn search<G>(
    game: &G,
    root: &G::Position,
    choice: Choice,
    depth: u32,
    (alpha, beta): (Value, Value),
    trace: bool,
    threads: usize,
    shown: &Shown<'_, G::Move>,
) -> anyhow::Result<Outcome>
where
    G: HashedGame + MaybeBounded + SharedGame,
{
    if choice == Choice::Ybwc {
        let options = YbwcOptions {
            threads,
            ..YbwcOptions::default()
        };
        let r = ybwc(
            game,
            root,
            depth,
            (alpha, beta),
            Instruments::default(),
            Limits::none(),
            options,
        )?;
        let mut outcome = report(choice, r.value, &r.pv, r.observer, trace, shown);
        outcome.parallel = Some(ParallelOutcome {
            threads,
            split_points: r.stats.splits,
            expanded_by_predicted_type: r.stats.expanded,
            type2_not_cut: r.stats.cut_nodes_not_cut,
            type3_cut: r.stats.all_nodes_cut,
            type2_not_cut_share: r.stats.cut_prediction_failures(),
            brothers_searched: r.stats.brothers_searched,
            brothers_helped: r.stats.brothers_helped,
            brothers_aborted: r.stats.brothers_aborted,
            wait_ns: r.stats.wait_ns,
            positions_per_thread: r.stats.nodes_per_thread,
        });
        return Ok(outcome);
    }
    let named = choice.named().expect("ybwc is searched above");
    let instruments: Instruments = Default::default();
    let mut s = Search::with_observer(game, instruments);
    let value = named.run_windowed(&mut s, root, depth, (alpha, beta), G::mccarthy())?;
    let pv = s.principal_variation();
    Ok(report(choice, value, &pv, s.into_observer(), trace, shown))
}

/// What a procedure found and its instruments counted.
fn report<M>(
    choice: Choice,
    value: Value,
    pv: &[M],
    ((stats, types), tr): Instruments,
    trace: bool,
    shown: &Shown<'_, M>,
) -> Outcome {
    let pv: Vec<String> = pv.iter().map(shown.mv).collect();
    let node_types = NodeType::ALL
        .iter()
        .map(|&t| (t.label().to_string(), types.total(t)))
        .filter(|&(_, n)| n > 0)
        .collect();
    let trace = if trace {
        tr.entries
            .iter()
            .map(|e| {
                let leaf = e
                    .leaf_value
                    .map(|v| format!(" = {}", (shown.value)(v)))
                    .unwrap_or_default();
                format!(
                    "{} ({}, {}){leaf}",
                    e.path,
                    (shown.value)(e.alpha),
                    (shown.value)(e.beta)
                )
            })
            .collect()
    } else {
        Vec::new()
    };
    Outcome {
        procedure: choice.name().to_string(),
        value: (shown.value)(value),
        best_move: pv.first().cloned(),
        principal_variation: pv,
        positions_examined: stats.nodes(),
        bottom_positions: stats.leaves(),
        move_generations: stats.expansions(),
        examined_per_level: stats.nodes_per_ply(),
        bottom_per_level: stats.leaves_per_ply(),
        alpha_cutoffs: stats.alpha_cutoffs,
        beta_cutoffs: stats.beta_cutoffs,
        deep_cutoffs: stats.deep_cutoffs,
        pruned_branches: stats.pruned,
        deep_pruned_branches: stats.deep_pruned,
        re_searches: stats.re_searches,
        node_types,
        trace,
        parallel: None,
    }
}

/// McCarthy's procedure needs optimistic and pessimistic values, which only
/// explicit trees provide here.
trait MaybeBounded: Game + Sized {
    /// McCarthy's procedure for this game, if it has his bounds.
    fn mccarthy<O: alphabeta_core::Observer>() -> Option<p::McCarthy<Self, O>> {
        None
    }
}

impl MaybeBounded for Tree {
    fn mccarthy<O: alphabeta_core::Observer>() -> Option<p::McCarthy<Self, O>> {
        Some(p::alpha_beta_mccarthy)
    }
}

impl MaybeBounded for TicTacToe {}

fn render(title: &str, outcomes: &[Outcome]) -> String {
    let mut out = format!("{title}\n\n");
    let _ = writeln!(
        out,
        "{:<13} {:>9} {:>9} {:>9} {:>7} {:>6} {:>6} {:>5} {:>7} {:>8}  {:<10} per-level examined / bottom",
        "procedure",
        "value",
        "examined",
        "bottom",
        "expand",
        "alpha",
        "beta",
        "deep",
        "pruned",
        "research",
        "best"
    );
    for o in outcomes {
        let _ = writeln!(
            out,
            "{:<13} {:>9} {:>9} {:>9} {:>7} {:>6} {:>6} {:>5} {:>7} {:>8}  {:<10} {:?} / {:?}",
            o.procedure,
            o.value,
            o.positions_examined,
            o.bottom_positions,
            o.move_generations,
            o.alpha_cutoffs,
            o.beta_cutoffs,
            o.deep_cutoffs,
            o.pruned_branches,
            o.re_searches,
            o.best_move.as_deref().unwrap_or("-"),
            o.examined_per_level,
            o.bottom_per_level,
        );
    }
    for o in outcomes {
        if !o.principal_variation.is_empty() || !o.trace.is_empty() {
            let _ = writeln!(
                out,
                "\n{}: principal variation {}",
                o.procedure,
                o.principal_variation.join(" ")
            );
            let types: Vec<String> = o
                .node_types
                .iter()
                .map(|(t, n)| format!("type {t}: {n}"))
                .collect();
            let _ = writeln!(
                out,
                "  node types (Knuth Thm 1 / Hsu): {}",
                types.join(", ")
            );
            if let Some(p) = &o.parallel {
                let [t1, t2, t3] = p.expanded_by_predicted_type;
                let _ = writeln!(
                    out,
                    "  {} thread(s), {} split points, positions per thread {:?}; interior positions \
                     predicted type 1/2/3: {t1}/{t2}/{t3}, type 2 that did not cut: {} ({:.1} %), \
                     type 3 that cut: {}; younger brothers searched {} (by another thread {}), \
                     abandoned {}; owners waited {:.3} ms",
                    p.threads,
                    p.split_points,
                    p.positions_per_thread,
                    p.type2_not_cut,
                    100.0 * p.type2_not_cut_share,
                    p.type3_cut,
                    p.brothers_searched,
                    p.brothers_helped,
                    p.brothers_aborted,
                    p.wait_ns as f64 / 1e6
                );
            }
            for line in &o.trace {
                let _ = writeln!(out, "  {line}");
            }
        }
    }
    out
}
