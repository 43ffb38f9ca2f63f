//! The Monte Carlo runner against the exact values printed in the seeds.
//!
//! Each check uses a fixed seed, so it is deterministic; it passes because
//! the exact value lies in the run's 95 % confidence interval, and a wrong
//! model, procedure or statistic would move the interval away from it.

use crate::common;

use common::simulate;

/// Fuller Table 5.1 (D = 2) and Table 5.2 (D = 3, 4), exact E[NBP_{N,D}].
#[test]
fn mean_leaf_count_matches_fullers_exact_values() {
    let exact = [
        ("uniform n=2 d=2", 11.0 / 3.0),
        ("uniform n=5 d=2", 1720291169.0 / 97349616.0),
        (
            "uniform n=12 d=2",
            // 2004150344234999412358773732137332143080908520205944926339 /
            // 26468917348837676265384815256420322119583790673790618350
            75.717_125_782_744_09,
        ),
        ("uniform n=2 d=3", 719.0 / 105.0),
        (
            "uniform n=4 d=3",
            // 105861213482720802316887967 / 2638988580586656847123575
            40.114_312_832_375_9,
        ),
        ("uniform n=2 d=4", 77503.0 / 6435.0),
        (
            "uniform n=3 d=4",
            // 379717674980598570583308726570023 / 8400377947369588943699241726400
            45.202_451_289_646_99,
        ),
    ];
    for (model, value) in exact {
        let s = simulate(model, "f2", 20_000, 1);
        assert!(
            s.leaves.covers(value),
            "{model}: exact {value} outside [{}, {}]",
            s.leaves.ci95_low,
            s.leaves.ci95_high
        );
        assert!(
            s.leaves.half_width < 0.01 * value,
            "{model}: interval too wide"
        );
    }
}

/// The expected number of positions examined on level l of a depth-D tree
/// is E[NBP_{N,l}] (Fuller §5, the basis of E[NMG]); every examined position
/// above the bottom is expanded once, so NMG is the sum over levels < D.
/// Five levels are checked at once, so each uses the Bonferroni interval
/// for a family-wise 95 %: z = 2.576 (0.05 / 5 two-sided).
#[test]
fn examined_per_level_is_the_shallower_trees_leaf_count() {
    let s = simulate("uniform n=3 d=4", "f2", 200_000, 2);
    let exact = [
        1.0,
        3.0,
        521.0 / 70.0,
        57879389791.0 / 2974571600.0,
        45.202_451_289_646_99,
    ];
    assert_eq!(s.levels.len(), 5);
    for (level, value) in exact.iter().enumerate() {
        assert!(
            s.levels[level].examined.covers_within(*value, 2.576),
            "level {level}: {value} vs {:?}",
            s.levels[level].examined
        );
    }
    assert_eq!(
        s.levels[1].examined.sd, 0.0,
        "every root successor is examined"
    );
    let t = &s.totals;
    let expanded: u128 = t.nodes_per_level[..4].iter().map(|m| m.sum).sum();
    assert_eq!(t.move_generations.sum, expanded);
    assert_eq!(t.leaves_per_level[4], t.leaves.sum);
}

/// Fuller §7: over 173 simulated points, sample std/mean of NBP lay in
/// (.120, .215).
#[test]
fn std_over_mean_is_in_fullers_band() {
    for model in [
        "uniform n=3 d=4",
        "uniform n=4 d=3",
        "uniform n=5 d=4",
        "uniform n=10 d=3",
    ] {
        let s = simulate(model, "f2", 4_000, 3);
        let r = s.leaves.sd_over_mean;
        assert!((0.120..0.215).contains(&r), "{model}: sd/mean {r}");
    }
}

/// E[NBP_{N,D}] of Fuller's Eqn 5.6 (in the factorised form of GUIDE §5),
/// computed by the analysis crate, for points beyond the printed tables.
/// Four points at once: Bonferroni z = 2.50 (0.05 / 4, two-sided).
#[test]
fn mean_leaf_count_matches_eqn_5_6_beyond_the_tables() {
    for (n, d) in [(10, 4), (5, 6), (20, 3), (3, 8)] {
        let exact = alphabeta_analysis::fuller::expected_leaves(n, d)
            .unwrap()
            .value;
        let s = simulate(&format!("uniform n={n} d={d}"), "f2", 5_000, 4);
        assert!(
            s.leaves.covers_within(exact, 2.50),
            "⟨{n},{d}⟩: {exact} vs {:?}",
            s.leaves
        );
    }
}

/// Fuller §7's protocol on the grid of Fig. 5.1 (D = 2…8, trees of up to
/// about 10^5 expected leaves): 1000 trees a point, the exact value inside
/// the Bonferroni interval of all points, and every sample std/mean inside
/// (.120, .215), as Fuller found for all their 173 points. About ten
/// seconds in release mode.
#[test]
fn fullers_grid() {
    let mut points = Vec::new();
    for d in 2..=8u32 {
        for n in [2u32, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 30, 35] {
            let exact = alphabeta_analysis::fuller::expected_leaves(n, d)
                .unwrap()
                .value;
            if exact <= 1e5 {
                points.push((n, d, exact));
            }
        }
    }
    // Two-sided 0.05 / k for k points, from the normal tail: z = 3.09 for
    // k = 25, 3.29 for k = 50, 3.48 for k = 100.
    assert!(points.len() <= 100);
    let z = match points.len() {
        k if k <= 25 => 3.09,
        k if k <= 50 => 3.29,
        _ => 3.48,
    };
    for (n, d, exact) in points {
        let s = simulate(&format!("uniform n={n} d={d}"), "f2", 1_000, 5);
        assert!(
            s.leaves.covers_within(exact, z),
            "⟨{n},{d}⟩: {exact} vs {:?}",
            s.leaves
        );
        let r = s.leaves.sd_over_mean;
        assert!((0.120..0.215).contains(&r), "⟨{n},{d}⟩: sd/mean {r}");
    }
}
