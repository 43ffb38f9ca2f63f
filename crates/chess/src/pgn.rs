//! A reader for Portable Game Notation: tag pairs, movetext with move
//! numbers, comments (`{…}` and `;` to end of line), NAGs (`$1` and the
//! `!`/`?` suffixes), recursive variations, results, and several games a
//! file. Every move, in variations too, is checked against the rules.
//!
//! Hand-written: the PGN crates that exist (`pgn-reader`, on `shakmaty`) are
//! GPL-licensed and need a newer compiler than this project's, so they fit
//! neither the MIT/Apache licence nor the toolchain.
//!
//! A null move (`--`, as ChessBase writes in analysis) is not a chess
//! move: a variation is kept up to it and the rest of that variation is
//! left out, so annotated games still load.
//!
//! A malformed game yields a [`PgnError`] that names the game, the line and
//! the token; the other games of the file are read as usual
//! ([`read_games`] returns one result per game).

use cozy_chess::Move;

use crate::notation::parse_san;
use crate::position::Position;

/// How a game ended, as the movetext's termination marker says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown or unfinished.
    Unknown,
}

impl GameResult {
    fn parse(text: &str) -> Option<Self> {
        match text {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// The PGN spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

/// One move of a game or variation, with what the file says about it.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnMove {
    /// The move.
    pub mv: Move,
    /// Its SAN as written in the file.
    pub san: String,
    /// Numeric annotation glyphs (`$n`; `!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6).
    pub nags: Vec<u8>,
    /// Comments that follow the move.
    pub comments: Vec<String>,
    /// Alternatives to this move, each a line of moves from the position before it.
    pub variations: Vec<Vec<PgnMove>>,
}

/// A game read from PGN.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The initial position (the `FEN` tag's, or the standard one).
    pub start: Position,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The termination marker.
    pub result: GameResult,
}

impl PgnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every position of the main line, the initial one first and the final
    /// one last (`moves.len() + 1` positions).
    pub fn positions(&self) -> Vec<Position> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start.clone();
        for m in &self.moves {
            let next = pos.play(m.mv);
            out.push(pos);
            pos = next;
        }
        out.push(pos);
        out
    }
}

/// A malformed game: which game of the file, where, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}, token {token:?}: {reason}")]
pub struct PgnError {
    /// 1-based index of the game in the file.
    pub game: usize,
    /// 1-based line of the offending token.
    pub line: usize,
    /// The offending token.
    pub token: String,
    /// What is wrong.
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Tag(String, String),
    Symbol(String),
    Nag(u8),
    Comment(String),
    Open,
    Close,
    Result(GameResult),
    Bad(String),
}

#[derive(Clone, Debug)]
struct Token {
    kind: Kind,
    text: String,
    line: usize,
}

