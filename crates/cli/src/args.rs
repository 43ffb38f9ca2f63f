//! The command-line convention every command follows, in one place: the
//! argument groups that several commands share (a random tree model, a depth
//! limit, the output format, `--quiet`), flattened into each command's
//! options with clap's `#[command(flatten)]`, and the spellings the tool no
//! longer takes, each refused with the one that replaced it.
//!
//! The convention: `--format text|json|csv` where a command prints for
//! programs too (text for people is the default), `--out PATH` for what is
//! written to files, `--quiet` for no progress on standard error, and the
//! model options `--n --d --r --spread --q --mean-branching --ordering --p`
//! (the names of [`ModelParams`]) wherever a random tree is described.

use std::ffi::OsStr;
use std::time::Duration;

use alphabeta_models::ModelParams;
use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;

use crate::output::Format;

/// A random tree model's parameters (`alphabeta_models::ModelSpec`): which
/// of them a model takes is in `docs/models.md`; a model refuses the ones
/// it does not take.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ModelOptions {
    /// Branching factor N (the degree d of Knuth's dependent model).
    #[arg(long)]
    pub n: Option<u32>,
    /// Depth D (the height h of Knuth's dependent model).
    #[arg(long)]
    pub d: Option<u32>,
    /// range: the number R of equally likely leaf values.
    #[arg(long)]
    pub r: Option<u64>,
    /// additive: branch values are uniform on -SPREAD..=SPREAD (default 2^20).
    #[arg(long)]
    pub spread: Option<u32>,
    /// branching: probability q_j that a position on level j is non-terminal
    /// (one value, or one per level, comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub q: Option<Vec<f64>>,
    /// branching: mean number of successors d_j of a position on level j
    /// (one value, or one per level, comma-separated).
    #[arg(long = "mean-branching", value_delimiter = ',')]
    pub mean_branching: Option<Vec<f64>>,
    /// Successor order: random (as generated), perfect, worst, best-first
    /// (with --p), constructed (values made perfectly ordered, shape kept).
    #[arg(long)]
    pub ordering: Option<String>,
    /// best-first: probability that the best successor is searched first.
    #[arg(long)]
    pub p: Option<f64>,
}

impl ModelOptions {
    /// The parameters as the models crate takes them.
    pub fn params(&self) -> ModelParams {
        ModelParams {
            n: self.n,
            d: self.d,
            r: self.r,
            spread: self.spread,
            q: self.q.clone(),
            mean: self.mean_branching.clone(),
            ordering: self.ordering.clone(),
            p: self.p,
        }
    }

    /// Whether any of the options was given.
    pub fn any_given(&self) -> bool {
        self.params() != ModelParams::default()
    }
}

/// `--depth`: how deep a tree or game is searched.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct DepthLimit {
    /// Depth limit in plies (default: to the end of the tree or game).
    #[arg(long)]
    pub depth: Option<u32>,
}

impl DepthLimit {
    /// The limit, `u32::MAX` (no limit) where none was given.
    pub fn plies(&self) -> u32 {
        self.depth.unwrap_or(u32::MAX)
    }
}

/// `--time`: how long a search may run before it gives up.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct TimeLimit {
    /// Give up after this many seconds.
    #[arg(long)]
    pub time: Option<f64>,
}

impl TimeLimit {
    /// The limit, checked: a positive number of seconds (at most 10⁹, about
    /// 32 years, so that every limit is a [`Duration`]); `None` for no limit.
    pub fn duration(&self) -> anyhow::Result<Option<Duration>> {
        match self.time {
            Some(t) if !(t.is_finite() && t > 0.0) => {
                anyhow::bail!("--time must be a positive number of seconds (got {t})")
            }
            Some(t) => Ok(Some(Duration::from_secs_f64(t.min(1e9)))),
            None => Ok(None),
        }
    }
}

/// `--quiet`: no progress on standard error (the result is unchanged).
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct Quiet {
    /// No progress bars or lines on standard error.
    #[arg(long)]
    pub quiet: bool,
}

/// `--format` of a command that prints text, JSON and CSV (global: a
/// command with subcommands takes it before or after the subcommand).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct TextJsonCsv {
    /// Output format: text (for people), json or csv.
    #[arg(long, global = true, default_value = "text", value_parser = FormatParser(&[Format::Text, Format::Json, Format::Csv]))]
    pub format: Format,
}

/// `--format` of a command that prints text and JSON (global, as
/// [`TextJsonCsv`]).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct TextJson {
    /// Output format: text (for people) or json.
    #[arg(long, global = true, default_value = "text", value_parser = FormatParser(&[Format::Text, Format::Json]))]
    pub format: Format,
}

