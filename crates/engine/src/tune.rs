//! Texel-style tuning of the tapered evaluation's weights ([`PstWeights`]:
//! the piece-square tables with material, the bishop pair and the tempo)
//! on labelled positions: minimise the mean squared error between
//! `sigmoid(K · eval)` and each position's label, an expected score for
//! White in [0, 1] (Texel's method, Peter Österlund 2014, as described on
//! the Chess Programming Wiki). `K` is fitted first, at the starting
//! weights, then the weights move by Adam steps (Kingma & Ba 2015) on the
//! full batch.
//!
//! The loss is always measured with the engine's own evaluation,
//! [`pst::evaluate_weighted`], so there is no second copy of the
//! evaluation to drift. The gradient uses [`Features`], the same value
//! written as a linear function of the weights (the tapered tables are
//! linear in them; the terms of [`crate::terms`] are held fixed and enter
//! as a constant); [`Features::value`] equals the engine's value up to the
//! engine's integer rounding (less than one centipawn), which the tests
//! check. [`EvalTerms::winnable`] scales the endgame total by the position
//! and adds to it by its sign, which no linear function of the weights
//! writes: [`tune`] refuses terms with it on.
//!
//! The positions must not be the test suites' (Bratko–Kopec, WAC): the
//! data of docs/performance-chess.md come from self-play games
//! (`crates/engine/tests/tune_data.py`).

use alphabeta_core::Value;
use cozy_chess::{Board, Color, Piece};

use crate::pst::{self, FULL_PHASE, PHASE_WEIGHT, PstWeights};
use crate::terms::{self, EvalTerms};

/// A bad line of tuning data.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TuneError {
    /// A line that is not `FEN;LABEL`.
    #[error("line {line}: expected `FEN;LABEL`, got {text:?}")]
    Format { line: usize, text: String },
    /// A FEN the board parser rejects.
    #[error("line {line}: bad FEN {fen:?}")]
    Fen { line: usize, fen: String },
    /// A label that is not a number in [0, 1].
    #[error("line {line}: label {label:?} is not a number in [0, 1]")]
    Label { line: usize, label: String },
    /// No positions at all.
    #[error("no positions in the data")]
    Empty,
    /// Settings [`tune`] cannot run with ([`TuneSettings::check`]).
    #[error("bad tuning settings: {0}")]
    Settings(String),
}

/// One labelled position.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub board: Board,
    /// White's expected score, 0 (loss) to 1 (win).
    pub label: f64,
}

/// Reads tuning data: one `FEN;LABEL` a line (`LABEL` White's expected
/// score in [0, 1]); blank lines and lines starting with `#` are skipped.
pub fn read_samples(text: &str) -> Result<Vec<Sample>, TuneError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some((fen, label)) = trimmed.split_once(';') else {
            return Err(TuneError::Format {
                line,
                text: trimmed.to_string(),
            });
        };
        let board = Board::from_fen(fen.trim(), false).map_err(|_| TuneError::Fen {
            line,
            fen: fen.trim().to_string(),
        })?;
        let label_err = || TuneError::Label {
            line,
            label: label.trim().to_string(),
        };
        let label: f64 = label.trim().parse().map_err(|_| label_err())?;
        if !(0.0..=1.0).contains(&label) {
            return Err(label_err());
        }
        out.push(Sample { board, label });
    }
    if out.is_empty() {
        return Err(TuneError::Empty);
    }
    Ok(out)
}

/// Whether `board` is quiet enough to tune a static evaluation on: the
/// side to move is not in check and has no capture that wins material by
/// static exchange ([`alphabeta_chess::see::see`]) — there the static value
/// and a search's value (the label) agree up to positional play, as in
/// Texel's method, which tunes on quiescence-resolved positions.
pub fn quiet(board: &Board) -> bool {
    if !board.checkers().is_empty() {
        return false;
    }
    let theirs = board.colors(!board.side_to_move());
    let mut winning = false;
    board.generate_moves(|moves| {
        for mv in moves {
            if theirs.has(mv.to) && alphabeta_chess::see::see(board, mv) > 0 {
                winning = true;
                return true;
            }
        }
        false
    });
    !winning
}

