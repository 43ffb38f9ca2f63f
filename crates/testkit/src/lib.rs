//! Test support for the property tests of the parsers, shared
//! by the trees, models and chess crates as a dev-dependency; never part
//! of a build the user runs.
//!
//! [`mutated`] draws a few random edits of a valid text, so that a property
//! test reaches the inputs just beside the valid ones, where parsers
//! usually break: a character replaced, inserted or deleted.

use std::ops::Range;

use proptest::prelude::*;

/// Up to `edits` random edits of `text` (each replaces, inserts or deletes
/// one character), the new characters drawn from `alphabet`: a format's
/// own characters and a few strangers (a NUL, a non-ASCII letter, …).
///
/// # Panics
///
/// If `alphabet` is empty or `edits` is an empty range (a mistake in the
/// test, not in the input).
pub fn mutated(text: String, alphabet: &str, edits: Range<usize>) -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = alphabet.chars().collect();
    assert!(!alphabet.is_empty(), "an empty alphabet");
    assert!(!edits.is_empty(), "an empty range of edits");
    let edits = prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            0..3u8,
            prop::sample::select(alphabet),
        ),
        edits,
    );
    edits.prop_map(move |edits| {
        let mut chars: Vec<char> = text.chars().collect();
        for (at, kind, c) in edits {
            let i = at.index(chars.len() + 1);
            match kind {
                0 if i < chars.len() => chars[i] = c,
                1 => chars.insert(i, c),
                _ if i < chars.len() => {
                    chars.remove(i);
                }
                _ => chars.push(c),
            }
        }
        chars.into_iter().collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The number of single-character edits (Levenshtein distance) from `a` to `b`.
    fn distance(a: &str, b: &str) -> usize {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.iter().enumerate() {
            let mut prev = row[0];
            row[0] = i + 1;
            for (j, cb) in b.iter().enumerate() {
                let next = (row[j + 1] + 1)
                    .min(row[j] + 1)
                    .min(prev + usize::from(ca != cb));
                prev = row[j + 1];
                row[j + 1] = next;
            }
        }
        row[b.len()]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn a_mutation_is_a_few_edits_from_the_alphabet(
            (text, out) in "[a-c]{0,12}".prop_flat_map(|t| (Just(t.clone()), mutated(t, "xy\u{0}é", 1..4)))
        ) {
            prop_assert!(distance(&text, &out) <= 3, "{:?} -> {:?}", text, out);
            for c in out.chars() {
                prop_assert!("abcxy\u{0}é".contains(c), "{:?} in {:?}", c, out);
            }
        }
    }

    #[test]
    fn edits_reach_every_kind_and_the_ends() {
        use proptest::strategy::ValueTree;
        // Over many draws from one text, each kind of edit shows: a longer
        // text (insert or append), a shorter one (delete) and one of the same
        // length that differs (replace).
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let strategy = mutated("abcdef".into(), "x", 1..2);
        let (mut longer, mut shorter, mut replaced) = (false, false, false);
        for _ in 0..500 {
            let out = strategy.new_tree(&mut runner).unwrap().current();
            match out.chars().count() {
                7 => longer = true,
                5 => shorter = true,
                6 => replaced |= out != "abcdef",
                n => panic!("one edit made {n} characters: {out:?}"),
            }
        }
        assert!(longer && shorter && replaced);
    }
}
