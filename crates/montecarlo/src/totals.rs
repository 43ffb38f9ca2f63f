//! Exact integer sums over trees.
//!
//! Every per-tree count is added into 128-bit integers (with its square, for
//! the variance), so the totals of a run do not depend on the order in which
//! trees finish, on the number of threads, or on where a run was interrupted
//! and resumed: addition of integers is associative and exact. Floating
//! point appears only when a [`crate::Summary`] is computed from the totals.

use alphabeta_core::{Stats, Value};
use serde::{Deserialize, Serialize};

/// The sum and sum of squares of one per-tree count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    /// Σ x.
    #[serde(with = "decimal")]
    pub sum: u128,
    /// Σ x².
    #[serde(with = "decimal")]
    pub sum_sq: u128,
}

impl Moments {
    /// Adds one observation.
    #[inline]
    pub fn add(&mut self, x: u64) {
        let x = u128::from(x);
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// Adds another set of sums.
    pub fn merge(&mut self, other: &Moments) {
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
    }
}

/// Everything a run accumulates, as exact integers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    /// Trees searched.
    pub trees: u64,
    /// Bottom positions evaluated per tree (Fuller's NBP).
    pub leaves: Moments,
    /// Positions examined per tree, every level.
    pub nodes: Moments,
    /// Move generations per tree (Fuller's NMG).
    pub move_generations: Moments,
    /// Positions examined on each level (index = level).
    pub nodes_per_level: Vec<Moments>,
    /// Bottom positions per level, summed over trees.
    #[serde(with = "decimal_vec")]
    pub leaves_per_level: Vec<u128>,
    /// Move generations per level, summed over trees.
    #[serde(with = "decimal_vec")]
    pub move_generations_per_level: Vec<u128>,
    /// Alpha cutoffs (made by Min nodes), summed.
    #[serde(with = "decimal")]
    pub alpha_cutoffs: u128,
    /// Beta cutoffs (made by Max nodes), summed.
    #[serde(with = "decimal")]
    pub beta_cutoffs: u128,
    /// Deep cutoffs of either kind, summed.
    #[serde(with = "decimal")]
    pub deep_cutoffs: u128,
    /// Successors left unexamined by cutoffs, summed.
    #[serde(with = "decimal")]
    pub pruned: u128,
    /// Successors left unexamined by deep cutoffs, summed.
    #[serde(with = "decimal")]
    pub deep_pruned: u128,
    /// Root values (negamax, for the side to move at the root), summed.
    #[serde(with = "decimal_signed")]
    pub root_value_sum: i128,
}

fn grow<T: Default + Clone>(v: &mut Vec<T>, len: usize) {
    if v.len() < len {
        v.resize(len, T::default());
    }
}

impl Totals {
    /// Adds one tree: the instruments of its search and its root value.
    pub fn add_tree(&mut self, stats: &Stats, root_value: Value) {
        self.trees += 1;
        self.leaves.add(stats.leaves());
        self.nodes.add(stats.nodes());
        self.move_generations.add(stats.expansions());
        let nodes_per_ply = stats.nodes_per_ply();
        grow(&mut self.nodes_per_level, nodes_per_ply.len());
        for (m, &x) in self.nodes_per_level.iter_mut().zip(&nodes_per_ply) {
            m.add(x);
        }
        add_counts(&mut self.leaves_per_level, &stats.leaves_per_ply());
        add_counts(
            &mut self.move_generations_per_level,
            &stats.expansions_per_ply(),
        );
        self.alpha_cutoffs += u128::from(stats.alpha_cutoffs());
        self.beta_cutoffs += u128::from(stats.beta_cutoffs());
        self.deep_cutoffs += u128::from(stats.deep_cutoffs());
        self.pruned += u128::from(stats.pruned());
        self.deep_pruned += u128::from(stats.deep_pruned());
        self.root_value_sum += i128::from(root_value);
    }

    /// Adds the totals of other trees.
    pub fn merge(&mut self, other: &Totals) {
        self.trees += other.trees;
        self.leaves.merge(&other.leaves);
        self.nodes.merge(&other.nodes);
        self.move_generations.merge(&other.move_generations);
        grow(&mut self.nodes_per_level, other.nodes_per_level.len());
        for (m, o) in self.nodes_per_level.iter_mut().zip(&other.nodes_per_level) {
            m.merge(o);
        }
        add_wide(&mut self.leaves_per_level, &other.leaves_per_level);
        add_wide(
            &mut self.move_generations_per_level,
            &other.move_generations_per_level,
        );
        self.alpha_cutoffs += other.alpha_cutoffs;
        self.beta_cutoffs += other.beta_cutoffs;
        self.deep_cutoffs += other.deep_cutoffs;
        self.pruned += other.pruned;
        self.deep_pruned += other.deep_pruned;
        self.root_value_sum += other.root_value_sum;
    }
}

impl Moments {
    /// Whether these can be the sums of `trees` non-negative integers: Σx² ≥
    /// Σx (x² ≥ x) and T·Σx² ≥ (Σx)² (Cauchy–Schwarz), all zero for no tree.
    fn possible(&self, trees: u64) -> bool {
        if trees == 0 {
            return self.sum == 0 && self.sum_sq == 0;
        }
        let spread_ok = match (
            u128::from(trees).checked_mul(self.sum_sq),
            self.sum.checked_mul(self.sum),
        ) {
            (Some(a), Some(b)) => a >= b,
            (None, _) => true,
            (Some(_), None) => false,
        };
        self.sum_sq >= self.sum && spread_ok
    }
}