/// Texel's sigmoid: the expected score of a value of `eval` centipawns at
/// scale `k`.
#[inline]
pub fn sigmoid(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The engine's value of `board` for White with `weights` and `terms`.
pub fn white_value(board: &Board, terms: EvalTerms, weights: &PstWeights) -> Value {
    let v = pst::evaluate_weighted(board, terms, weights);
    if board.side_to_move() == Color::White {
        v
    } else {
        -v
    }
}

/// The mean squared error of `sigmoid(k · eval)` against the labels, eval
/// being the engine's own ([`pst::evaluate_weighted`]).
pub fn loss(samples: &[Sample], terms: EvalTerms, weights: &PstWeights, k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = sigmoid(white_value(&s.board, terms, weights) as f64, k) - s.label;
            e * e
        })
        .sum();
    sum / samples.len() as f64
}

/// The `k` in [0.1, 4] that minimises [`loss`] at `weights`
/// (golden-section search; the loss is unimodal in `k`).
pub fn fit_k(samples: &[Sample], terms: EvalTerms, weights: &PstWeights) -> f64 {
    let evals: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (white_value(&s.board, terms, weights) as f64, s.label))
        .collect();
    let at = |k: f64| -> f64 {
        evals
            .iter()
            .map(|&(e, y)| (sigmoid(e, k) - y).powi(2))
            .sum()
    };
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.1, 4.0);
    for _ in 0..60 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if at(c) < at(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// The number of tuned parameters: a middlegame and an endgame value for
/// each piece on each square, the bishop pair's two, the tempo.
pub const PARAMS: usize = 6 * 64 * 2 + 3;
const BISHOP_PAIR_AT: usize = 6 * 64 * 2;
const TEMPO_AT: usize = BISHOP_PAIR_AT + 2;

/// `weights` as a flat vector (the layout of [`Features`]).
pub fn flatten(weights: &PstWeights) -> Vec<f64> {
    let mut out = vec![0.0; PARAMS];
    for p in 0..6 {
        for sq in 0..64 {
            let (m, e) = weights.values[p][sq];
            out[(p * 64 + sq) * 2] = m as f64;
            out[(p * 64 + sq) * 2 + 1] = e as f64;
        }
    }
    out[BISHOP_PAIR_AT] = weights.bishop_pair.0 as f64;
    out[BISHOP_PAIR_AT + 1] = weights.bishop_pair.1 as f64;
    out[TEMPO_AT] = weights.tempo as f64;
    out
}

/// The inverse of [`flatten`], each value rounded to a centipawn.
pub fn unflatten(theta: &[f64]) -> PstWeights {
    let r = |x: f64| x.round() as Value;
    let mut w = PstWeights::DEFAULT;
    for p in 0..6 {
        for sq in 0..64 {
            w.values[p][sq] = (r(theta[(p * 64 + sq) * 2]), r(theta[(p * 64 + sq) * 2 + 1]));
        }
    }
    w.bishop_pair = (r(theta[BISHOP_PAIR_AT]), r(theta[BISHOP_PAIR_AT + 1]));
    w.tempo = r(theta[TEMPO_AT]);
    w
}

/// A position's value for White as a linear function of the flat weights:
/// `Σ coefficient · θ[index] + constant`.
#[derive(Clone, Debug)]
pub struct Features {
    /// (parameter index, coefficient) pairs.
    pub terms: Vec<(usize, f64)>,
    /// The fixed part: the terms of [`crate::terms`], tapered.
    pub constant: f64,
}

impl Features {
    /// The features of `board` with the fixed `terms`.
    pub fn new(board: &Board, terms: EvalTerms) -> Self {
        let mut phase = 0;
        for piece in Piece::ALL {
            phase += PHASE_WEIGHT[piece as usize] * board.pieces(piece).len() as Value;
        }
        let mg = phase.min(FULL_PHASE) as f64 / FULL_PHASE as f64;
        let eg = 1.0 - mg;
        let mut out = Vec::with_capacity(70);
        for color in [Color::White, Color::Black] {
            let (flip, sign) = if color == Color::White {
                (0, 1.0)
            } else {
                (56, -1.0)
            };
            for piece in Piece::ALL {
                for sq in board.colored_pieces(color, piece) {
                    let i = (piece as usize * 64 + (sq as usize ^ flip)) * 2;
                    out.push((i, sign * mg));
                    out.push((i + 1, sign * eg));
                }
            }
            if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
                out.push((BISHOP_PAIR_AT, sign * mg));
                out.push((BISHOP_PAIR_AT + 1, sign * eg));
            }
        }
        let to_move = if board.side_to_move() == Color::White {
            1.0
        } else {
            -1.0
        };
        out.push((TEMPO_AT, to_move));
        let (tm, te) = terms::white_minus_black(board, terms);
        Features {
            terms: out,
            constant: tm as f64 * mg + te as f64 * eg,
        }
    }

    /// The value for White at the flat weights `theta`.
    #[inline]
    pub fn value(&self, theta: &[f64]) -> f64 {
        self.constant + self.terms.iter().map(|&(i, c)| c * theta[i]).sum::<f64>()
    }
}