/// An option the command line no longer takes, and what replaced it.
pub struct Renamed {
    /// The old long option, without its dashes.
    pub old: &'static str,
    /// Whether the old option took a value (`--output FILE`), which its
    /// refusal takes too, so that the value is not read as something else.
    pub took_value: bool,
    /// The long option that replaced it: a command that has this one (and
    /// not the old one) refuses the old one.
    pub new: &'static str,
    /// The value of the new option that says what the old one said (where
    /// the new option does not take it, the old one is not refused there).
    pub new_value: Option<&'static str>,
}

impl Renamed {
    /// What to write instead: `--format json`.
    pub fn use_instead(&self) -> String {
        match self.new_value {
            Some(v) => format!("--{} {v}", self.new),
            None => format!("--{}", self.new),
        }
    }
}

/// The options the command line no longer takes ([`refuse_renamed`]).
pub const RENAMED_OPTIONS: [Renamed; 6] = [
    renamed("json", false, "format", Some("json")),
    renamed("csv", false, "format", Some("csv")),
    renamed("output", true, "out", None),
    renamed("no-progress", false, "quiet", None),
    renamed("range", true, "r", None),
    renamed("ordered-p", true, "p", None),
];

const fn renamed(
    old: &'static str,
    took_value: bool,
    new: &'static str,
    new_value: Option<&'static str>,
) -> Renamed {
    Renamed {
        old,
        took_value,
        new,
        new_value,
    }
}

/// Values the command line no longer takes: (the long option, the old
/// value, the value that replaced it).
pub const RENAMED_VALUES: [(&str, &str, &str); 1] = [("format", "table", "text")];

/// The message that refuses an old spelling.
fn renamed_message(old: &str, new: &str) -> String {
    format!("{old} is no longer taken; use {new}")
}

/// `cli` with every old spelling of [`RENAMED_OPTIONS`] refused, in every
/// command (and subcommand) that has its replacement: a hidden option under
/// the old name whose value parser always fails with "--OLD is no longer
/// taken; use NEW" (exit status 2, as for every usage error).
pub fn refuse_renamed(cli: clap::Command) -> clap::Command {
    refuse_renamed_in(cli, &[])
}

/// [`refuse_renamed`] for one command, given the global options of its
/// ancestors (which it inherits).
fn refuse_renamed_in(mut cmd: clap::Command, inherited: &[String]) -> clap::Command {
    let has = |cmd: &clap::Command, long: &str| {
        inherited.iter().any(|g| g == long)
            || cmd.get_arguments().any(|a| a.get_long() == Some(long))
    };
    for r in RENAMED_OPTIONS {
        let replacement = cmd
            .get_arguments()
            .find(|a| a.get_long() == Some(r.new))
            .filter(|a| {
                let values = a.get_possible_values();
                r.new_value
                    .is_none_or(|v| values.is_empty() || values.iter().any(|p| p.matches(v, false)))
            })
            .map(|a| a.is_global_set());
        // A global replacement is refused once, where it is defined; the
        // subcommands inherit the refusal with the option.
        if let Some(global) = replacement
            && !has(&cmd, r.old)
        {
            cmd = cmd.arg(
                clap::Arg::new(r.old)
                    .long(r.old)
                    .hide(true)
                    .global(global)
                    // An old option without a value takes one only as
                    // `--json=…`, so the next word is left alone.
                    .num_args(0..=1)
                    .require_equals(!r.took_value)
                    .default_missing_value("")
                    .value_parser(Refused(renamed_message(
                        &format!("--{}", r.old),
                        &r.use_instead(),
                    ))),
            );
        }
    }
    let globals: Vec<String> = inherited
        .iter()
        .cloned()
        .chain(
            cmd.get_arguments()
                .filter(|a| a.is_global_set())
                .filter_map(|a| a.get_long().map(str::to_string)),
        )
        .collect();
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(&name, |sub| refuse_renamed_in(sub, &globals));
    }
    cmd
}

/// The value parser of a refused old spelling: fails with its message.
#[derive(Clone)]
struct Refused(String);

impl TypedValueParser for Refused {
    type Value = String;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        _value: &OsStr,
    ) -> Result<String, clap::Error> {
        Err(clap::Error::raw(
            ErrorKind::UnknownArgument,
            format!("{}\n", self.0),
        ))
    }
}

