//! What `compare` runs on, and how large: the sources of its trees and
//! positions and the bounds of every size.

use alphabeta_trees::fixtures;
use serde::Serialize;

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

    /// How many trees and positions [`run`](super::run) searches (its progress steps).
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The error message of a configuration `check` refuses.
    fn refusal(c: Config) -> String {
        c.check().expect_err("refused").to_string()
    }

    #[test]
    fn sources_parse_by_name_and_unknown_names_list_the_known_ones() {
        assert_eq!(
            Source::parse(" Additive-Ordered ").unwrap(),
            Source::AdditiveOrdered
        );
        assert_eq!(Source::parse("tree").unwrap(), Source::Tree);
        for s in Source::ALL {
            assert_eq!(Source::parse(s.name()).unwrap(), s);
        }
        assert_eq!(
            Source::parse("go").unwrap_err().to_string(),
            "unknown source \"go\"; known: uniform, range, additive, additive-ordered, chess, connect4, tree"
        );
        assert!(Source::Chess.is_game() && Source::Connect4.is_game());
        assert!(!Source::Uniform.is_game() && !Source::Tree.is_game());
    }

    #[test]
    fn the_two_settings_pass_their_own_check() {
        Config::quick().check().unwrap();
        Config::report().check().unwrap();
        // 5 trees for each of the 4 model sources, 4 chess positions and 5
        // Connect Four positions.
        assert_eq!(Config::quick().instances(), 5 * 4 + 4 + 5);
        assert_eq!(Config::report().instances(), 3 * 4 + 2 + 3);
        let tree = Config {
            sources: vec![Source::Tree, Source::Uniform],
            tree: Some("pi".into()),
            ..Config::quick()
        };
        tree.check().unwrap();
        assert_eq!(tree.instances(), 1 + 5);
    }

    #[test]
    fn bad_configurations_are_refused_with_the_reason() {
        let q = Config::quick;
        assert_eq!(
            refusal(Config {
                sources: vec![],
                ..q()
            }),
            "no source to compare on"
        );
        assert_eq!(
            refusal(Config {
                sources: vec![Source::Tree],
                ..q()
            }),
            "the source tree needs a tree name (--tree NAME)"
        );
        assert_eq!(
            refusal(Config {
                tree: Some("pi".into()),
                ..q()
            }),
            "a tree name is only for the source tree"
        );
        assert!(
            refusal(Config {
                sources: vec![Source::Tree],
                tree: Some("oak".into()),
                ..q()
            })
            .starts_with("no tree called \"oak\"; named trees: ")
        );
        assert_eq!(
            refusal(Config { n: 21, ..q() }),
            "--n must be between 2 and 20 (got 21)"
        );
        assert_eq!(
            refusal(Config { d: 0, ..q() }),
            "--d must be between 1 and 16 (got 0)"
        );
        // 2^21 terminal positions pass, one more level does not; 20^16
        // overflows u64 and is refused alike.
        Config { n: 2, d: 16, ..q() }.check().unwrap();
        assert_eq!(
            refusal(Config { n: 8, d: 8, ..q() }),
            "a random tree of N^D = 8^8 terminal positions is too large (at most 2097152)"
        );
        assert!(
            refusal(Config {
                n: 20,
                d: 16,
                ..q()
            })
            .contains("20^16")
        );
        assert_eq!(
            refusal(Config { range: 1, ..q() }),
            "--r must be between 2 and 1000000 (got 1)"
        );
        assert_eq!(
            refusal(Config {
                ordered_p: 1.5,
                ..q()
            }),
            "the ordering probability must be in [0, 1] (got 1.5)"
        );
        assert!(
            refusal(Config {
                ordered_p: f64::NAN,
                ..q()
            })
            .contains("NaN")
        );
        assert_eq!(
            refusal(Config {
                chess_positions: 5,
                ..q()
            }),
            "--chess-positions must be between 1 and 4 (got 5)"
        );
        assert!(
            refusal(Config {
                chess_depth: 5,
                ..q()
            })
            .starts_with("--chess-depth must be between 1 and 4 (got 5)")
        );
        assert_eq!(
            refusal(Config {
                chess_branching: Some(41),
                ..q()
            }),
            "--chess-branching must be between 1 and 40, or 0 for every move (got 41)"
        );
        assert!(
            refusal(Config {
                connect4_discs: 23,
                ..q()
            })
            .starts_with("--connect4-discs must be between 24 and 38 (got 23)")
        );
        assert_eq!(
            refusal(Config {
                connect4_positions: 0,
                ..q()
            }),
            "--connect4-positions must be between 1 and 50 (got 0)"
        );
        assert_eq!(
            refusal(Config {
                table_entries: 0,
                ..q()
            }),
            format!("--table-entries must be between 1 and {MAX_TABLE_ENTRIES} (got 0)")
        );
    }

    #[test]
    fn sources_are_described_with_their_sizes() {
        let c = Config {
            chess_branching: Some(6),
            tree: Some("pi".into()),
            ..Config::quick()
        };
        assert_eq!(
            describe(Source::Uniform, &c),
            "uniform ⟨5, 6⟩, i.i.d. continuous values"
        );
        assert_eq!(describe(Source::Range, &c), "range ⟨5, 6⟩, R = 5");
        assert_eq!(
            describe(Source::AdditiveOrdered, &c),
            "additive ⟨5, 6⟩, best successor first w.p. 0.9"
        );
        assert_eq!(
            describe(Source::Chess, &c),
            "chess, depth 3, 6 random moves a position (Fuller §6), material evaluator"
        );
        assert_eq!(
            describe(Source::Connect4, &c),
            "Connect Four, 30 discs played, to the end of the game"
        );
        assert_eq!(describe(Source::Tree, &c), "the tree pi");
    }
}
