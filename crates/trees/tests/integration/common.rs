//! Helpers shared by the integration tests: random explicit trees.

#![allow(dead_code)]

use alphabeta_core::mix::{GAMMA, splitmix64};
use alphabeta_core::{Observer, Search, Stats, Trace, Value};
use alphabeta_trees::{Convention, Tree};

/// splitmix64: a tiny deterministic generator for building test trees.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        let out = splitmix64(self.0);
        self.0 = self.0.wrapping_add(GAMMA);
        out
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// A random tree of varied shape: depth ≤ `max_depth`, 1..=`max_branch`
/// successors, leaves sometimes early, values in `-range..=range`.
pub fn random_tree(seed: u64, max_depth: u32, max_branch: u64, range: i64) -> Tree {
    let mut rng = Rng::new(seed);
    let mut text = String::new();
    fn build(
        rng: &mut Rng,
        depth: u32,
        max_depth: u32,
        max_branch: u64,
        range: i64,
        out: &mut String,
    ) {
        let leaf = depth == max_depth || (depth > 0 && rng.below(6) == 0);
        if leaf {
            let v = rng.below((2 * range + 1) as u64) as i64 - range;
            out.push_str(&v.to_string());
            return;
        }
        out.push('(');
        for i in 0..=rng.below(max_branch) {
            if i > 0 {
                out.push(' ');
            }
            build(rng, depth + 1, max_depth, max_branch, range, out);
        }
        out.push(')');
    }
    build(&mut rng, 0, max_depth, max_branch, range, &mut text);
    Tree::parse_with(&text, Convention::NegaMax).expect("generated text parses")
}

/// A uniform tree of degree `n`, height `d`, with random values.
pub fn random_uniform(seed: u64, n: usize, d: u32, range: i64) -> Tree {
    let mut rng = Rng::new(seed);
    let count = n.pow(d);
    let values: Vec<Value> = (0..count)
        .map(|_| rng.below((2 * range + 1) as u64) as i64 - range)
        .collect();
    Tree::uniform(n, d, &values, Convention::NegaMax).expect("uniform tree")
}

/// Runs `f` on a fresh instrumented search of `tree` and returns its value,
/// statistics and trace.
pub fn observe(
    tree: &Tree,
    f: impl FnOnce(&mut Search<'_, Tree, (Stats, Trace)>) -> Value,
) -> (Value, Stats, Trace) {
    let mut s = Search::with_observer(tree, (Stats::default(), Trace::default()));
    let v = f(&mut s);
    let (stats, trace) = s.into_observer();
    (v, stats, trace)
}

/// Any observer's view of examined leaf paths, as strings.
pub fn leaf_paths(trace: &Trace) -> Vec<String> {
    trace.leaves().iter().map(|p| p.to_string()).collect()
}

/// Silences the unused warning for observers in some test files.
pub fn _use<O: Observer>(_: O) {}
