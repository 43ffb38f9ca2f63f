//! The explorer's recorded runs against the core's own searches.

use alphabeta_core::{DeweyPath, Procedure, Search, Stats};
use alphabeta_explorer::record::Step;
use alphabeta_explorer::{Counters, Exploration, input, render};
use alphabeta_models::{ModelParams, ModelSpec};
use alphabeta_trees::tictactoe::TicTacToe;
use alphabeta_trees::{Convention, Tree, fixtures};

fn pi() -> Exploration {
    input::named_tree("pi", u32::MAX, "alphabeta explore --tree pi").unwrap()
}

/// Knuth & Moore, Figs 1-3: root value 2; F1 examines 36 of the 81 leaves,
/// F2 31, its three deep cutoffs pruning five branches.
#[test]
fn pi_tree_f1_36_and_f2_31_bottom_positions() {
    let e = pi();
    assert_eq!(e.nodes.len(), 121);
    let f1 = e.run("f1").unwrap();
    let f2 = e.run("f2").unwrap();
    assert_eq!(f1.value, 2);
    assert_eq!(f2.value, 2);
    assert_eq!(f1.counters.bottom, 36);
    assert_eq!(f1.counters.deep_cutoffs, 0);
    assert_eq!(f2.counters.bottom, 31);
    assert_eq!(f2.counters.deep_cutoffs, 3);
    assert_eq!(f2.counters.deep_pruned, 5);
    // The last step's counters are the search's; so are the bottom
    // positions recorded step by step.
    let last = Counters::of_steps(&e.nodes, &f2.steps, f2.steps.len());
    assert_eq!(last, f2.counters);
    let deep_pruned: usize = f2
        .steps
        .iter()
        .map(|s| match s {
            Step::Cut { cutoff, pruned, .. } if cutoff.deep => pruned.len(),
            _ => 0,
        })
        .sum();
    assert_eq!(deep_pruned, 5);
    // Half way through, fewer.
    let half = Counters::of_steps(&e.nodes, &f2.steps, f2.steps.len() / 2);
    assert!(half.bottom < 31 && half.bottom > 0);
}

/// Trees of every kind the command takes.
fn explorations() -> Vec<Exploration> {
    let mut all = input::named_trees().unwrap();
    all.push(
        input::tree_text(
            "((3 (12 -4) 8) (2 (4 inf) 6) (14 5 (2 -inf 7)))",
            Convention::MinMax,
            u32::MAX,
            "tree given inline",
            "",
        )
        .unwrap(),
    );
    all.push(input::tictactoe(Some("X.O.X...."), u32::MAX, "").unwrap());
    all.push(input::tictactoe(None, 3, "").unwrap());
    let params = ModelParams {
        n: Some(3),
        d: Some(4),
        r: Some(5),
        ..ModelParams::default()
    };
    let spec = ModelSpec::from_params("range", &params).unwrap();
    all.push(input::model(&spec, 7, "").unwrap());
    all
}

/// For every procedure on every tree: the counters at the last step equal
/// a search of the same procedure with `Stats` alone (the numbers
/// `alphabeta search` prints); every position entered returns once per
/// entry; the root returns the procedure's value.
#[test]
fn counters_at_the_last_step_equal_the_search_for_every_procedure() {
    let mut checked = 0;
    for e in explorations() {
        assert!(e.runs.len() >= Procedure::ALL.len(), "{}", e.id);
        assert!(e.skipped.is_empty(), "{}: {:?}", e.id, e.skipped);
        for name in ["f1", "f2", "pvs"] {
            let r = e.run(name).unwrap();
            let returns = r
                .steps
                .iter()
                .filter(|s| matches!(s, Step::Return { .. }))
                .count();
            assert_eq!(returns as u64, r.counters.examined, "{} {name}", e.id);
        }
        for r in &e.runs {
            let replayed = Counters::of_steps(&e.nodes, &r.steps, r.steps.len());
            assert_eq!(replayed, r.counters, "{} {}", e.id, r.name);
            let enters = r
                .steps
                .iter()
                .filter(|s| matches!(s, Step::Enter { .. }))
                .count();
            let returns = r
                .steps
                .iter()
                .filter(|s| matches!(s, Step::Return { .. }))
                .count();
            assert_eq!(enters as u64, r.counters.examined, "{} {}", e.id, r.name);
            // A procedure reports the value of every position it entered,
            // or (one added to the core without the `returned` event) none.
            assert!(
                returns == enters || returns == 0,
                "{} {}: entries and returns",
                e.id,
                r.name
            );
            if returns == 0 {
                continue;
            }
            match r.steps.last() {
                Some(Step::Return { node: 0, value }) => {
                    assert_eq!(*value, r.value, "{} {}", e.id, r.name)
                }
                Some(Step::Cut { node: 0, .. }) => {}
                other => panic!("{} {}: last step {other:?}", e.id, r.name),
            }
            checked += 1;
        }
    }
    assert!(checked > 50);
}

