//! Property tests of the model descriptions a user types (`--model` with its
//! parameters, or `NAME key=value …` as in checkpoints and reports):
//! any text is read or refused with an error, never a panic, and every model
//! reads back from its own name.

use alphabeta_models::{ModelParams, ModelSpec};
use proptest::prelude::*;

/// A valid description: every model kind, orderings and extreme numbers.
fn description() -> impl Strategy<Value = String> {
    let ordering = prop_oneof![
        Just(String::new()),
        Just(" ordering=perfect".to_string()),
        Just(" ordering=worst".to_string()),
        Just(" ordering=constructed".to_string()),
        prop_oneof![Just(0.0), Just(1.0), Just(1e-320), 0.0..=1.0f64]
            .prop_map(|p| format!(" ordering=best-first p={p:e}")),
    ];
    let kind = prop_oneof![
        (1..12u32, 0..5u32).prop_map(|(n, d)| format!("uniform n={n} d={d}")),
        (1..12u32, 0..5u32, 1..100u64).prop_map(|(n, d, r)| format!("range n={n} d={d} r={r}")),
        (1..12u32, 0..5u32, 1..1000u32)
            .prop_map(|(n, d, s)| format!("additive n={n} d={d} spread={s}")),
        (1..6u32, 0..5u32).prop_map(|(n, d)| format!("dependent n={n} d={d}")),
        prop::collection::vec((0.0..=1.0f64, 1.0..4.0f64), 1..4).prop_map(|levels| {
            let q: Vec<_> = levels.iter().map(|l| l.0.to_string()).collect();
            let m: Vec<_> = levels.iter().map(|l| l.1.to_string()).collect();
            format!(
                "branching q={} mean={} d={}",
                q.join(","),
                m.join(","),
                levels.len()
            )
        }),
    ];
    (kind, ordering).prop_map(|(k, o)| k + &o)
}

/// The characters of mutations: the descriptions' own and a few strangers.
const ALPHABET: &str = "=,. -+0123456789eEinfNa_ndqrpm\u{0}é";

/// A few random edits of `text` ([`alphabeta_testkit::mutated`]).
fn mutated(text: String) -> impl Strategy<Value = String> {
    alphabeta_testkit::mutated(text, ALPHABET, 1..5)
}

/// Whatever is accepted names itself, and the name reads back to it.
fn check(text: &str) -> Result<(), TestCaseError> {
    if let Ok(spec) = text.parse::<ModelSpec>() {
        let name = spec.to_string();
        prop_assert!(name.len() < 200, "a long name: {}", name);
        let back: ModelSpec = name
            .parse()
            .map_err(|e| TestCaseError::fail(format!("{name}: {e}")))?;
        prop_assert_eq!(back, spec);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn valid_descriptions_round_trip(text in description()) {
        let spec: ModelSpec = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        check(&text)?;
        prop_assert_eq!(spec.to_string().parse::<ModelSpec>().unwrap(), spec);
    }

    #[test]
    fn mutated_descriptions_never_panic(text in description().prop_flat_map(mutated)) {
        check(&text)?;
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,60}") {
        check(&text)?;
    }

    /// The command line's values (`simulate --model … --n … --q …`), any
    /// numbers at all, floats included (NaN, infinities, subnormals).
    #[test]
    fn arbitrary_command_line_values_never_panic(
        model in prop::sample::select(vec!["uniform", "range", "additive", "dependent", "branching", "bogus"]),
        n in prop::option::of(any::<u32>()),
        d in prop::option::of(any::<u32>()),
        r in prop::option::of(any::<u64>()),
        spread in prop::option::of(any::<u32>()),
        q in prop::option::of(prop::collection::vec(any::<f64>(), 0..4)),
        mean in prop::option::of(prop::collection::vec(any::<f64>(), 0..4)),
        ordering in prop::option::of(prop::sample::select(vec!["random", "perfect", "best-first", "worst", "constructed", "x"])),
        p in prop::option::of(any::<f64>()),
    ) {
        let params = ModelParams {
            n, d, r, spread, q, mean,
            ordering: ordering.map(str::to_string),
            p,
        };
        if let Ok(spec) = ModelSpec::from_params(model, &params) {
            check(&spec.to_string())?;
        }
    }
}