/// The value parser of `--format`: one of the formats a command offers,
/// and an old value of [`RENAMED_VALUES`] refused with its replacement.
#[derive(Clone)]
struct FormatParser(&'static [Format]);

impl TypedValueParser for FormatParser {
    type Value = Format;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Format, clap::Error> {
        let long = arg.and_then(|a| a.get_long()).unwrap_or("format");
        if let Some((_, old, new)) = RENAMED_VALUES
            .iter()
            .find(|(l, old, _)| *l == long && value == *old)
        {
            return Err(clap::Error::raw(
                ErrorKind::InvalidValue,
                format!(
                    "{}\n",
                    renamed_message(&format!("--{long} {old}"), &format!("--{long} {new}"))
                ),
            ));
        }
        let names: Vec<&'static str> = self.0.iter().map(|f| f.name()).collect();
        let name = clap::builder::PossibleValuesParser::new(names).parse_ref(cmd, arg, value)?;
        Ok(*self
            .0
            .iter()
            .find(|f| f.name() == name)
            .expect("the parser accepts only the offered names"))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            self.0.iter().map(|f| PossibleValue::new(f.name())),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, Parser, Subcommand};

    #[derive(Parser)]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    #[derive(Subcommand)]
    enum Command {
        /// Has every replacement.
        New {
            #[command(flatten)]
            format: TextJsonCsv,
            #[command(flatten)]
            quiet: Quiet,
            #[command(flatten)]
            model: ModelOptions,
            #[arg(long)]
            out: Option<String>,
        },
        /// Still has an old spelling of its own, and no other replacement.
        Old {
            #[arg(long)]
            json: bool,
        },
        /// A global `--format` over subcommands.
        Nested {
            #[command(flatten)]
            format: TextJson,
            #[command(subcommand)]
            inner: Inner,
        },
    }

    #[derive(Subcommand)]
    enum Inner {
        Leaf,
    }

    fn parse(line: &str) -> Result<Cli, clap::Error> {
        let cmd = refuse_renamed(Cli::command());
        let matches = cmd.try_get_matches_from(line.split_whitespace())?;
        Ok(<Cli as clap::FromArgMatches>::from_arg_matches(&matches).expect("parsed"))
    }

    fn refusal(line: &str) -> String {
        match parse(line) {
            Ok(_) => panic!("{line}: accepted"),
            Err(e) => {
                assert_eq!(e.exit_code(), 2, "{line}");
                e.to_string()
            }
        }
    }

    #[test]
    fn every_old_spelling_is_refused_with_its_replacement() {
        for r in RENAMED_OPTIONS {
            let value = if r.took_value { " 7" } else { "" };
            for line in [
                format!("x new --{}", r.old),
                format!("x new --{}{value} --n 3", r.old),
                format!("x new --n 3 --{}{value}", r.old),
            ] {
                let message = refusal(&line);
                assert!(
                    message.contains(&format!(
                        "--{} is no longer taken; use {}",
                        r.old,
                        r.use_instead()
                    )),
                    "{line}: {message}"
                );
            }
        }
        let message = refusal("x new --format table");
        assert!(
            message.contains("--format table is no longer taken; use --format text"),
            "{message}"
        );
    }

    #[test]
    fn new_spellings_parse() {
        let Command::New {
            format,
            quiet,
            model,
            out,
        } = parse("x new --format csv --quiet --r 5 --p 0.5 --q 0.5,0.25 --out f")
            .unwrap()
            .command
        else {
            panic!("new")
        };
        assert_eq!(format.format, Format::Csv);
        assert!(quiet.quiet);
        assert_eq!(model.params().r, Some(5));
        assert_eq!(model.params().p, Some(0.5));
        assert_eq!(model.params().q, Some(vec![0.5, 0.25]));
        assert!(model.any_given());
        assert_eq!(out.as_deref(), Some("f"));
        let Command::New { format, model, .. } = parse("x new").unwrap().command else {
            panic!("new")
        };
        assert_eq!(format.format, Format::Text);
        assert!(!model.any_given());
    }

    #[test]
    fn a_time_limit_is_a_positive_number_of_seconds() {
        let limit = |time| TimeLimit { time }.duration();
        assert_eq!(limit(None).unwrap(), None);
        assert_eq!(limit(Some(1.5)).unwrap(), Some(Duration::from_millis(1500)));
        assert_eq!(
            limit(Some(1e300)).unwrap(),
            Some(Duration::from_secs(1_000_000_000))
        );
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let message = limit(Some(bad)).unwrap_err().to_string();
            assert!(
                message.contains("--time must be a positive number of seconds"),
                "{message}"
            );
        }
    }

    #[test]
    fn refusals_only_where_the_replacement_exists() {
        // `old` keeps its own --json and has no --out, --quiet, --r or --p:
        // those are unknown there, as before, not renamed.
        assert!(parse("x old --json").is_ok());
        let message = refusal("x old --output f");
        assert!(!message.contains("no longer taken"), "{message}");
    }

    #[test]
    fn a_global_format_refuses_old_spellings_in_its_subcommands() {
        let Command::Nested { format, .. } = parse("x nested leaf --format json").unwrap().command
        else {
            panic!("nested")
        };
        assert_eq!(format.format, Format::Json);
        for line in ["x nested leaf --json", "x nested --json leaf"] {
            assert!(refusal(line).contains("use --format json"), "{line}");
        }
        // TextJson offers no CSV: --csv is unknown there, not renamed.
        let message = refusal("x nested leaf --csv");
        assert!(message.contains("unexpected argument '--csv'"), "{message}");
        // TextJson offers no CSV.
        let message = refusal("x nested leaf --format csv");
        assert!(message.contains("possible values: text, json"), "{message}");
    }
}