/// The counts recorded with the step recorder attached equal a search that
/// counts with `Stats` alone, as the CLI does.
#[test]
fn recording_does_not_change_the_counts() {
    for (name, _, tree) in fixtures::named() {
        let e = input::named_tree(name, u32::MAX, "").unwrap();
        for p in Procedure::ALL {
            let mut s = Search::with_observer(&tree, Stats::default());
            let value = p.run(&mut s, &Tree::ROOT, u32::MAX);
            let stats = s.into_observer();
            let run = e.run(p.name()).unwrap();
            assert_eq!(run.value, value, "{name} {p}");
            assert_eq!(run.counters, Counters::of_stats(&stats), "{name} {p}");
        }
    }
    let e = input::tictactoe(None, 3, "").unwrap();
    let mut s = Search::with_observer(&TicTacToe, Stats::default());
    Procedure::FailSoft.run(&mut s, &TicTacToe.start(), 3);
    assert_eq!(
        e.run("f3").unwrap().counters,
        Counters::of_stats(&s.into_observer())
    );
}

/// The tree drawn is the tree: every position's address, leaf value and
/// exact value as the explicit tree has them.
#[test]
fn the_shape_is_the_tree() {
    let tree = fixtures::knuth_pi_tree();
    let e = pi();
    assert_eq!(e.nodes.len(), tree.len());
    for (i, n) in e.nodes.iter().enumerate() {
        let path = e.path(i);
        let id = tree.node_at(&path).unwrap();
        assert_eq!(n.exact, tree.value(id), "{path}");
        assert_eq!(n.leaf.is_some(), tree.is_leaf(id), "{path}");
        assert_eq!(n.ply, path.depth());
    }
    assert_eq!(e.path(0), DeweyPath::root());
}

/// F2 written as two min/max procedures and Knuth's non-recursive
/// `alphabeta` report the very same steps as the negamax F2: same
/// positions, windows, returned values (converted to negamax) and cutoffs.
#[test]
fn min_max_and_non_recursive_forms_step_alike() {
    for e in explorations() {
        let f2 = &e.run("f2").unwrap().steps;
        assert_eq!(&e.run("f2-minmax").unwrap().steps, f2, "{}", e.id);
        assert_eq!(&e.run("nonrecursive").unwrap().steps, f2, "{}", e.id);
    }
}

#[test]
fn the_page_embeds_the_data_and_escapes_markup() {
    let mut e = input::named_tree("textbook", u32::MAX, "x").unwrap();
    e.title = "a </script><b>tree</b>".to_string();
    let html = render(&[e], ["f1", "f2"]);
    assert_eq!(
        html.matches("</script>").count(),
        2,
        "only the two real ends"
    );
    assert!(html.contains("\\u003c/script>\\u003cb>tree"));
    let start = html.find("id=\"explorer-data\">").unwrap() + "id=\"explorer-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    assert_eq!(data["format"], 1);
    assert_eq!(data["trees"][0]["title"], "a </script><b>tree</b>");
    // Values are listed in increasing order with their negations.
    let values: Vec<i64> = data["trees"][0]["values"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v.as_str().unwrap().parse().ok())
        .collect();
    assert!(values.windows(2).all(|w| w[0] < w[1]));
    let labels = data["trees"][0]["values"].as_array().unwrap();
    let neg = data["trees"][0]["neg"].as_array().unwrap();
    for (i, l) in labels.iter().enumerate() {
        let j = neg[i].as_u64().unwrap() as usize;
        let (a, b) = (l.as_str().unwrap(), labels[j].as_str().unwrap());
        match (a.parse::<i64>(), b.parse::<i64>()) {
            (Ok(x), Ok(y)) => assert_eq!(x, -y),
            _ => assert!((a, b) == ("+∞", "−∞") || (a, b) == ("−∞", "+∞"), "{a} {b}"),
        }
    }
    assert!(!html.contains("{{DATA}}") && !html.contains("/*SCRIPT*/"));
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let err = input::tree_text("((3 12) (4", Convention::MinMax, u32::MAX, "tree", "").unwrap_err();
    assert!(format!("{err:#}").contains("line 1"), "{err:#}");
    let err = input::tictactoe(Some("XXX......"), 2, "").unwrap_err();
    assert!(err.to_string().contains("X moves first"), "{err}");
    let err = input::tictactoe(Some("XXX/OO./O.."), 2, "").unwrap_err();
    assert!(err.to_string().contains("three in a row"), "{err}");
    let err = input::tictactoe(Some("XX.OO"), 2, "").unwrap_err();
    assert!(err.to_string().contains("9 squares"), "{err}");
    let err = input::tictactoe(None, u32::MAX, "").unwrap_err();
    assert!(
        format!("{err:#}").contains("more than 20000 positions"),
        "{err:#}"
    );
    assert!(input::named_tree("nope", u32::MAX, "").is_err());
}

