//! `alphabeta minimal-tree`: the fewest terminal positions any procedure
//! must examine to prove a root value (Knuth & Moore §6–§7), and the order
//! of successors under which alpha-beta examines exactly that many.

use std::collections::HashMap;
use std::fmt::Write as _;

use alphabeta_core::minimal::{MinimalTree, minimal_tree};
use alphabeta_core::procedures as p;
use alphabeta_core::value::display;
use alphabeta_core::{Game, INFINITY, NEG_INFINITY, Search, Stats};
use alphabeta_trees::tictactoe::TicTacToe;
use alphabeta_trees::{Convention, Tree};
use anyhow::bail;
use serde::Serialize;

use super::search::{ConventionArg, display_plain, read_tree};
use crate::args::{DepthLimit, TextJson};
use crate::output::{self, Format};

/// Options of `alphabeta minimal-tree`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  alphabeta minimal-tree --tree pi                 17 of the pi tree's 81 leaves (F2: 31)
  alphabeta minimal-tree \"(4 ((3 2) 4))\" --show-order
  alphabeta minimal-tree --game tictactoe --format json
The tree inputs are those of `alphabeta search`.")]
pub struct Args {
    /// A tree written inline, e.g. "((3 12 8) (2 4 6) (14 5 2))".
    #[arg(conflicts_with_all = ["file", "tree", "game"])]
    text: Option<String>,
    /// Read the tree text from this file.
    #[arg(long, conflicts_with_all = ["tree", "game"])]
    file: Option<std::path::PathBuf>,
    /// A tree from the seeds: pi, knuth-fig4, knuth-fig4-permuted, knuth-fig5, fuller-fig1.1, textbook.
    #[arg(long, conflicts_with = "game")]
    tree: Option<String>,
    /// A built-in game: tictactoe.
    #[arg(long)]
    game: Option<String>,
    /// Whose viewpoint the leaf values of a tree text are from: minmax (the default) or negamax.
    #[arg(long, value_enum, conflicts_with_all = ["tree", "game"])]
    convention: Option<ConventionArg>,
    #[command(flatten)]
    depth: DepthLimit,
    /// Refuse once this many positions have been visited (the work is at most
    /// depth + 2 times the size of the tree).
    #[arg(long, default_value_t = 50_000_000)]
    max_positions: u64,
    /// Print the tree with its successors in the minimal order (explicit trees only).
    #[arg(long, conflicts_with = "game")]
    show_order: bool,
    #[command(flatten)]
    format: TextJson,
}

/// What the command found.
#[derive(Serialize)]
struct Found {
    input: String,
    value: String,
    minimal_terminal_positions: u64,
    f2_natural_order: u64,
    f2_minimal_order: u64,
    positions_visited: u64,
    positions_reordered: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    reordered_tree: Option<String>,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let depth = args.depth.plies();
    let found = match &args.game {
        Some(game) => match game.as_str() {
            "tictactoe" | "tic-tac-toe" => {
                let g = TicTacToe;
                let (m, natural, reordered) = measure(&g, &g.start(), depth, args.max_positions)?;
                Found {
                    input: "tic-tac-toe from the empty board".into(),
                    value: display(m.value),
                    minimal_terminal_positions: m.leaves,
                    f2_natural_order: natural,
                    f2_minimal_order: reordered,
                    positions_visited: m.visited,
                    positions_reordered: m.permutations().len(),
                    reordered_tree: None,
                }
            }
            other => bail!("unknown game {other:?}; built-in games: tictactoe"),
        },
        None => {
            let (title, tree) = read_tree(
                args.text.as_deref(),
                args.file.as_deref(),
                args.tree.as_deref(),
                args.convention,
            )?;
            let (m, natural, reordered) = measure(&tree, &Tree::ROOT, depth, args.max_positions)?;
            let reordered_tree = args
                .show_order
                .then(|| reorder(&tree, &m).to_text(Convention::MinMax));
            Found {
                input: title,
                value: display_plain(m.value),
                minimal_terminal_positions: m.leaves,
                f2_natural_order: natural,
                f2_minimal_order: reordered,
                positions_visited: m.visited,
                positions_reordered: m.permutations().len(),
                reordered_tree,
            }
        }
    };
    if args.format.format == Format::Json {
        super::print_out(&output::json(&found)?)
    } else {
        super::print_out(&render(&found))
    }
}

/// The minimal tree, and the bottom positions F2 examines in the natural
/// order and in the minimal one.
fn measure<G: Game>(
    game: &G,
    root: &G::Position,
    depth: u32,
    max_positions: u64,
) -> anyhow::Result<(MinimalTree, u64, u64)> {
    let m = minimal_tree(game, root, depth, max_positions)?;
    let mut s = Search::with_observer(game, Stats::default());
    p::alpha_beta_fail_hard(&mut s, root, depth, NEG_INFINITY, INFINITY);
    let natural = s.into_observer().leaves();
    let (reordered_game, start) = m.reordered(game, root);
    let mut s = Search::with_observer(&reordered_game, Stats::default());
    let v = p::alpha_beta_fail_hard(&mut s, &start, depth, NEG_INFINITY, INFINITY);
    let reordered = s.into_observer().leaves();
    debug_assert_eq!(v, m.value);
    Ok((m, natural, reordered))
}

/// The tree with the successors of every reordered position in the minimal
/// order.
fn reorder(tree: &Tree, m: &MinimalTree) -> Tree {
    let perms: HashMap<Vec<u32>, Vec<u32>> = m.permutations().into_iter().collect();
    tree.reordered(|node, kids| {
        if let Some(order) = perms.get(&tree.path(node).0) {
            let natural = kids.clone();
            *kids = order.iter().map(|&r| natural[r as usize - 1]).collect();
        }
    })
}

fn render(f: &Found) -> String {
    let mut out = format!("{}\n\n", f.input);
    let ratio = |n: u64| {
        if f.minimal_terminal_positions == 0 {
            String::new()
        } else {
            format!(
                " ({:.3} × minimal)",
                n as f64 / f.minimal_terminal_positions as f64
            )
        }
    };
    let _ = writeln!(out, "root value                          {}", f.value);
    let _ = writeln!(
        out,
        "minimal tree (Knuth & Moore §6-§7)  {} terminal positions",
        f.minimal_terminal_positions
    );
    let _ = writeln!(
        out,
        "f2, natural order                   {} terminal positions{}",
        f.f2_natural_order,
        ratio(f.f2_natural_order)
    );
    let _ = writeln!(
        out,
        "f2, minimal order                   {} terminal positions ({} positions reordered)",
        f.f2_minimal_order, f.positions_reordered
    );
    if let Some(text) = &f.reordered_tree {
        let _ = writeln!(
            out,
            "\nthe tree in the minimal order (min/max view):\n{text}"
        );
    }
    out
}
