//! The tree text format.
//!
//! ```text
//! tree   := node
//! node   := value | "(" node+ ")"
//! value  := integer | "inf" | "+inf" | "-inf"
//! ```
//!
//! Whitespace and commas separate; `#` starts a comment that runs to the end
//! of the line. A malformed text gets a [`ParseError`] with the line and
//! column of the offending character.
//!
//! Values of magnitude [`WIN_THRESHOLD`] (2^56 − 2^20) up to [`WIN`] (2^56)
//! are the core's forced wins and losses scored by distance: `WIN − k` is a
//! win delivered `k` plies from the root ([`alphabeta_core::value::win_in`]).
//! A leaf `d` levels below the root can only be such a win or loss with
//! `k ≥ d`, and nothing lies beyond `WIN` but the infinities; other values
//! there are refused, since the search would misread them.

use crate::tree::Shape;
use alphabeta_core::value::{WIN, WIN_THRESHOLD};
use alphabeta_core::{INFINITY, NEG_INFINITY, Value};

/// Why a tree text could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

/// How deeply trees may nest (deeper texts are refused, not overflowed).
const MAX_DEPTH: usize = 1_000;

impl<'a> Parser<'a> {
    fn error_at(&self, pos: usize, message: impl Into<String>) -> ParseError {
        let before = &self.text[..pos];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ParseError {
            line,
            column,
            message: message.into(),
        }
    }

    fn skip_blank(&mut self) {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() {
            match bytes[self.pos] {
                b' ' | b'\t' | b'\r' | b'\n' | b',' => self.pos += 1,
                b'#' => {
                    while self.pos < bytes.len() && bytes[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn node(&mut self, depth: usize) -> Result<Shape, ParseError> {
        self.skip_blank();
        let start = self.pos;
        match self.peek() {
            None => Err(self.error_at(start, "unexpected end of text: expected a value or '('")),
            Some('(') => {
                if depth >= MAX_DEPTH {
                    return Err(
                        self.error_at(start, format!("tree nests deeper than {MAX_DEPTH} levels"))
                    );
                }
                self.pos += 1;
                let mut children = Vec::new();
                loop {
                    self.skip_blank();
                    match self.peek() {
                        Some(')') => {
                            if children.is_empty() {
                                return Err(self.error_at(
                                    self.pos,
                                    "empty list '()': a node needs at least one successor",
                                ));
                            }
                            self.pos += 1;
                            return Ok(Shape::Node(children));
                        }
                        None => return Err(self.error_at(start, "unclosed '(': missing ')'")),
                        _ => children.push(self.node(depth + 1)?),
                    }
                }
            }
            Some(')') => Err(self.error_at(start, "unexpected ')' with no matching '('")),
            Some(_) => self.value(depth).map(Shape::Leaf),
        }
    }

    /// A leaf value, `depth` levels below the root.
    fn value(&mut self, depth: usize) -> Result<Value, ParseError> {
        let start = self.pos;
        let end = self.text[start..]
            .find(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | '#'))
            .map_or(self.text.len(), |i| start + i);
        let token = &self.text[start..end];
        self.pos = end;
        match token {
            "inf" | "+inf" => return Ok(INFINITY),
            "-inf" => return Ok(NEG_INFINITY),
            _ => {}
        }
        match token.parse::<i64>() {
            Ok(v) if v.unsigned_abs() < WIN_THRESHOLD.unsigned_abs() => Ok(v),
            // A forced win or loss scored by distance (see the module text).
            Ok(v) if v.unsigned_abs() <= WIN.unsigned_abs() => {
                let plies = WIN.unsigned_abs() - v.unsigned_abs();
                if plies >= depth as u64 {
                    Ok(v)
                } else {
                    Err(self.error_at(
                        start,
                        format!(
                            "{token:?} is a win or loss scored by distance, in {plies} plies, \
                             but this leaf is {depth} plies below the root; values of \
                             magnitude {WIN_THRESHOLD} or more are wins scored by distance \
                             (2^56 − k wins in k plies)"
                        ),
                    ))
                }
            }
            // ±i64::MAX are the infinities and i64::MIN has no negation.
            Ok(_) => Err(self.error_at(
                start,
                format!(
                    "{token:?} lies beyond the largest win scored by distance (2^56 = {WIN}); \
                     write inf or -inf for a won or lost position, or use smaller values"
                ),
            )),
            Err(_)
                if token
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '-' || c == '+')
                    && !token.is_empty() =>
            {
                Err(self.error_at(start, format!("{token:?} is not a 64-bit integer")))
            }
            Err(_) => Err(self.error_at(
                start,
                format!("unexpected {token:?}: expected an integer leaf value, inf, -inf or '('"),
            )),
        }
    }
}

/// Parses a whole text into a shape.
pub(crate) fn parse_shape(text: &str) -> Result<Shape, ParseError> {
    let mut p = Parser { text, pos: 0 };
    let shape = p.node(0)?;
    p.skip_blank();
    if p.pos < text.len() {
        return Err(p.error_at(p.pos, "unexpected text after the end of the tree"));
    }
    Ok(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        parse_shape(text).unwrap_err()
    }

    #[test]
    fn parses_values_comments_and_infinities() {
        let s = parse_shape("# a tree\n((3, -12 8) (inf -inf))").unwrap();
        assert_eq!(
            s,
            Shape::Node(vec![
                Shape::Node(vec![Shape::Leaf(3), Shape::Leaf(-12), Shape::Leaf(8)]),
                Shape::Node(vec![Shape::Leaf(INFINITY), Shape::Leaf(NEG_INFINITY)]),
            ])
        );
        assert_eq!(parse_shape("  7 ").unwrap(), Shape::Leaf(7));
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = err("((3 12 8)\n (2 x 6))");
        assert_eq!((e.line, e.column), (2, 5));
        assert!(e.message.contains("\"x\""), "{e}");
        let e = err("((3 12 8) (2 4 6)");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.message.contains("unclosed"));
        assert!(err("(1 2))").message.contains("after the end"));
        assert!(err("(1 () 2)").message.contains("empty list"));
        assert!(err("").message.contains("end of text"));
        assert!(err(")").message.contains("no matching"));
        assert!(err("(99999999999999999999)").message.contains("64-bit"));
        assert!(
            err("(9223372036854775807)")
                .message
                .contains("beyond the largest win")
        );
        // Wins and losses scored by distance, possible only as deep as
        // their distance: 2^56 − 1 is a win in 1 ply, 2^56 one in 0.
        assert!(parse_shape("(72057594036879360 -72057594037927935)").is_ok());
        assert!(parse_shape("(72057594036879359 -72057594036879359)").is_ok());
        let early = err("(3 (1 -72057594037927935))");
        assert!(
            early
                .message
                .contains("in 1 plies, but this leaf is 2 plies"),
            "{early}"
        );
        assert_eq!((early.line, early.column), (1, 7));
        assert!(
            err("(72057594037927937)")
                .message
                .contains("beyond the largest win")
        );
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let text = "(".repeat(2_000) + "1" + &")".repeat(2_000);
        assert!(err(&text).message.contains("deeper"));
    }
}
