//! Mixing 64 bits: the one splitmix64 of the workspace (Steele, Lea & Flood,
//! "Fast splittable pseudorandom number generators", OOPSLA 2014; the output
//! function is Stafford's "Mix13").
//!
//! The search core draws no random numbers; these pure functions live here
//! because every crate above reaches the core: the random tree models hash
//! nodes with them (`alphabeta_models::hash`), the games and the chess
//! experiments derive reproducible choices from (seed, position key), and
//! tests and benchmarks build trees from them. Changing a constant changes
//! every model tree and every experiment, so the golden-value tests of the
//! models pin them.

/// The splitmix64 increment γ, ⌊2^64/φ⌋ rounded to odd.
pub const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The splitmix64 output function: a bijective avalanche mix of 64 bits.
#[inline(always)]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The splitmix64 generator's output at state `x`: the state advanced by
/// [`GAMMA`], then mixed ([`mix64`]). Iterating `x ↦ x + γ` and taking
/// `splitmix64` of each state is the generator; applying it to a key is a
/// bijective hash of the key.
#[inline(always)]
pub const fn splitmix64(x: u64) -> u64 {
    mix64(x.wrapping_add(GAMMA))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_matches_the_published_reference() {
        // splitmix64 seeded with 0 (Vigna's reference `splitmix64.c`):
        // its first outputs.
        let mut state = 0u64;
        let mut next = || {
            let out = splitmix64(state);
            state = state.wrapping_add(GAMMA);
            out
        };
        assert_eq!(next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(next(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(next(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn the_mix_is_a_bijection_on_a_sample() {
        let outputs: std::collections::HashSet<u64> = (0..10_000u64).map(mix64).collect();
        assert_eq!(outputs.len(), 10_000);
        assert_eq!(mix64(0), 0);
    }
}