/// Settings of [`tune`].
#[derive(Clone, Copy, Debug)]
pub struct TuneSettings {
    /// Full-batch Adam steps.
    pub iterations: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Weight of an L2 pull toward the starting weights (per parameter,
    /// relative to the loss), which keeps squares the data rarely visit
    /// near their hand-set values.
    pub prior: f64,
    /// Whether the tables stay as symmetric between the a–d and e–h
    /// files as they start (each square's step is the mean of its own and
    /// its file-mirror's): half the free parameters, less noise.
    pub mirror: bool,
    /// Whether the tempo is tuned (else it keeps its starting value: a
    /// larger tempo moves every static value the search prunes by).
    pub tempo: bool,
    /// Whether only each piece's material moves (its middlegame and its
    /// endgame table each shifted as a whole, the tables' shapes kept):
    /// ten free parameters and the bishop pair instead of 768.
    pub material_only: bool,
}

impl TuneSettings {
    /// The most steps [`tune`] takes: a bound on its running time (a step
    /// is one pass over the data; the runs of docs/performance-chess.md
    /// took 300 to 2000).
    pub const MAX_ITERATIONS: usize = 100_000;

    /// Whether [`tune`] can run with these settings: at least one and at
    /// most [`TuneSettings::MAX_ITERATIONS`] steps, a finite positive step
    /// size and a finite prior weight that is not negative (a negative
    /// step size would climb the loss, a negative prior push the weights
    /// away from their start).
    pub fn check(&self) -> Result<(), TuneError> {
        let bad = |what: String| Err(TuneError::Settings(what));
        if !(1..=Self::MAX_ITERATIONS).contains(&self.iterations) {
            return bad(format!(
                "iterations {} not in 1..={}",
                self.iterations,
                Self::MAX_ITERATIONS
            ));
        }
        if !(self.rate.is_finite() && self.rate > 0.0) {
            return bad(format!(
                "rate {} is not a finite positive number",
                self.rate
            ));
        }
        if !(self.prior.is_finite() && self.prior >= 0.0) {
            return bad(format!("prior {} is not a finite number ≥ 0", self.prior));
        }
        Ok(())
    }
}

impl Default for TuneSettings {
    fn default() -> Self {
        TuneSettings {
            iterations: 300,
            rate: 1.0,
            prior: 1e-7,
            mirror: true,
            tempo: false,
            material_only: false,
        }
    }
}

/// Tunes `start` on `samples` at scale `k` with the fixed `terms`; returns
/// the tuned weights (rounded to centipawns), or the error of
/// [`TuneSettings::check`] (or of a scale `k` that is not finite and
/// positive). The king's material is not a
/// parameter that matters (both sides have one king), and pawns on the
/// first and last ranks never occur; their values stay as they were.
pub fn tune(
    samples: &[Sample],
    terms: EvalTerms,
    start: &PstWeights,
    k: f64,
    settings: TuneSettings,
) -> Result<PstWeights, TuneError> {
    settings.check()?;
    if terms.winnable {
        return Err(TuneError::Settings(
            "the Winnable term is not linear in the weights; tune with it off".into(),
        ));
    }
    if !(k.is_finite() && k > 0.0) {
        return Err(TuneError::Settings(format!(
            "scale K {k} is not a finite positive number"
        )));
    }
    let features: Vec<Features> = samples
        .iter()
        .map(|s| Features::new(&s.board, terms))
        .collect();
    let theta0 = flatten(start);
    let mut theta = theta0.clone();
    let (mut m, mut v) = (vec![0.0; PARAMS], vec![0.0; PARAMS]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let n = samples.len() as f64;
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for step in 1..=settings.iterations {
        let mut grad = vec![0.0; PARAMS];
        for (f, s) in features.iter().zip(samples) {
            let p = sigmoid(f.value(&theta), k);
            let d = 2.0 * (p - s.label) * p * (1.0 - p) * scale / n;
            for &(i, c) in &f.terms {
                grad[i] += d * c;
            }
        }
        if settings.mirror {
            for p in 0..6 {
                for sq in 0..64 {
                    let m = sq ^ 7;
                    if sq % 8 < 4 {
                        for phase in 0..2 {
                            let (a, b) = ((p * 64 + sq) * 2 + phase, (p * 64 + m) * 2 + phase);
                            let mean = (grad[a] + grad[b]) / 2.0;
                            grad[a] = mean;
                            grad[b] = mean;
                        }
                    }
                }
            }
        }
        if settings.material_only {
            for p in 0..6 {
                for phase in 0..2 {
                    let at = |sq: usize| (p * 64 + sq) * 2 + phase;
                    // The king's material is the same on both sides: no step.
                    let sum: f64 = if p == 5 {
                        0.0
                    } else {
                        (0..64).map(|sq| grad[at(sq)]).sum()
                    };
                    for sq in 0..64 {
                        grad[at(sq)] = sum;
                    }
                }
            }
        }
        if !settings.tempo {
            grad[TEMPO_AT] = 0.0;
        }
        for i in 0..PARAMS {
            let g = grad[i] + 2.0 * settings.prior * (theta[i] - theta0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(step as i32));
            let vh = v[i] / (1.0 - b2.powi(step as i32));
            theta[i] -= settings.rate * mh / (vh.sqrt() + eps);
        }
    }
    Ok(unflatten(&theta))
}

/// `weights` as the constants of `pst.rs`: material by piece (the mean of
/// its tuned values over the squares it can stand on, the king's 0) and a
/// middlegame and an endgame table for each piece, written as the board
/// is seen (eighth rank first), then the bishop pair and the tempo.
pub fn to_rust(weights: &PstWeights) -> String {
    let names = ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"];
    let mut material = [[0 as Value; 6]; 2];
    for p in 0..5 {
        let squares: Vec<usize> = if p == 0 {
            (8..56).collect()
        } else {
            (0..64).collect()
        };
        for (phase, out) in material.iter_mut().enumerate() {
            let sum: Value = squares
                .iter()
                .map(|&sq| {
                    let (m, e) = weights.values[p][sq];
                    if phase == 0 { m } else { e }
                })
                .sum();
            out[p] = (sum as f64 / squares.len() as f64).round() as Value;
        }
    }
    let list = |a: &[Value; 6]| {
        a.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut s = String::new();
    s += &format!(
        "const MATERIAL_MG: [Value; 6] = [{}];\n",
        list(&material[0])
    );
    s += &format!(
        "const MATERIAL_EG: [Value; 6] = [{}];\n\n",
        list(&material[1])
    );
    for (p, name) in names.iter().enumerate() {
        for (phase, suffix) in ["MG", "EG"].iter().enumerate() {
            s += &format!("#[rustfmt::skip]\nconst {name}_{suffix}: [Value; 64] = [\n");
            for row in 0..8 {
                s += "  ";
                for col in 0..8 {
                    // The first row written is the eighth rank.
                    let sq = (7 - row) * 8 + col;
                    let (m, e) = weights.values[p][sq];
                    let v = if phase == 0 { m } else { e };
                    let v = if p == 0 && !(8..56).contains(&sq) {
                        0
                    } else {
                        v - material[phase][p]
                    };
                    s += &format!(" {v:4},");
                }
                s += "\n";
            }
            s += "];\n\n";
        }
    }
    s += &format!(
        "const BISHOP_PAIR: (Value, Value) = ({}, {});\n",
        weights.bishop_pair.0, weights.bishop_pair.1
    );
    s += &format!("const TEMPO: Value = {};\n", weights.tempo);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions from the engine's self-play (not the test suites), with
    /// labels: the fixture of `tests/data/tune-fixture.txt`.
    fn fixture() -> Vec<Sample> {
        read_samples(include_str!("../tests/data/tune-fixture.txt")).expect("fixture")
    }

    #[test]
    fn the_linear_features_give_the_engines_value() {
        let theta = flatten(&PstWeights::DEFAULT);
        let samples = fixture();
        assert!(samples.len() >= 100);
        let linear_terms = EvalTerms {
            winnable: false,
            ..EvalTerms::ALL
        };
        for terms in [EvalTerms::default(), EvalTerms::NONE, linear_terms] {
            for s in &samples {
                let engine = white_value(&s.board, terms, &PstWeights::DEFAULT) as f64;
                let linear = Features::new(&s.board, terms).value(&theta);
                assert!(
                    (engine - linear).abs() < 1.0 + 1e-9,
                    "{}: engine {engine}, linear {linear}",
                    s.board
                );
            }
        }
        // And the engine's default evaluation is the weighted one at the defaults.
        for s in &samples {
            assert_eq!(
                pst::evaluate_with(&s.board, EvalTerms::default()),
                pst::evaluate_weighted(&s.board, EvalTerms::default(), &PstWeights::DEFAULT)
            );
        }
        assert_eq!(unflatten(&theta), PstWeights::DEFAULT);
    }

    #[test]
    fn tuning_lowers_the_loss_on_the_fixture() {
        let samples = fixture();
        let terms = EvalTerms::default();
        let k = fit_k(&samples, terms, &PstWeights::DEFAULT);
        assert!((0.1..4.0).contains(&k), "k = {k}");
        let before = loss(&samples, terms, &PstWeights::DEFAULT, k);
        // K is a minimum: a step either way is worse.
        assert!(loss(&samples, terms, &PstWeights::DEFAULT, k * 1.2) > before);
        assert!(loss(&samples, terms, &PstWeights::DEFAULT, k / 1.2) > before);
        let settings = TuneSettings {
            iterations: 50,
            rate: 2.0,
            prior: 0.0,
            mirror: false,
            tempo: true,
            material_only: false,
        };
        let tuned = tune(&samples, terms, &PstWeights::DEFAULT, k, settings).unwrap();
        let after = loss(&samples, terms, &tuned, k);
        assert!(after < before * 0.98, "loss {before} -> {after}");
        assert_ne!(tuned, PstWeights::DEFAULT);
        // Mirrored, with the tempo held: still lower, the knight's table
        // (symmetric at the start) stays symmetric, the tempo stays.
        let settings = TuneSettings {
            mirror: true,
            tempo: false,
            ..settings
        };
        let tuned = tune(&samples, terms, &PstWeights::DEFAULT, k, settings).unwrap();
        assert!(loss(&samples, terms, &tuned, k) < before * 0.98);
        assert_eq!(tuned.tempo, PstWeights::DEFAULT.tempo);
        let knight = &tuned.values[Piece::Knight as usize];
        for sq in 0..64 {
            assert_eq!(knight[sq], knight[sq ^ 7], "square {sq}");
        }
        assert_ne!(knight, &PstWeights::DEFAULT.values[Piece::Knight as usize]);
        // Material only: each table moves as a whole, the king's not at all.
        let settings = TuneSettings {
            material_only: true,
            ..settings
        };
        let tuned = tune(&samples, terms, &PstWeights::DEFAULT, k, settings).unwrap();
        assert!(loss(&samples, terms, &tuned, k) < before);
        for p in 0..6 {
            let shift = |sq: usize| {
                let (m, e) = tuned.values[p][sq];
                let (m0, e0) = PstWeights::DEFAULT.values[p][sq];
                (m - m0, e - e0)
            };
            // Rounding aside, every square shifts alike.
            for sq in 8..56 {
                let (a, b) = (shift(sq), shift(8));
                assert!((a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1, "{p} {sq}");
            }
            if p == 5 {
                assert_eq!(shift(8), (0, 0));
            }
        }
    }

    /// The numbers of the constant `name` in `to_rust`'s output.
    fn numbers(text: &str, name: &str) -> Vec<Value> {
        let start = text.find(&format!("const {name}:")).expect(name);
        let body = &text[start..];
        let body = &body[body.find('=').expect("=") + 1..];
        let body = &body[..body.find(';').expect(";")];
        body.split(|c: char| !(c.is_ascii_digit() || c == '-'))
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().expect("number"))
            .collect()
    }

    #[test]
    fn the_rust_output_rebuilds_the_weights() {
        // Any weights: the tuned ones of the fixture, pawns and all.
        let samples = fixture();
        let terms = EvalTerms::default();
        let k = fit_k(&samples, terms, &PstWeights::DEFAULT);
        let settings = TuneSettings {
            iterations: 20,
            ..TuneSettings::default()
        };
        let weights = tune(&samples, terms, &PstWeights::DEFAULT, k, settings).unwrap();
        let s = to_rust(&weights);
        assert_eq!(s.matches("[Value; 64]").count(), 12);
        let material = [numbers(&s, "MATERIAL_MG"), numbers(&s, "MATERIAL_EG")];
        let names = ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"];
        for (p, name) in names.iter().enumerate() {
            let mg = numbers(&s, &format!("{name}_MG"));
            let eg = numbers(&s, &format!("{name}_EG"));
            assert_eq!((mg.len(), eg.len()), (64, 64));
            for sq in 0..64 {
                if p == 0 && !(8..56).contains(&sq) {
                    continue;
                }
                // Written as seen: the first row is the eighth rank.
                let seen = sq ^ 56;
                assert_eq!(
                    weights.values[p][sq],
                    (material[0][p] + mg[seen], material[1][p] + eg[seen]),
                    "{name} on {sq}"
                );
            }
        }
        let pair = numbers(&s, "BISHOP_PAIR");
        assert_eq!(pair, vec![weights.bishop_pair.0, weights.bishop_pair.1]);
        assert_eq!(numbers(&s, "TEMPO"), vec![weights.tempo]);
    }

    #[test]
    fn quiet_positions_have_no_winning_capture_and_no_check() {
        let quiet_fen = |fen: &str| quiet(&Board::from_fen(fen, false).expect("fen"));
        // The start, and an even exchange on offer (a defended pawn).
        assert!(quiet_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ));
        assert!(quiet_fen("4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1"));
        // A hanging knight; a check.
        assert!(!quiet_fen("4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1"));
        assert!(!quiet_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1"));
        // The fixture holds both kinds.
        let n = fixture().iter().filter(|s| quiet(&s.board)).count();
        assert!(n > 50 && n < 150, "{n} quiet of 150");
    }

    #[test]
    fn bad_data_is_refused_with_its_line() {
        let good = "8/8/8/4k3/8/3K4/8/8 w - - 0 1;0.5\n";
        assert_eq!(read_samples(good).expect("good").len(), 1);
        assert_eq!(read_samples("\n# nothing\n").unwrap_err(), TuneError::Empty);
        assert!(matches!(
            read_samples(&format!("{good}no separator")).unwrap_err(),
            TuneError::Format { line: 2, .. }
        ));
        assert!(matches!(
            read_samples("8/8/8/8 w - - 0 1;0.5").unwrap_err(),
            TuneError::Fen { line: 1, .. }
        ));
        for label in ["1.5", "-0.1", "x", "NaN"] {
            assert!(matches!(
                read_samples(&format!("8/8/8/4k3/8/3K4/8/8 w - - 0 1;{label}")).unwrap_err(),
                TuneError::Label { line: 1, .. }
            ));
        }
    }

    #[test]
    fn bad_settings_are_refused_before_any_step() {
        let samples = fixture();
        let terms = EvalTerms::default();
        let ok = TuneSettings::default();
        assert!(ok.check().is_ok());
        let bad = [
            TuneSettings {
                iterations: 0,
                ..ok
            },
            TuneSettings {
                iterations: TuneSettings::MAX_ITERATIONS + 1,
                ..ok
            },
            TuneSettings { rate: -1.0, ..ok },
            TuneSettings { rate: 0.0, ..ok },
            TuneSettings {
                rate: f64::NAN,
                ..ok
            },
            TuneSettings { prior: -3.0, ..ok },
            TuneSettings {
                prior: f64::INFINITY,
                ..ok
            },
        ];
        for settings in bad {
            assert!(
                matches!(settings.check(), Err(TuneError::Settings(_))),
                "{settings:?}"
            );
            let err = tune(&samples, terms, &PstWeights::DEFAULT, 1.0, settings).unwrap_err();
            assert!(matches!(err, TuneError::Settings(_)), "{settings:?}");
        }
        let one = TuneSettings {
            iterations: 1,
            ..ok
        };
        for k in [0.0, -1.0, f64::NAN] {
            let err = tune(&samples, terms, &PstWeights::DEFAULT, k, one).unwrap_err();
            assert!(matches!(err, TuneError::Settings(_)), "K = {k}");
        }
        // A term that is not linear in the weights.
        let winnable = EvalTerms {
            winnable: true,
            ..terms
        };
        let err = tune(&samples, winnable, &PstWeights::DEFAULT, 1.0, one).unwrap_err();
        assert!(err.to_string().contains("Winnable"), "{err}");
    }
}
