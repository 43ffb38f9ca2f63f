//! Perron eigenvalue and eigenvectors of a positive matrix by power iteration.
//!
//! Knuth & Moore (1975) need the largest eigenvalue of small positive matrices (eq 25 and
//! eq 41) and the constant of eq (22)–(23). By Perron's theorem a matrix with positive entries
//! has a simple, real, strictly dominant eigenvalue with a positive eigenvector, so the power
//! iteration converges from the all-ones vector. Every iterate also brackets the eigenvalue by
//! the Collatz–Wielandt bounds min_i (Mx)_i/x_i ≤ λ ≤ max_i (Mx)_i/x_i, which gives the
//! stopping rule and an error bound.

/// A dense square matrix, row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct Matrix {
    size: usize,
    entries: Vec<f64>,
}

impl Matrix {
    /// Builds a `size`×`size` matrix from a function of (row, column).
    pub fn from_fn(size: usize, mut entry: impl FnMut(usize, usize) -> f64) -> Self {
        let mut entries = Vec::with_capacity(size * size);
        for i in 0..size {
            for j in 0..size {
                entries.push(entry(i, j));
            }
        }
        Self { size, entries }
    }

    /// The number of rows (and columns).
    pub fn size(&self) -> usize {
        self.size
    }

    /// Entry (row, column).
    pub fn get(&self, row: usize, column: usize) -> f64 {
        self.entries[row * self.size + column]
    }

    /// The transposed matrix.
    pub fn transpose(&self) -> Self {
        Self::from_fn(self.size, |i, j| self.get(j, i))
    }

    /// The product M·x.
    pub fn apply(&self, x: &[f64]) -> Vec<f64> {
        (0..self.size)
            .map(|i| (0..self.size).map(|j| self.get(i, j) * x[j]).sum())
            .collect()
    }
}

/// The Perron eigenvalue with its positive eigenvector (normalised to sum 1) and the
/// Collatz–Wielandt bracket that certifies it.
#[derive(Clone, Debug, PartialEq)]
pub struct PerronPair {
    /// The dominant eigenvalue (midpoint of the bracket).
    pub value: f64,
    /// A lower bound on the eigenvalue.
    pub lower: f64,
    /// An upper bound on the eigenvalue.
    pub upper: f64,
    /// The positive eigenvector, entries summing to 1.
    pub vector: Vec<f64>,
}

/// Power iteration on a matrix with positive entries (Perron's theorem).
///
/// # Panics
/// If the matrix is empty or has an entry that is not positive and finite.
pub fn perron(matrix: &Matrix) -> PerronPair {
    assert!(matrix.size() > 0, "empty matrix");
    assert!(
        matrix.entries.iter().all(|&e| e > 0.0 && e.is_finite()),
        "Perron iteration needs positive entries"
    );
    let n = matrix.size();
    let mut x = vec![1.0 / n as f64; n];
    let (mut lower, mut upper) = (0.0, f64::INFINITY);
    for _ in 0..100_000 {
        let y = matrix.apply(&x);
        let ratios = y.iter().zip(&x).map(|(a, b)| a / b);
        lower = ratios.clone().fold(f64::INFINITY, f64::min);
        upper = ratios.fold(0.0, f64::max);
        let total: f64 = y.iter().sum();
        x = y.into_iter().map(|v| v / total).collect();
        if upper - lower <= 4.0 * f64::EPSILON * upper {
            break;
        }
    }
    PerronPair {
        value: 0.5 * (lower + upper),
        lower,
        upper,
        vector: x,
    }
}

/// The constant c of A_n = (Mⁿ·1)_row ≈ c·λⁿ (Knuth & Moore 1975, eqs (22)–(23)), computed from
/// the right and left Perron vectors v, w as v_row·(w·1)/(w·v).
pub fn perron_constant(matrix: &Matrix, row: usize) -> f64 {
    let right = perron(matrix);
    let left = perron(&matrix.transpose());
    let w_dot_v: f64 = left
        .vector
        .iter()
        .zip(&right.vector)
        .map(|(a, b)| a * b)
        .sum();
    let w_dot_ones: f64 = left.vector.iter().sum();
    right.vector[row] * w_dot_ones / w_dot_v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_by_two_known_eigenvalue() {
        // [[2,1],[1,2]] has eigenvalues 3 and 1.
        let m = Matrix::from_fn(2, |i, j| if i == j { 2.0 } else { 1.0 });
        let p = perron(&m);
        assert!((p.value - 3.0).abs() < 1e-14);
        assert!(p.lower <= 3.0 + 1e-15 && p.upper >= 3.0 - 1e-15);
        assert!((p.vector[0] - 0.5).abs() < 1e-14);
    }

    #[test]
    fn constant_matches_iterated_powers() {
        let m = Matrix::from_fn(3, |i, j| 1.0 / (1.0 + i as f64 + 2.0 * j as f64));
        let p = perron(&m);
        let c = perron_constant(&m, 0);
        let mut x = vec![1.0; 3];
        for _ in 0..60 {
            x = m.apply(&x).into_iter().map(|v| v / p.value).collect();
        }
        assert!((x[0] - c).abs() < 1e-12 * c, "{} vs {c}", x[0]);
    }
}
