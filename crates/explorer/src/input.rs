//! The trees the explorer accepts: the seeds' named trees, a tree text, a
//! random tree of any model, tic-tac-toe from a position.

use alphabeta_core::Game;
use alphabeta_models::{ModelKind, ModelSpec, ModelVisitor, TreeModel};
use alphabeta_trees::tictactoe::{Board, TicTacToe};
use alphabeta_trees::{Convention, Tree, fixtures};
use anyhow::{Context, bail};

use crate::export::{Exploration, MAX_POSITIONS, display_game, display_number};

/// Every named tree of the seeds (`alphabeta search --tree NAME`), explored.
pub fn named_trees() -> anyhow::Result<Vec<Exploration>> {
    fixtures::named()
        .into_iter()
        .map(|(name, description, tree)| {
            let title = format!("{name}: {description}");
            let command = format!("alphabeta explore --tree {name} --out {name}.html");
            Exploration::of_bounded_game(
                &tree,
                &Tree::ROOT,
                u32::MAX,
                name,
                &title,
                &command,
                display_number,
            )
        })
        .collect()
}

/// A named tree of the seeds, explored to `depth`.
pub fn named_tree(name: &str, depth: u32, command: &str) -> anyhow::Result<Exploration> {
    let (name, description, tree) = fixtures::named()
        .into_iter()
        .find(|f| f.0 == name)
        .with_context(|| {
            let names: Vec<_> = fixtures::named().into_iter().map(|f| f.0).collect();
            format!("no tree called {name:?}; named trees: {}", names.join(", "))
        })?;
    let title = format!("{name}: {description}");
    Exploration::of_bounded_game(
        &tree,
        &Tree::ROOT,
        depth,
        name,
        &title,
        command,
        display_number,
    )
}

/// A tree text (see `alphabeta search --help`), explored to `depth`.
pub fn tree_text(
    text: &str,
    convention: Convention,
    depth: u32,
    title: &str,
    command: &str,
) -> anyhow::Result<Exploration> {
    let tree = Tree::parse_with(text, convention).with_context(|| format!("malformed {title}"))?;
    Exploration::of_bounded_game(
        &tree,
        &Tree::ROOT,
        depth,
        "tree",
        title,
        command,
        display_number,
    )
}

/// Reads a tic-tac-toe position: nine squares, row by row, each `X`, `O`
/// or `.` (also `-`, `_`); spaces and `/` between rows are ignored. X moves
/// first, so X is to move when both have as many marks, O when X has one
/// more.
pub fn tictactoe_position(text: &str) -> anyhow::Result<Board> {
    let squares: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '/')
        .collect();
    if squares.len() != 9 {
        bail!(
            "a tic-tac-toe position has 9 squares (X, O or .), row by row; {text:?} has {}",
            squares.len()
        );
    }
    let (mut x, mut o) = (0u16, 0u16);
    for (i, c) in squares.iter().enumerate() {
        match c.to_ascii_uppercase() {
            'X' => x |= 1 << i,
            'O' => o |= 1 << i,
            '.' | '-' | '_' => {}
            other => bail!("square {} is {other:?}; write X, O or .", i + 1),
        }
    }
    let (nx, no) = (x.count_ones(), o.count_ones());
    let board = match nx.checked_sub(no) {
        Some(0) => Board { mine: x, theirs: o },
        Some(1) => Board { mine: o, theirs: x },
        _ => bail!("X moves first: X has {nx} marks and O {no}, which no game reaches"),
    };
    // The game's own rule: `outcome` sees a line of the side that just
    // moved; with the sides swapped, one of the side to move.
    let swapped = Board {
        mine: board.theirs,
        theirs: board.mine,
    };
    if TicTacToe.outcome(&swapped, 0).is_some() {
        bail!("the side to move already has three in a row, which no game reaches");
    }
    Ok(board)
}

/// Tic-tac-toe from `position` (the empty board if `None`) to `depth`.
pub fn tictactoe(position: Option<&str>, depth: u32, command: &str) -> anyhow::Result<Exploration> {
    let board = match position {
        Some(p) => tictactoe_position(p)?,
        None => TicTacToe.start(),
    };
    let from = position.map_or("the empty board".to_string(), |p| format!("position {p}"));
    let to = if depth == u32::MAX {
        "to the end".to_string()
    } else {
        format!("to depth {depth}")
    };
    Exploration::of_game(
        &TicTacToe,
        &board,
        depth,
        "tictactoe",
        &format!("tic-tac-toe from {from}, {to} (successors: empty squares 1-9 in order)"),
        command,
        display_game,
    )
    .with_context(|| format!("tic-tac-toe from {from} {to}"))
}

/// A random tree of `spec` grown from `seed`, explored to its full depth.
pub fn model(spec: &ModelSpec, seed: u64, command: &str) -> anyhow::Result<Exploration> {
    struct Explore<'a> {
        title: String,
        command: &'a str,
    }
    impl ModelVisitor for Explore<'_> {
        type Output = anyhow::Result<Exploration>;
        fn visit<M: TreeModel + 'static>(self, m: M) -> Self::Output {
            Exploration::of_game(
                &m,
                &m.root(),
                m.depth(),
                "model",
                &self.title,
                self.command,
                display_number,
            )
        }
    }
    // Trees of one branching factor are refused before a position is
    // generated: a root of 10⁹ successors would be built before any count
    // of positions could stop it.
    let shape = match spec.kind {
        ModelKind::Uniform { n, d }
        | ModelKind::Range { n, d, .. }
        | ModelKind::Additive { n, d, .. }
        | ModelKind::Dependent { n, d } => Some((n, d)),
        ModelKind::Branching { .. } => None,
    };
    if let Some((n, d)) = shape {
        let positions = (0..=d).try_fold(0u64, |sum, k| {
            u64::from(n)
                .checked_pow(k)
                .and_then(|level| sum.checked_add(level))
        });
        if positions.is_none_or(|p| p > MAX_POSITIONS) {
            bail!(
                "a tree of branching {n} and depth {d} has {} positions, more than the \
                 {MAX_POSITIONS} the explorer draws; give a smaller --n or --d",
                positions.map_or("over 10^19".to_string(), |p| p.to_string())
            );
        }
    }
    let title = format!(
        "random {} tree {:?}, seed {seed}, ordering {:?}",
        spec.name(),
        spec.kind,
        spec.ordering
    );
    spec.visit(seed, Explore { title, command })
        .context("invalid model")?
}