impl Totals {
    /// Checks the relations every honest set of totals satisfies (used on
    /// checkpoints read back): each count's sums are possible for the number
    /// of trees, the per-level sums add up to the whole-tree sums, every
    /// examined position is a bottom position or a move generation or
    /// settled, and deep cutoffs are a part of all cutoffs.
    pub fn check(&self) -> Result<(), String> {
        let t = self.trees;
        for (name, m) in [
            ("leaves", &self.leaves),
            ("nodes", &self.nodes),
            ("move_generations", &self.move_generations),
        ]
        .into_iter()
        .chain(self.nodes_per_level.iter().map(|m| ("nodes_per_level", m)))
        {
            if !m.possible(t) {
                return Err(format!("{name} {m:?} cannot be the sums of {t} trees"));
            }
        }
        let per_level = [
            (
                "nodes",
                self.nodes.sum,
                sum(self.nodes_per_level.iter().map(|m| m.sum)),
            ),
            (
                "leaves",
                self.leaves.sum,
                sum(self.leaves_per_level.iter().copied()),
            ),
            (
                "move_generations",
                self.move_generations.sum,
                sum(self.move_generations_per_level.iter().copied()),
            ),
        ];
        for (name, whole, levels) in per_level {
            if whole != levels {
                return Err(format!(
                    "{name}: {whole} in all, but {levels} over the levels"
                ));
            }
        }
        if self.leaves.sum.checked_add(self.move_generations.sum) > Some(self.nodes.sum) {
            return Err("more bottom positions and move generations than positions".into());
        }
        let cutoffs = self.alpha_cutoffs.checked_add(self.beta_cutoffs);
        if cutoffs.is_none_or(|c| self.deep_cutoffs > c) || self.deep_pruned > self.pruned {
            return Err("more deep cutoffs (or branches they pruned) than cutoffs".into());
        }
        Ok(())
    }
}

/// The sum, or `u128::MAX` if it overflows (then it matches no honest total).
fn sum(v: impl Iterator<Item = u128>) -> u128 {
    v.into_iter()
        .try_fold(0u128, u128::checked_add)
        .unwrap_or(u128::MAX)
}

fn add_counts(into: &mut Vec<u128>, counts: &[u64]) {
    grow(into, counts.len());
    for (a, &b) in into.iter_mut().zip(counts) {
        *a += u128::from(b);
    }
}

fn add_wide(into: &mut Vec<u128>, other: &[u128]) {
    grow(into, other.len());
    for (a, &b) in into.iter_mut().zip(other) {
        *a += b;
    }
}

/// 128-bit integers as decimal strings in JSON (exact in every reader).
mod decimal {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(v: &u128, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_string())
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

mod decimal_signed {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(v: &i128, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_string())
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i128, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

mod decimal_vec {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(v: &[u128], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(|x| x.to_string()))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u128>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|x| x.parse().map_err(D::Error::custom))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphabeta_core::{Cutoff, CutoffKind, Observer};

    /// The counts of a search that evaluated `leaves[l]` bottom positions
    /// and expanded one position on each level `l`, as its events report.
    fn stats(leaves: &[u64]) -> Stats {
        let mut s = Stats::default();
        for (ply, &n) in leaves.iter().enumerate() {
            s.examined(ply, n + 1);
            s.expand(ply, 1);
        }
        // Two alpha cutoffs (one deep, pruning 2; one shallow, pruning 1)
        // and three shallow beta cutoffs (pruning 1, 0, 0).
        for (ply, deep, pruned) in [
            (1, true, 2),
            (1, false, 1),
            (0, false, 1),
            (2, false, 0),
            (0, false, 0),
        ] {
            let kind = CutoffKind::at_ply(ply);
            s.cutoff(ply, Cutoff { kind, deep, pruned });
        }
        assert_eq!(
            (
                s.alpha_cutoffs(),
                s.beta_cutoffs(),
                s.deep_cutoffs(),
                s.pruned(),
                s.deep_pruned()
            ),
            (2, 3, 1, 4, 2)
        );
        s
    }

    #[test]
    fn merging_in_any_grouping_gives_the_same_totals() {
        let trees = [stats(&[0, 3]), stats(&[0, 1, 7]), stats(&[5])];
        let mut one = Totals::default();
        for (i, s) in trees.iter().enumerate() {
            one.add_tree(s, i as Value - 1);
        }
        let mut a = Totals::default();
        a.add_tree(&trees[2], 1);
        let mut b = Totals::default();
        b.add_tree(&trees[0], -1);
        b.add_tree(&trees[1], 0);
        a.merge(&b);
        assert_eq!(a, one);
        assert_eq!(one.leaves.sum, 3 + 8 + 5);
        assert_eq!(one.leaves.sum_sq, 9 + 64 + 25);
        assert_eq!(one.leaves_per_level, vec![5, 4, 7]);
        assert_eq!(one.nodes_per_level[2], Moments { sum: 8, sum_sq: 64 });
        assert_eq!(one.root_value_sum, 0);
    }

    #[test]
    fn totals_survive_json_exactly() {
        let mut t = Totals::default();
        t.add_tree(&stats(&[u64::MAX / 2]), Value::MIN + 1);
        let back: Totals = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert_eq!(back, t);
    }
}
