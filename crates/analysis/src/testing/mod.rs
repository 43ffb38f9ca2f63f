//! Test helpers: tiny explicit trees and the two search procedures of Knuth & Moore, used to
//! check formulas by exhaustive enumeration of small random trees (no dependency on the
//! search core, which this crate must not use).

/// A uniform tree of degree `degree` whose leaves, in left-to-right order, hold `leaves`
/// (negamax values from the point of view of the player to move at the leaf).
pub struct UniformTree<'a> {
    pub degree: usize,
    pub height: u32,
    pub leaves: &'a [i64],
}

impl UniformTree<'_> {
    /// Terminal positions examined by Knuth & Moore's F2 (alpha-beta with deep cutoffs).
    pub fn alpha_beta_leaves(&self) -> u64 {
        let mut count = 0;
        self.f2(0, self.height, -i64::MAX, i64::MAX, &mut count);
        count
    }

    /// Terminal positions examined by Knuth & Moore's F1 (one bound, no deep cutoffs).
    pub fn branch_and_bound_leaves(&self) -> u64 {
        let mut count = 0;
        self.f1(0, self.height, i64::MAX, &mut count);
        count
    }

    fn f2(&self, first_leaf: usize, height: u32, alpha: i64, beta: i64, count: &mut u64) -> i64 {
        if height == 0 {
            *count += 1;
            return self.leaves[first_leaf];
        }
        let span = self.degree.pow(height - 1);
        let mut m = alpha;
        for i in 0..self.degree {
            let t = -self.f2(first_leaf + i * span, height - 1, -beta, -m, count);
            if t > m {
                m = t;
            }
            if m >= beta {
                break;
            }
        }
        m
    }

    fn f1(&self, first_leaf: usize, height: u32, bound: i64, count: &mut u64) -> i64 {
        if height == 0 {
            *count += 1;
            return self.leaves[first_leaf];
        }
        let span = self.degree.pow(height - 1);
        let mut m = -i64::MAX;
        for i in 0..self.degree {
            let t = -self.f1(first_leaf + i * span, height - 1, -m, count);
            if t > m {
                m = t;
            }
            if m >= bound {
                break;
            }
        }
        m
    }
}

/// Calls `visit` with every permutation of `0..n` (Heap's algorithm).
pub fn for_each_permutation(n: usize, mut visit: impl FnMut(&[i64])) {
    let mut items: Vec<i64> = (0..n as i64).collect();
    let mut c = vec![0usize; n];
    visit(&items);
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                items.swap(0, i);
            } else {
                items.swap(c[i], i);
            }
            visit(&items);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

/// The exact distribution of the number of bottom positions alpha-beta (F2, full window)
/// examines in a uniform ⟨N,D⟩ tree with i.i.d. continuous leaf values: every one of the
/// (N^D)! orders of the leaves is equally likely (Fuller et al. 1973 §3), so running the search
/// on each order counts them. Entry k of the result is the number of orders that examine k
/// leaves. Exhaustive: use for N^D ≤ 9 (9! = 362 880 searches).
pub fn nbp_orders_by_enumeration(n: usize, d: u32) -> Vec<u64> {
    let leaves = n.pow(d);
    let mut orders = vec![0u64; leaves + 1];
    for_each_permutation(leaves, |values| {
        let tree = UniformTree {
            degree: n,
            height: d,
            leaves: values,
        };
        orders[tree.alpha_beta_leaves() as usize] += 1;
    });
    orders
}

/// Leaf values (left to right, negamax convention) of a totally dependent uniform tree
/// (Knuth & Moore 1975 §9): the position with breadth-first number `node` (root 0, children of
/// `node` at `node·d + 1 + i`) orders its moves by the permutation `order(node)` of 0..d, and a
/// leaf's value is its path of move numbers read in radix d.
pub fn totally_dependent_leaves(
    d: usize,
    h: u32,
    mut order: impl FnMut(usize) -> Vec<i64>,
) -> Vec<i64> {
    fn fill(
        d: usize,
        height: u32,
        node: usize,
        prefix: i64,
        out: &mut [i64],
        order: &mut impl FnMut(usize) -> Vec<i64>,
    ) {
        if height == 0 {
            out[0] = prefix;
            return;
        }
        let moves = order(node);
        let span = d.pow(height - 1);
        for (i, chunk) in out.chunks_mut(span).enumerate() {
            fill(
                d,
                height - 1,
                node * d + 1 + i,
                prefix * d as i64 + moves[i],
                chunk,
                order,
            );
        }
    }
    let mut values = vec![0i64; d.pow(h)];
    fill(d, h, 0, 0, &mut values, &mut order);
    to_negamax(&mut values, h);
    values
}

/// Negates the values of the leaves at odd height parity so that a list of values "for the
/// player at the root" becomes negamax leaf values (a leaf at depth h is scored for the player
/// to move there).
pub fn to_negamax(values: &mut [i64], height: u32) {
    if height % 2 == 1 {
        for v in values {
            *v = -*v;
        }
    }
}

#[cfg(test)]
mod monte_carlo;
