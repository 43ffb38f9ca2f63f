//! `alphabeta explore`: a self-contained page that steps through the
//! procedures on one tree in a browser (the work is done by
//! `alphabeta-explorer`; this file reads the options).

use std::path::PathBuf;

use alphabeta_core::resources::{Text, read_text_file};
use alphabeta_explorer::{Exploration, input, write_page};
use alphabeta_models::ModelSpec;
use alphabeta_trees::Convention;
use anyhow::{Context, bail};

use crate::args::{DepthLimit, ModelOptions};

/// Options of `alphabeta explore`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  alphabeta explore --tree pi --out pi.html               Knuth's pi tree; F1 beside F2
  alphabeta explore \"((3 12 8) (2 4 6) (14 5 2))\" --out textbook.html
  alphabeta explore --game tictactoe --position \"X.O.X....\" --out ttt.html
  alphabeta explore --model range --n 3 --d 4 --r 10 --seed 7 --out random.html
  alphabeta explore --named --out trees.html             every named tree of the seeds
The page opens from disk (no network, no server). Trees as in `alphabeta search`; at most
20000 positions (give --depth for larger games).")]
pub struct Args {
    /// A tree written inline, e.g. "((3 12 8) (2 4 6) (14 5 2))".
    #[arg(conflicts_with_all = ["file", "tree", "game", "model", "named"])]
    text: Option<String>,
    /// Read the tree text from this file.
    #[arg(long, conflicts_with_all = ["tree", "game", "model", "named"])]
    file: Option<PathBuf>,
    /// A tree from the seeds: pi, knuth-fig4, knuth-fig4-permuted, knuth-fig5, fuller-fig1.1, textbook.
    #[arg(long, conflicts_with_all = ["game", "model", "named"])]
    tree: Option<String>,
    /// Every named tree of the seeds in one page (what `reproduce` writes).
    #[arg(long, conflicts_with_all = ["game", "model"])]
    named: bool,
    /// A built-in game: tictactoe.
    #[arg(long, conflicts_with = "model")]
    game: Option<String>,
    /// tictactoe: the position to start from, 9 squares row by row (X, O or .), e.g. "X.O.X....".
    #[arg(long, requires = "game")]
    position: Option<String>,
    /// A random tree of this model (uniform, range, additive, dependent, branching).
    #[arg(long)]
    model: Option<String>,
    // The model's options, taken with --model only.
    #[command(flatten)]
    model_options: ModelOptions,
    /// Model: the tree seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Whose viewpoint the leaf values of a tree text are from: minmax (Max's, the default)
    /// or negamax (the side to move at the leaf).
    #[arg(long, value_enum, conflicts_with_all = ["tree", "game", "model", "named"])]
    convention: Option<ConventionArg>,
    #[command(flatten)]
    depth: DepthLimit,
    /// The two procedures the page opens with, side by side.
    #[arg(long, value_delimiter = ',', num_args = 1, default_value = "f1,f2")]
    compare: Vec<String>,
    /// The page to write.
    #[arg(long)]
    out: PathBuf,
}

/// `--convention`: how the leaf values of a tree text are read.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum ConventionArg {
    /// Every value from Max's viewpoint (the root player's).
    #[value(alias = "min-max")]
    Minmax,
    /// Every leaf value from the viewpoint of the side to move at that leaf.
    Negamax,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.model.is_none() && args.model_options.any_given() {
        bail!(
            "the model options (--n, --d, --r, --spread, --q, --mean-branching, --ordering, --p) describe a random tree: give --model too"
        );
    }
    let depth = args.depth.plies();
    let out = args.out.display().to_string();
    let trees: Vec<Exploration> = if args.named {
        if args.depth.depth.is_some() {
            bail!("--named explores every named tree in full; drop --depth");
        }
        input::named_trees()?
    } else if let Some(name) = &args.tree {
        let command = format!("alphabeta explore --tree {name} --out {out}");
        vec![input::named_tree(name, depth, &command)?]
    } else if let Some(game) = &args.game {
        if !matches!(game.as_str(), "tictactoe" | "tic-tac-toe") {
            bail!("unknown game {game:?}; built-in games: tictactoe");
        }
        let command = "alphabeta explore --game tictactoe ...".to_string();
        vec![input::tictactoe(args.position.as_deref(), depth, &command)?]
    } else if let Some(model) = &args.model {
        if args.depth.depth.is_some() {
            bail!("a model tree is explored to its own depth (--d); drop --depth");
        }
        let spec =
            ModelSpec::from_params(model, &args.model_options.params()).context("invalid model")?;
        let command = format!("alphabeta explore --model {model} ... --seed {}", args.seed);
        vec![input::model(&spec, args.seed, &command)?]
    } else {
        let convention = match args.convention {
            None | Some(ConventionArg::Minmax) => Convention::MinMax,
            Some(ConventionArg::Negamax) => Convention::NegaMax,
        };
        let (title, text) = match (&args.file, &args.text) {
            (Some(path), _) => (
                format!("tree file {}", path.display()),
                read_text_file(path, Text::Utf8).context("cannot read the tree file")?,
            ),
            (None, Some(text)) => ("tree given inline".to_string(), text.clone()),
            (None, None) => bail!(
                "give a tree (text, --file, --tree or --named), a game (--game) or a model (--model); see --help"
            ),
        };
        let command = "alphabeta explore TREE --out FILE".to_string();
        vec![input::tree_text(
            &text, convention, depth, &title, &command,
        )?]
    };
    let [a, b] = match args.compare.as_slice() {
        [a, b] => [a.as_str(), b.as_str()],
        _ => bail!("--compare takes two procedure names, e.g. f1,f2"),
    };
    for name in [a, b] {
        if !trees[0].runs.iter().any(|r| r.name == name) {
            let known: Vec<_> = trees[0].runs.iter().map(|r| r.name.as_str()).collect();
            bail!(
                "--compare: no procedure {name:?} here; known: {}",
                known.join(", ")
            );
        }
    }
    write_page(&args.out, &trees, [a, b])?;
    let positions: usize = trees.iter().map(|t| t.nodes.len()).sum();
    super::print_out(&format!(
        "wrote {} ({} tree{}, {} positions, {} procedures each); open it in a browser\n",
        args.out.display(),
        trees.len(),
        if trees.len() == 1 { "" } else { "s" },
        positions,
        trees[0].runs.len()
    ))
}
