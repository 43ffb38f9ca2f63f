//! Every procedure by name: the one list `alphabeta procedures` prints, the
//! command line's `search -p NAME`, the Python package and `alphabeta
//! compare` read.
//!
//! The core's [`Procedure`]s search any [`Game`](crate::Game). Four more
//! need something a game may not offer, so they are [`Extra`]s, called
//! as [`alpha_beta_mccarthy`] or through [`Extra::run_with_table`]:
//! McCarthy's procedure needs optimistic and pessimistic values
//! ([`crate::BoundedGame`], Knuth & Moore §5), the other three a hash key
//! for a transposition table ([`crate::HashedGame`]).

#[cfg(doc)]
use super::alpha_beta_mccarthy;
use super::{FailHard, FailSoft, Procedure, alpha_beta_with_table, mtdf};
#[cfg(doc)]
use crate::game::BoundedGame;
use crate::game::HashedGame;
use crate::observer::Observer;
use crate::search::Search;
use crate::table::TranspositionTable;
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// The procedures outside [`Procedure`]: they need McCarthy's bounds or a
/// transposition table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extra {
    /// Alpha-beta with McCarthy's optimistic/pessimistic bounds
    /// ([`alpha_beta_mccarthy`]).
    McCarthy,
    /// Fail-hard alpha-beta (F2) with a transposition table.
    TableFailHard,
    /// Fail-soft alpha-beta (F3) with a transposition table.
    TableFailSoft,
    /// MTD(f) ([`mtdf`]), first guess 0.
    Mtdf,
}

/// What an [`Extra`] needs of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Optimistic and pessimistic values ([`BoundedGame`]).
    Bounds,
    /// A hash key for the transposition table ([`HashedGame`]).
    Table,
}

/// Why [`Extra::run_with_table`] did not run.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NotRun {
    /// MTD(f) was given a window other than the full one.
    #[error("{0} chooses its own windows; drop --alpha/--beta")]
    OwnWindows(&'static str),
    /// McCarthy's procedure takes bounds, not a table.
    #[error("{0} needs optimistic/pessimistic values, not a table")]
    NeedsBounds(&'static str),
}

impl Extra {
    /// Every extra procedure, in the order `alphabeta procedures` lists them.
    pub const ALL: [Extra; 4] = [
        Extra::McCarthy,
        Extra::TableFailHard,
        Extra::TableFailSoft,
        Extra::Mtdf,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Extra::McCarthy => "mccarthy",
            Extra::TableFailHard => "f2-tt",
            Extra::TableFailSoft => "f3-tt",
            Extra::Mtdf => "mtdf",
        }
    }

    /// A one-line description with the seed it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            Extra::McCarthy => {
                "alpha-beta with McCarthy's optimistic/pessimistic bounds (Knuth & Moore §5)"
            }
            Extra::TableFailHard => "fail-hard alpha-beta with a transposition table",
            Extra::TableFailSoft => {
                "fail-soft alpha-beta with a transposition table (Fishburn, Hsu)"
            }
            Extra::Mtdf => {
                "MTD(f): null-window searches with a transposition table (Plaat et al. 1996)"
            }
        }
    }

    /// What the procedure needs of a game.
    pub const fn needs(self) -> Needs {
        match self {
            Extra::McCarthy => Needs::Bounds,
            _ => Needs::Table,
        }
    }

    /// The extra procedure called `name` (exactly, after trimming), if any.
    pub fn from_name(name: &str) -> Option<Extra> {
        let name = name.trim();
        Extra::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Runs a procedure that needs a table (`f2-tt`, `f3-tt`, `mtdf`) on
    /// `root` to `depth` with the window `(alpha, beta)` and `table`.
    /// MTD(f) chooses its own windows and takes only the full one;
    /// McCarthy's procedure is called as [`alpha_beta_mccarthy`] on a
    /// [`BoundedGame`].
    pub fn run_with_table<G: HashedGame, O: Observer>(
        self,
        s: &mut Search<'_, G, O>,
        table: &mut TranspositionTable<G::Move>,
        root: &G::Position,
        depth: u32,
        (alpha, beta): (Value, Value),
    ) -> Result<Value, NotRun> {
        match self {
            Extra::TableFailHard => Ok(alpha_beta_with_table::<FailHard, _, _>(
                s, table, root, depth, alpha, beta,
            )),
            Extra::TableFailSoft => Ok(alpha_beta_with_table::<FailSoft, _, _>(
                s, table, root, depth, alpha, beta,
            )),
            Extra::Mtdf if alpha == NEG_INFINITY && beta == INFINITY => {
                Ok(mtdf(s, table, root, depth, 0))
            }
            Extra::Mtdf => Err(NotRun::OwnWindows(self.name())),
            Extra::McCarthy => Err(NotRun::NeedsBounds(self.name())),
        }
    }
}

impl std::fmt::Display for Extra {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Any procedure of the registry: one of the core's or an extra one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Named {
    /// A procedure that searches any game.
    Core(Procedure),
    /// A procedure that needs bounds or a table.
    Extra(Extra),
}

/// A name that is no procedure of the registry.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown procedure {0:?}; known: {known}", known = Named::all().map(Named::name).collect::<Vec<_>>().join(", "))]
pub struct UnknownName(pub String);

impl Named {
    /// Every procedure: [`Procedure::ALL`], then [`Extra::ALL`].
    pub fn all() -> impl Iterator<Item = Named> {
        Procedure::ALL
            .into_iter()
            .map(Named::Core)
            .chain(Extra::ALL.into_iter().map(Named::Extra))
    }

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Named::Core(p) => p.name(),
            Named::Extra(e) => e.name(),
        }
    }

    /// A one-line description with the seed it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            Named::Core(p) => p.description(),
            Named::Extra(e) => e.description(),
        }
    }
}

impl std::fmt::Display for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Named {
    type Err = UnknownName;

    /// The extras' names, and the core's names and aliases
    /// ([`Procedure`]'s `FromStr`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Extra::from_name(s)
            .map(Named::Extra)
            .or_else(|| s.parse::<Procedure>().ok().map(Named::Core))
            .ok_or_else(|| UnknownName(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_parses_back_and_names_are_unique() {
        let names: Vec<&str> = Named::all().map(Named::name).collect();
        assert_eq!(names.len(), Procedure::ALL.len() + 4);
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "{n} twice");
            assert_eq!(n.parse::<Named>().unwrap().name(), *n);
        }
        assert_eq!(
            "negascout".parse::<Named>(),
            Ok(Named::Core(Procedure::Pvs))
        );
        assert_eq!(" mtdf ".parse::<Named>(), Ok(Named::Extra(Extra::Mtdf)));
    }

    #[test]
    fn an_unknown_name_lists_every_known_one() {
        let e = "zz".parse::<Named>().unwrap_err().to_string();
        assert!(
            e.starts_with("unknown procedure \"zz\"; known: minimax"),
            "{e}"
        );
        assert!(e.ends_with("mt-sss, mccarthy, f2-tt, f3-tt, mtdf"), "{e}");
    }
}
