//! A reader for Extended Position Description: four FEN fields followed by
//! operations `opcode operand …;` such as `bm Qg6; id "WAC.001";`.
//!
//! Move operands of `bm` (best moves) and `am` (avoid moves) are read as
//! SAN and checked against the rules.

use cozy_chess::Move;

use crate::notation::parse_san;
use crate::position::Position;

/// One EPD record.
#[derive(Clone, Debug)]
pub struct EpdRecord {
    /// The position (counters from `hmvc`/`fmvn` when given, else `0 1`).
    pub position: Position,
    /// The operations in order: opcode and operands (quotes removed).
    pub operations: Vec<(String, Vec<String>)>,
    /// The `bm` moves.
    pub best_moves: Vec<Move>,
    /// The `am` moves.
    pub avoid_moves: Vec<Move>,
}

impl EpdRecord {
    /// The operands of an opcode, if present.
    pub fn operation(&self, opcode: &str) -> Option<&[String]> {
        self.operations
            .iter()
            .find(|(o, _)| o == opcode)
            .map(|(_, v)| v.as_slice())
    }

    /// The `id` operand.
    pub fn id(&self) -> Option<&str> {
        self.operation("id")
            .and_then(|v| v.first())
            .map(String::as_str)
    }
}

/// A malformed EPD line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("EPD line {line}: {reason}")]
pub struct EpdError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Splits the operations part into `(opcode, operands)`, honouring quotes.
fn parse_operations(text: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut ops = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut chars = text.chars().peekable();
    let mut word = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let mut s = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => s.extend(chars.next()),
                        Some(c) => s.push(c),
                        None => return Err("a quoted operand is not closed".into()),
                    }
                }
                words.push(s);
            }
            ';' => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                if words.is_empty() {
                    return Err("an empty operation".into());
                }
                let opcode = words.remove(0);
                ops.push((opcode, std::mem::take(&mut words)));
            }
            c if c.is_whitespace() => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() || !words.is_empty() {
        return Err("the last operation is not terminated by ';'".into());
    }
    Ok(ops)
}

/// Reads one EPD line (1-based `line` for errors).
pub fn parse_epd_line(text: &str, line: usize) -> Result<EpdRecord, EpdError> {
    let err = |reason: String| EpdError { line, reason };
    let mut fields = text.split_whitespace();
    let fen4: Vec<&str> = fields.by_ref().take(4).collect();
    if fen4.len() < 4 {
        return Err(err("an EPD line starts with four FEN fields".into()));
    }
    let rest: String = {
        // Everything after the fourth field, as written.
        let mut idx = 0;
        for f in &fen4 {
            idx = text[idx..].find(f).map_or(idx, |p| idx + p + f.len());
        }
        text[idx..].to_string()
    };
    let operations = parse_operations(&rest).map_err(err)?;
    let counter = |op: &str, default: &str| {
        operations
            .iter()
            .find(|(o, _)| o == op)
            .and_then(|(_, v)| v.first().cloned())
            .unwrap_or_else(|| default.to_string())
    };
    let fen = format!(
        "{} {} {}",
        fen4.join(" "),
        counter("hmvc", "0"),
        counter("fmvn", "1")
    );
    let position = Position::from_fen(&fen).map_err(|e| err(e.to_string()))?;
    let moves = |op: &str| -> Result<Vec<Move>, EpdError> {
        operations
            .iter()
            .filter(|(o, _)| o == op)
            .flat_map(|(_, v)| v.iter())
            .map(|san| parse_san(&position, san).map_err(|e| err(format!("{op}: {e}"))))
            .collect()
    };
    let best_moves = moves("bm")?;
    let avoid_moves = moves("am")?;
    Ok(EpdRecord {
        position,
        operations,
        best_moves,
        avoid_moves,
    })
}

/// Reads every non-blank line of an EPD file: one result per line.
pub fn read_epd(text: &str) -> Vec<Result<EpdRecord, EpdError>> {
    // Editors on Windows often start a UTF-8 file with a byte order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| parse_epd_line(l, i + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::to_uci;

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let records = read_epd("\u{feff}4k3/8/8/8/8/8/8/R3K3 w Q - bm Ra8+; id \"x\";\n");
        assert_eq!(records.len(), 1);
        let r = records[0].as_ref().expect("the line reads");
        assert_eq!(r.position.fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    }

    #[test]
    fn reads_operations() {
        let r = parse_epd_line(
            r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001"; c0 "a; b";"#,
            1,
        )
        .expect("record");
        assert_eq!(r.id(), Some("WAC.001"));
        assert_eq!(r.best_moves.len(), 1);
        assert_eq!(to_uci(&r.position, r.best_moves[0]), "g3g6");
        assert_eq!(r.operation("c0"), Some(&["a; b".to_string()][..]));
    }

    #[test]
    fn errors_name_the_line() {
        let text = "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n\n8/8/8/8/8/8/8/K6k w - - bm Ka3\n8/8/8/8 w\n8/8/8/8/8/8/8/K6k w - - bm Kc2;";
        let records = read_epd(text);
        assert_eq!(records.len(), 4);
        assert!(records[0].is_ok());
        assert_eq!(records[1].as_ref().expect_err("unterminated").line, 3);
        assert_eq!(records[2].as_ref().expect_err("short").line, 4);
        let e = records[3].as_ref().expect_err("illegal bm");
        assert!(e.reason.contains("Kc2"), "{e}");
    }
}
