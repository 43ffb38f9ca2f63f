//! `alphabeta search`: one game tree, any procedure, every counter.
//!
//! The tree comes from a file (`--file`), from the command line (a tree
//! text such as `"((3 12 8) (2 4 6) (14 5 2))"`), from the seeds' named
//! fixtures (`--tree pi`), or is a built-in game (`--game tictactoe`). The
//! procedures run through the core's registry ([`Named::run`]); this
//! command only writes their [`Outcome`]s, as a table or as the JSON
//! schema of docs/schema.md.

use std::fmt::Write as _;

use crate::args::TextJson;
use crate::output::Format;
use alphabeta_core::outcome::{Outcome, write_value};
use alphabeta_core::procedures::{Capabilities, Named, NotRun, RunOptions};
use alphabeta_core::resources::{Text, read_text_file};
use alphabeta_core::value::display;
use alphabeta_core::{INFINITY, NEG_INFINITY, Value};
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
  alphabeta search --game tictactoe -p f2 --format json
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
    /// Output: text (a table), or json (the schema of docs/schema.md).
    #[command(flatten)]
    output: TextJson,
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

/// `alphabeta procedures`: the list, with the seed each comes from.
pub fn list_procedures() -> anyhow::Result<()> {
    let mut text = String::new();
    for n in Named::all() {
        // The parallel procedure's option on this command line.
        let option = if n == Named::Ybwc { "; --threads" } else { "" };
        let _ = writeln!(text, "{:<14} {}{option}", n.name(), n.description());
    }
    super::print_out(&text)
}

/// The procedures `-p NAME` names: one of the registry, or every sequential
/// one for `all`.
fn chosen(name: &str) -> anyhow::Result<Vec<Named>> {
    if name == "all" {
        return Ok(Named::sequential().collect());
    }
    match name.parse::<Named>() {
        Ok(n) => Ok(vec![n]),
        Err(e) => bail!("{e}, all"),
    }
}

/// A refusal of the core, with the options that change the window on this
/// command line.
fn refusal(e: NotRun) -> anyhow::Error {
    match e {
        NotRun::NoWindow | NotRun::FullWindow(_) | NotRun::OwnWindows(_) => {
            anyhow::anyhow!("{e}; drop --alpha/--beta")
        }
        NotRun::OneBound => anyhow::anyhow!("{e}; drop --alpha"),
        e => e.into(),
    }
}

/// The JSON document of `--format json`: the input and window around the
/// outcomes (docs/schema.md).
#[derive(Serialize)]
struct Document<'a> {
    input: &'a str,
    #[serde(serialize_with = "write_value")]
    alpha: Value,
    #[serde(serialize_with = "write_value")]
    beta: Value,
    results: &'a [Outcome<u32>],
    skipped: &'a [String],
}

/// How moves and values are written in the table for one game.
struct Shown {
    mv: fn(u32) -> String,
    value: fn(Value) -> String,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let alpha = args.alpha.unwrap_or(NEG_INFINITY);
    let beta = args.beta.unwrap_or(INFINITY);
    if alpha >= beta {
        bail!(NotRun::EmptyWindow(alpha, beta));
    }
    let all = args.procedure == "all";
    let chosen = chosen(&args.procedure)?;
    let threads = match args.threads {
        Some(n) if chosen != [Named::Ybwc] => {
            bail!("--threads {n} is for the parallel procedure: use it with -p ybwc")
        }
        Some(n) => alphabeta_core::resources::worker_threads(Some(n))?,
        None => 1,
    };
    let options = RunOptions {
        depth: args.depth.unwrap_or(u32::MAX),
        window: (alpha, beta),
        threads,
        trace: args.trace,
        ..RunOptions::default()
    };
    let (title, (outcomes, skipped), shown) = if let Some(game) = &args.game {
        match game.as_str() {
            "tictactoe" | "tic-tac-toe" => {
                let g = TicTacToe;
                let found = search(&g, &g.start(), &chosen, all, &options, |&m| {
                    TicTacToe::square_number(m)
                })?;
                let shown = Shown {
                    mv: |n| format!("square {n}"),
                    value: display,
                };
                ("tic-tac-toe from the empty board".to_string(), found, shown)
            }
            other => bail!("unknown game {other:?}; built-in games: tictactoe"),
        }
    } else {
        let (title, tree) = load_tree(&args)?;
        let number = |&m: &u32| tree.move_number(m);
        let found = search(&tree, &Tree::ROOT, &chosen, all, &options, number)?;
        // An explicit tree's values are plain numbers, never "win in N".
        let shown = Shown {
            mv: |n| n.to_string(),
            value: display_plain,
        };
        (title, found, shown)
    };
    if args.output.format == Format::Json {
        let doc = Document {
            input: &title,
            alpha,
            beta,
            results: &outcomes,
            skipped: &skipped,
        };
        super::print_out(&(serde_json::to_string_pretty(&doc)? + "\n"))
    } else {
        let mut text = render(&title, &outcomes, &shown);
        if !skipped.is_empty() {
            let _ = writeln!(text, "\nskipped: {}", skipped.join(", "));
        }
        super::print_out(&text)
    }
}