/// Splits PGN text into tokens; never fails (bad input becomes a `Bad` token).
fn tokenize(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let mut at_line_start = true;
    while i < chars.len() {
        let c = chars[i];
        let start_line = line;
        let push = |tokens: &mut Vec<Token>, kind: Kind, text: String| {
            tokens.push(Token {
                kind,
                text,
                line: start_line,
            })
        };
        if c == '\n' {
            line += 1;
            i += 1;
            at_line_start = true;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '%' && at_line_start {
            // Escape mechanism: the rest of the line is ignored.
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        at_line_start = false;
        match c {
            '{' => {
                let mut j = i + 1;
                while j < chars.len() && chars[j] != '}' {
                    if chars[j] == '\n' {
                        line += 1;
                    }
                    j += 1;
                }
                let body: String = chars[i + 1..j.min(chars.len())].iter().collect();
                if j >= chars.len() {
                    push(
                        &mut tokens,
                        Kind::Bad("comment not closed by '}'".into()),
                        format!("{{{}", body.trim_end()),
                    );
                } else {
                    push(
                        &mut tokens,
                        Kind::Comment(body.trim().to_string()),
                        format!("{{{body}}}"),
                    );
                }
                i = j + 1;
            }
            ';' => {
                let mut j = i + 1;
                while j < chars.len() && chars[j] != '\n' {
                    j += 1;
                }
                let body: String = chars[i + 1..j].iter().collect();
                push(
                    &mut tokens,
                    Kind::Comment(body.trim().to_string()),
                    format!(";{body}"),
                );
                i = j;
            }
            '[' => {
                let mut j = i + 1;
                let mut in_string = false;
                while j < chars.len() && chars[j] != '\n' && (in_string || chars[j] != ']') {
                    if chars[j] == '\\' && in_string {
                        j += 1;
                    } else if chars[j] == '"' {
                        in_string = !in_string;
                    }
                    j += 1;
                }
                let raw: String = chars[i..(j + 1).min(chars.len())].iter().collect();
                let kind = if j < chars.len() && chars[j] == ']' {
                    parse_tag(&raw[1..raw.len() - 1])
                        .map_or_else(Kind::Bad, |(n, v)| Kind::Tag(n, v))
                } else {
                    Kind::Bad("tag pair not closed by ']' on its line".into())
                };
                push(&mut tokens, kind, raw.trim_end().to_string());
                i = if j < chars.len() && chars[j] == ']' {
                    j + 1
                } else {
                    j
                };
            }
            '(' => {
                push(&mut tokens, Kind::Open, "(".into());
                i += 1;
            }
            ')' => {
                push(&mut tokens, Kind::Close, ")".into());
                i += 1;
            }
            '*' => {
                push(&mut tokens, Kind::Result(GameResult::Unknown), "*".into());
                i += 1;
            }
            '.' => i += 1,
            '$' => {
                let mut j = i + 1;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let text: String = chars[i..j].iter().collect();
                let kind = text[1..].parse::<u8>().map_or_else(
                    |_| Kind::Bad("a NAG is '$' and a number 0-255".into()),
                    Kind::Nag,
                );
                push(&mut tokens, kind, text);
                i = j;
            }
            c if c.is_alphanumeric() || "+#=:-/_!?".contains(c) => {
                let mut j = i;
                while j < chars.len()
                    && (chars[j].is_alphanumeric() || "+#=:-/_!?".contains(chars[j]))
                {
                    j += 1;
                }
                let text: String = chars[i..j].iter().collect();
                let kind = match GameResult::parse(&text) {
                    Some(r) => Kind::Result(r),
                    None => Kind::Symbol(text.clone()),
                };
                push(&mut tokens, kind, text);
                i = j;
            }
            other => {
                push(
                    &mut tokens,
                    Kind::Bad(format!("unexpected character {other:?}")),
                    other.to_string(),
                );
                i += 1;
            }
        }
    }
    tokens
}

/// `Name "value"` inside the brackets of a tag pair.
fn parse_tag(inner: &str) -> Result<(String, String), String> {
    let inner = inner.trim();
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or("a tag pair is [Name \"value\"]")?;
    let rest = rest.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return Err(format!("bad tag name {name:?}"));
    }
    let body = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or("a tag value is a quoted string")?;
    Ok((
        name.to_string(),
        body.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// The NAG meant by a move suffix such as `!?`.
fn suffix_nag(s: &str) -> Option<u8> {
    match s {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

/// Splits the tokens into games: a game ends at its result, or where a tag
/// pair follows movetext.
fn split_games(tokens: Vec<Token>) -> Vec<Vec<Token>> {
    let mut games = Vec::new();
    let mut current: Vec<Token> = Vec::new();
    let mut in_movetext = false;
    for t in tokens {
        match &t.kind {
            Kind::Tag(..) if in_movetext => {
                games.push(std::mem::take(&mut current));
                in_movetext = false;
                current.push(t);
            }
            Kind::Result(_) => {
                current.push(t);
                games.push(std::mem::take(&mut current));
                in_movetext = false;
            }
            Kind::Tag(..) => current.push(t),
            _ => {
                in_movetext = true;
                current.push(t);
            }
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    games
}

/// A line being read: its moves and the positions around its last move.
struct Line {
    moves: Vec<PgnMove>,
    pos: Position,
    before_last: Option<Position>,
    /// After a null move: the rest of the line (and its variations) is left out.
    skipping: bool,
}

/// Reads one game's tokens.
fn parse_game(index: usize, tokens: &[Token]) -> Result<PgnGame, PgnError> {
    let err = |t: &Token, reason: String| PgnError {
        game: index,
        line: t.line,
        token: t.text.clone(),
        reason,
    };
    let mut tags = Vec::new();
    let mut comments = Vec::new();
    let mut result = None;
    let mut stack: Vec<Line> = Vec::new();
    for t in tokens {
        if result.is_some() {
            return Err(err(t, "text after the game's result".into()));
        }
        match &t.kind {
            Kind::Tag(name, value) => {
                if name == "FEN" {
                    let start = Position::from_fen(value).map_err(|e| err(t, e.to_string()))?;
                    stack.clear();
                    stack.push(Line {
                        moves: Vec::new(),
                        pos: start,
                        before_last: None,
                        skipping: false,
                    });
                }
                tags.push((name.clone(), value.clone()));
            }
            Kind::Bad(reason) => return Err(err(t, reason.clone())),
            _ if stack.last().is_some_and(|l| l.skipping)
                && matches!(t.kind, Kind::Comment(_) | Kind::Nag(_) | Kind::Symbol(_)) => {}
            Kind::Comment(c) => match stack.last_mut().and_then(|l| l.moves.last_mut()) {
                Some(m) => m.comments.push(c.clone()),
                None => comments.push(c.clone()),
            },
            Kind::Nag(n) => match stack.last_mut().and_then(|l| l.moves.last_mut()) {
                Some(m) => m.nags.push(*n),
                None => return Err(err(t, "a NAG before any move".into())),
            },
            Kind::Open => {
                let line = stack
                    .last()
                    .ok_or_else(|| err(t, "a variation before any move".into()))?;
                let from = if line.skipping {
                    line.pos.clone()
                } else {
                    line.before_last
                        .clone()
                        .ok_or_else(|| err(t, "a variation before any move of its line".into()))?
                };
                stack.push(Line {
                    moves: Vec::new(),
                    pos: from,
                    before_last: None,
                    skipping: line.skipping,
                });
            }
            Kind::Close => {
                if stack.len() < 2 {
                    return Err(err(t, "')' without a matching '('".into()));
                }
                let (variation, skipped) = stack
                    .pop()
                    .map(|l| (l.moves, l.skipping))
                    .unwrap_or_default();
                // A variation that was a null move from its start says nothing.
                if let Some(parent) = stack.last_mut()
                    && !parent.skipping
                    && !(skipped && variation.is_empty())
                    && let Some(m) = parent.moves.last_mut()
                {
                    m.variations.push(variation);
                }
            }
            Kind::Result(r) => {
                if stack.len() > 1 {
                    return Err(err(
                        t,
                        "the result comes inside a variation (unclosed '(')".into(),
                    ));
                }
                result = Some(*r);
            }
            Kind::Symbol(s) => {
                if s.chars().all(|c| c.is_ascii_digit()) {
                    continue; // a move number
                }
                if let Some(n) = suffix_nag(s) {
                    match stack.last_mut().and_then(|l| l.moves.last_mut()) {
                        Some(m) => m.nags.push(n),
                        None => return Err(err(t, "an annotation before any move".into())),
                    }
                    continue;
                }
                if stack.is_empty() {
                    stack.push(Line {
                        moves: Vec::new(),
                        pos: Position::startpos(),
                        before_last: None,
                        skipping: false,
                    });
                }
                let in_variation = stack.len() > 1;
                let Some(line) = stack.last_mut() else {
                    continue;
                };
                if s == "--" && in_variation {
                    line.skipping = true;
                    continue;
                }
                let san = s.trim_end_matches(['!', '?']);
                let mv = parse_san(&line.pos, san).map_err(|e| err(t, e.to_string()))?;
                let mut nags = Vec::new();
                if let Some(n) = suffix_nag(&s[san.len()..]) {
                    nags.push(n);
                }
                let next = line.pos.play(mv);
                line.before_last = Some(std::mem::replace(&mut line.pos, next));
                line.moves.push(PgnMove {
                    mv,
                    san: san.to_string(),
                    nags,
                    comments: Vec::new(),
                    variations: Vec::new(),
                });
            }
        }
    }
    let last = tokens.last().cloned().unwrap_or(Token {
        kind: Kind::Open,
        text: String::new(),
        line: 0,
    });
    let result = result.ok_or_else(|| {
        err(
            &last,
            "the game has no result (1-0, 0-1, 1/2-1/2 or *)".into(),
        )
    })?;
    let start = match tags.iter().find(|(n, _)| n == "FEN") {
        Some((_, fen)) => Position::from_fen(fen).map_err(|e| err(&last, e.to_string()))?,
        None => Position::startpos(),
    };
    let moves = stack
        .into_iter()
        .next()
        .map(|l| l.moves)
        .unwrap_or_default();
    Ok(PgnGame {
        tags,
        start,
        comments,
        moves,
        result,
    })
}

/// Reads every game of a PGN text: one result per game, in file order, so
/// that a malformed game does not hide the others.
pub fn read_games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    // Editors on Windows often start a UTF-8 file with a byte order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    split_games(tokenize(text))
        .iter()
        .enumerate()
        .map(|(i, tokens)| parse_game(i + 1, tokens))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::to_uci;

    #[test]
    fn a_variation_is_kept_up_to_a_null_move() {
        let text =
            "1. e4 e5 (1... d5 2. exd5 -- {threat} 3. d4 (3. c4 c6) Qxd5) (1... -- 2. d4) 2. Nf3 *";
        let games = read_games(text);
        let game = games[0].as_ref().expect("the game reads");
        let sans: Vec<&str> = game.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3"]);
        let variations: Vec<Vec<&str>> = game.moves[1]
            .variations
            .iter()
            .map(|v| v.iter().map(|m| m.san.as_str()).collect())
            .collect();
        assert_eq!(variations, [vec!["d5", "exd5"]]);
        assert!(game.moves[1].variations[0][1].variations.is_empty());
        // In the main line a null move is still an error.
        assert!(read_games("1. e4 -- 2. d4 *")[0].is_err());
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let games = read_games("\u{feff}[Event \"a\"]\r\n\r\n1. e4 e5 1-0\r\n");
        assert_eq!(games.len(), 1);
        let game = games[0].as_ref().expect("the game reads");
        assert_eq!(game.tags[0], ("Event".to_string(), "a".to_string()));
        assert_eq!(game.moves.len(), 2);
    }

    #[test]
    fn reads_tags_comments_nags_and_nested_variations() {
        let text = r#"[Event "Test \"quoted\""]
[Result "1-0"]

{Opening remark} 1. e4 $1 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3!? ; to end of line
Nc6 3. Bb5 a6?! 1-0
"#;
        let games = read_games(text);
        assert_eq!(games.len(), 1);
        let g = games[0].as_ref().expect("game reads");
        assert_eq!(g.tag("Event"), Some("Test \"quoted\""));
        assert_eq!(g.result, GameResult::WhiteWins);
        assert_eq!(g.comments, vec!["Opening remark".to_string()]);
        let sans: Vec<&str> = g.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(g.moves[0].nags, vec![1]);
        assert_eq!(g.moves[2].nags, vec![5]);
        assert_eq!(g.moves[2].comments, vec!["to end of line".to_string()]);
        assert_eq!(g.moves[5].nags, vec![6]);
        let var = &g.moves[1].variations[0];
        assert_eq!(var.len(), 3);
        assert_eq!(
            to_uci(&Position::startpos().play(g.moves[0].mv), var[0].mv),
            "c7c5"
        );
        assert_eq!(var[1].variations[0].len(), 2);
        assert_eq!(g.positions().len(), 7);
    }

    #[test]
    fn a_bad_game_names_game_line_and_token_and_the_rest_still_load() {
        let text = "[Event \"one\"]\n1. e4 e5 1-0\n\n[Event \"two\"]\n1. e4 e5\n2. Ke3 Nc6 0-1\n\n[Event \"three\"]\n1. d4 *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 3);
        assert!(games[0].is_ok() && games[2].is_ok());
        let e = games[1].as_ref().expect_err("illegal move");
        assert_eq!((e.game, e.line, e.token.as_str()), (2, 6, "Ke3"));
        assert!(e.to_string().contains("game 2, line 6"));
    }

    #[test]
    fn structural_errors() {
        let cases = [
            ("1. e4 ) 1-0", ")"),
            ("1. e4 (1. d4 1-0", "1-0"),
            ("1. e4 {unclosed 1-0", "{unclosed 1-0\n"),
            ("[Event \"x\"\n1. e4 1-0", "[Event \"x\""),
            ("1. e4 e5", "e5"),
            ("( 1. e4 ) *", "("),
        ];
        for (text, token) in cases {
            let games = read_games(&format!("{text}\n"));
            let e = games[0].as_ref().expect_err(text);
            assert_eq!(e.token, token.trim_end(), "{text}: {e}");
        }
    }

    #[test]
    fn fen_tag_sets_the_start() {
        let text = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e4 Kd7 *";
        let g = read_games(text).remove(0).expect("game");
        assert_eq!(g.moves.len(), 2);
        assert_eq!(g.positions()[2].fen(), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");
    }
}