/// A model tree beyond the limit is refused: of one branching factor before
/// anything is generated, of random branching by its count of positions
/// (the leaves below a leaf parent are counted after the fact, so the node
/// limit alone let 10⁵ of them through).
#[test]
fn model_trees_beyond_the_limit_are_refused() {
    let refuse = |model: &str, params: ModelParams| {
        let spec = ModelSpec::from_params(model, &params).unwrap();
        let Err(err) = input::model(&spec, 1, "") else {
            panic!("{model} {params:?} accepted");
        };
        format!("{err:#}")
    };
    for (n, d, positions) in [(100_000, 1, "100001"), (141, 2, "20023")] {
        let params = ModelParams {
            n: Some(n),
            d: Some(d),
            ..ModelParams::default()
        };
        let e = refuse("uniform", params);
        assert!(
            e.contains(&format!("has {positions} positions, more than the 20000")),
            "{e}"
        );
    }
    // A root of 2³² − 1 successors is refused before it is generated.
    let e = refuse(
        "dependent",
        ModelParams {
            n: Some(u32::MAX),
            d: Some(1),
            ..ModelParams::default()
        },
    );
    assert!(e.contains("has 4294967296 positions"), "{e}");
    let e = refuse(
        "branching",
        ModelParams {
            d: Some(1),
            q: Some(vec![1.0]),
            mean: Some(vec![100_000.0]),
            ..ModelParams::default()
        },
    );
    assert!(e.contains("more than 20000 positions"), "{e}");
    // Just within the limit: 1 + 141 + 141² = 20023 is over, 1 + 140 + 140² = 19741 is not.
    let params = ModelParams {
        n: Some(140),
        d: Some(2),
        ..ModelParams::default()
    };
    let spec = ModelSpec::from_params("uniform", &params).unwrap();
    assert!(input::model(&spec, 1, "").is_ok());
}

/// A page written over a folder is refused and leaves no temporary file.
#[test]
fn a_refused_page_leaves_nothing_behind() {
    let dir = std::env::temp_dir().join(format!("alphabeta-explorer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let page = dir.join("page.html");
    std::fs::create_dir_all(&page).unwrap();
    let err = alphabeta_explorer::write_page(&page, &[pi()], ["f1", "f2"]).unwrap_err();
    assert!(err.to_string().contains("it is a folder"), "{err}");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["page.html"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Tic-tac-toe from a position: X to move completes the top row at once,
/// and the page writes wins by distance.
#[test]
fn tictactoe_from_a_position() {
    let e = input::tictactoe(Some("XX./OO./..."), u32::MAX, "").unwrap();
    for r in &e.runs {
        assert_eq!(r.value, alphabeta_core::value::win_in(1), "{}", r.name);
    }
    // Win-prune stops at the win on the next ply: square 3 is examined
    // first, so the root's other successors are never searched.
    assert_eq!(e.run("win-prune").unwrap().counters.examined, 2);
    let json = e.to_json();
    let labels = json["values"].as_array().unwrap();
    assert!(labels.iter().any(|l| l == "win in 1"), "{labels:?}");
}

/// A cutoff prunes successors its position's visit has not examined and
/// does not examine afterwards: none was entered since the cutting
/// position's last entry, and none is entered before that position is
/// entered again (a re-search, as PVS makes, may examine them anew).
#[test]
fn cutoffs_prune_what_the_visit_leaves() {
    for e in explorations() {
        for r in &e.runs {
            for (k, step) in r.steps.iter().enumerate() {
                let Step::Cut { node, pruned, .. } = step else {
                    continue;
                };
                let entered =
                    |s: &Step, n: usize| matches!(s, Step::Enter { node, .. } if *node == n);
                let since = r.steps[..k]
                    .iter()
                    .rposition(|s| entered(s, *node))
                    .unwrap();
                let until = r.steps[k..]
                    .iter()
                    .position(|s| entered(s, *node))
                    .map_or(r.steps.len(), |i| k + i);
                for s in r.steps[since..until].iter() {
                    for &p in pruned {
                        assert!(
                            !entered(s, p),
                            "{} {}: step {k} prunes {} which its visit examines",
                            e.id,
                            r.name,
                            e.path(p)
                        );
                    }
                }
            }
        }
    }
}