/// Runs the chosen procedures on `game` from `root`, each move written as
/// `number` says. With `all`, the procedures the game or the window rule
/// out are skipped and listed (with why) instead of refused.
fn search<G: Capabilities>(
    game: &G,
    root: &G::Position,
    chosen: &[Named],
    all: bool,
    options: &RunOptions,
    number: impl Fn(&G::Move) -> u32,
) -> anyhow::Result<(Vec<Outcome<u32>>, Vec<String>)> {
    let mut run = chosen.to_vec();
    let mut skipped = Vec::new();
    if all {
        run.retain(|n| match n.runs_on::<G>() {
            Ok(()) => true,
            Err(NotRun::NotShared(_)) => {
                skipped.push(format!("{n} (cannot share the game between threads)"));
                false
            }
            Err(_) => {
                skipped.push(format!("{n} (needs optimistic/pessimistic values)"));
                false
            }
        });
        run.retain(|n| match n.takes_window(options.window) {
            Ok(()) => true,
            Err(NotRun::OneBound) => {
                skipped.push(format!("{n} (takes one bound, --beta)"));
                false
            }
            Err(_) => {
                skipped.push(format!("{n} (takes no window)"));
                false
            }
        });
    }
    let outcomes = run
        .iter()
        .map(|n| {
            n.run(game, root, options)
                .map(|o| o.map_moves(&number))
                .map_err(refusal)
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok((outcomes, skipped))
}

/// A value as a plain number, with only the infinities spelled out: the value
/// a tree text gave, as it gave it.
pub(crate) use alphabeta_core::value::plain as display_plain;

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

fn render(title: &str, outcomes: &[Outcome<u32>], shown: &Shown) -> String {
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
            (shown.value)(o.value),
            o.positions_examined,
            o.bottom_positions,
            o.move_generations,
            o.alpha_cutoffs,
            o.beta_cutoffs,
            o.deep_cutoffs,
            o.pruned_branches,
            o.re_searches,
            o.best_move.map_or("-".to_string(), shown.mv),
            o.examined_per_level,
            o.bottom_per_level,
        );
    }
    for o in outcomes {
        let trace = o.trace.as_deref().unwrap_or_default();
        if !o.principal_variation.is_empty() || !trace.is_empty() {
            let pv: Vec<String> = o
                .principal_variation
                .iter()
                .map(|&m| (shown.mv)(m))
                .collect();
            let _ = writeln!(
                out,
                "\n{}: principal variation {}",
                o.procedure,
                pv.join(" ")
            );
            let types: Vec<String> = o
                .node_types
                .labelled()
                .filter(|&(_, n)| n > 0)
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
            for line in trace {
                let leaf = line
                    .leaf_value
                    .map(|v| format!(" = {}", (shown.value)(v)))
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "  {} ({}, {}){leaf}",
                    line.path,
                    (shown.value)(line.alpha),
                    (shown.value)(line.beta)
                );
            }
        }
    }
    out
}
