//! Running the comparison: every procedure on every instance through the
//! core's one dispatch, counted and timed, and each instance's minimal
//! tree.

use std::time::Instant;

use alphabeta_chess::Position as ChessPosition;
use alphabeta_chess_lab::game::{Chess, ExperimentConfig};
use alphabeta_core::minimal::minimal_tree;
use alphabeta_core::procedures::{self as p, Capabilities, Named, Needs, NotRun};
use alphabeta_core::table::TranspositionTable;
use alphabeta_core::{Game, INFINITY, NEG_INFINITY, Procedure, Search, Stats, Value};
use alphabeta_games::connect4::{Board, Connect4, full_depth, random_position};
use alphabeta_models::{Additive, Ordered, Ordering, RangeR, TreeModel, Uniform};
use alphabeta_trees::{Tree, fixtures};

use super::config::{CHESS_FENS, Config, MINIMAL_LIMIT, Source};
use super::keyed::Keyed;
use super::results::{Instance, Minimal, Results, Run, Status};

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

/// The minimal tree of `root` to `depth` (its terminal positions, and its
/// nodes: the positions F2 examines in the order it returns, which must
/// evaluate exactly its terminal positions), or why it was not computed
/// (more than `limit` positions visited). An error if its value is not
/// `exact` or F2 in its order does not evaluate exactly its terminal
/// positions.
pub(crate) fn minimal<G: Game>(
    game: &G,
    root: &G::Position,
    depth: u32,
    limit: u64,
    exact: Value,
) -> anyhow::Result<Result<Minimal, String>> {
    let m = match minimal_tree(game, root, depth, limit) {
        Ok(m) => m,
        Err(e) => return Ok(Err(e.to_string())),
    };
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
    Ok(Ok(Minimal {
        terminal: m.leaves,
        nodes: stats.nodes(),
    }))
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
    let minimal = minimal(game, root, depth, MINIMAL_LIMIT, exact)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_core::procedures::Extra;

    /// ((3 12 8) (2 4 6) (14 5 2)), Max at the root: value 3.
    fn textbook() -> Tree {
        fixtures::by_name("textbook").expect("a named tree")
    }

    #[test]
    fn one_procedure_is_counted_and_checked_against_the_exhaustive_value() {
        let tree = textbook();
        let f2 = Named::Core(Procedure::FailHard);
        let run = one(&tree, &Tree::ROOT, u32::MAX, f2, 16, 3).unwrap();
        assert_eq!(run.status, Status::Ran);
        // F2 evaluates (3 12 8), then 2 and 14 5: 7 leaves below 4 interior
        // positions.
        assert_eq!((run.terminal, run.nodes, run.re_searches), (7, 11, 0));
        assert!(run.seconds >= 0.0 && run.seconds.is_finite());
        let wrong = one(&tree, &Tree::ROOT, u32::MAX, f2, 16, 4).unwrap_err();
        assert_eq!(
            wrong.to_string(),
            "f2 returned 3, the exhaustive value is 4"
        );
    }

    #[test]
    fn a_procedure_the_game_cannot_run_is_marked_not_applicable() {
        let keyed = Keyed(Uniform::new(2, 2, 1).unwrap());
        let mccarthy = Named::Extra(Extra::McCarthy);
        let run = one(&keyed, &keyed.0.root(), 2, mccarthy, 16, 0).unwrap();
        assert_eq!(
            run.status,
            Status::NotApplicable {
                reason: NotRun::NeedsBounds("mccarthy").to_string()
            }
        );
        assert_eq!((run.terminal, run.nodes, run.seconds), (0, 0, 0.0));
    }

    #[test]
    fn an_instance_has_its_value_its_minimal_tree_and_every_procedure() {
        let tree = textbook();
        let i = instance(
            Source::Tree,
            "textbook".into(),
            &tree,
            &Tree::ROOT,
            u32::MAX,
            16,
        )
        .unwrap();
        assert_eq!(i.value, 3);
        // Proving 3 needs all of (3 12 8) and one leaf ≤ 3 in each other
        // subtree; F2 in that order examines them and their 4 ancestors.
        assert_eq!(
            i.minimal,
            Ok(Minimal {
                terminal: 5,
                nodes: 9
            })
        );
        let names: Vec<&str> = i.runs.iter().map(|r| r.procedure.name()).collect();
        let registry: Vec<&str> = Named::sequential().map(Named::name).collect();
        assert_eq!(names, registry);
        assert!(
            i.runs.iter().all(Run::ran),
            "the explicit tree runs them all"
        );
        assert_eq!(
            i.get("negamax").map(|r| (r.terminal, r.nodes)),
            Some((9, 13))
        );
    }

    #[test]
    fn run_refuses_a_bad_configuration_before_searching() {
        let bad = Config {
            sources: vec![],
            ..Config::quick()
        };
        let mut told = 0;
        let err = run(&bad, &mut |_| told += 1).unwrap_err();
        assert_eq!(err.to_string(), "no source to compare on");
        assert_eq!(told, 0);
    }
}
