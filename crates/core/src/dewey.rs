//! Dewey-decimal node addresses (Hsu, "Analysis of a possible best case";
//! Knuth §6): the root is the empty path, its i-th successor is `i`, that
//! node's j-th successor is `i.j`, and so on, with 1-based indices.

use std::fmt;
use std::str::FromStr;

/// A node address `a1.a2.….al`; the root is the empty path.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeweyPath(pub Vec<u32>);

impl DeweyPath {
    /// The root's address.
    pub fn root() -> Self {
        DeweyPath(Vec::new())
    }

    /// The depth of the node (the root has depth 0).
    pub fn depth(&self) -> usize {
        self.0.len()
    }

    /// Knuth's critical positions (§6, eq. (12) ff.): `a_i = 1` for all odd
    /// `i`, or for all even `i`. The root is critical.
    pub fn is_critical(&self) -> bool {
        let odd_ones = self.0.iter().step_by(2).all(|&a| a == 1);
        let even_ones = self.0.iter().skip(1).step_by(2).all(|&a| a == 1);
        odd_ones || even_ones
    }
}

impl fmt::Display for DeweyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("root");
        }
        for (i, a) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{a}")?;
        }
        Ok(())
    }
}

/// Why a Dewey path could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("invalid Dewey path {text:?}: {reason}")]
pub struct DeweyError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl FromStr for DeweyPath {
    type Err = DeweyError;

    /// Parses `1.2.1`; `root` or the empty string is the root.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.is_empty() || t == "root" {
            return Ok(DeweyPath::root());
        }
        let err = |reason: String| DeweyError {
            text: s.to_string(),
            reason,
        };
        t.split('.')
            .map(|part| match part.parse::<u32>() {
                Ok(0) => Err(err("indices start at 1".into())),
                Ok(a) => Ok(a),
                Err(_) => Err(err(format!("{part:?} is not a positive integer"))),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(DeweyPath)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsu_critical_examples() {
        // Hsu, slide 35: these are critical ...
        for p in ["2.1.4.1.2", "1.3.1.5.1.2", "1.1.1.2.1.1.1.3", "1.1", "root"] {
            assert!(p.parse::<DeweyPath>().unwrap().is_critical(), "{p}");
        }
        // ... and this one is not.
        assert!(!"1.2.1.1.2".parse::<DeweyPath>().unwrap().is_critical());
    }

    #[test]
    fn parse_round_trip_and_errors() {
        let p: DeweyPath = "1.2.1".parse().unwrap();
        assert_eq!(p.to_string(), "1.2.1");
        assert_eq!(p.depth(), 3);
        assert!("1.0".parse::<DeweyPath>().is_err());
        assert!("1.x".parse::<DeweyPath>().is_err());
    }
}
