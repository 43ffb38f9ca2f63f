//! Sets of on/off switches ([`crate::Pruning`], [`crate::EvalTerms`]), each
//! declared by one table: a line a switch gives its field, its UCI check
//! option, its default and its value in the set's `NONE`. The struct, its
//! `Default`, its constants and the UCI options are all made from that
//! line, so adding a switch is adding the line.
//!
//! The UCI combo options (`SMP Method`, `Evaluation`) are declared the same
//! way, by one list of choices ([`Combo`]): the option line, the parsing of
//! a value and the refusal's message are made from it.

/// One switch of a set `T`: the UCI check option that sets it, whether it is
/// on by default, and the field it is.
#[derive(Debug)]
pub struct Switch<T> {
    /// The name of its UCI check option (`None`: not an option).
    pub option: Option<&'static str>,
    /// Whether it is on in `T::default()`.
    pub default: bool,
    /// Its field in a `T`.
    pub field: fn(&mut T) -> &mut bool,
}

impl<T> Switch<T> {
    /// Its UCI check option, if it is one: the name and the default.
    pub fn check_option(&self) -> Option<(&'static str, bool)> {
        self.option.map(|name| (name, self.default))
    }
}

/// Declares a set of switches: the struct of `bool` fields and, from the
/// same table, `Default`, the constants `SWITCHES` (every switch, in the
/// order of the UCI options), `NONE` (each switch at its `none` value) and
/// `ALL` (every switch on), and `option` (a switch by its UCI name).
///
/// Each line of the table is a switch's doc comment, then
/// `field("UciName"): default EXPR, none EXPR;` (without `("UciName")`
/// the switch is not a UCI option).
macro_rules! switch_set {
    (
        $(#[$meta:meta])*
        $vis:vis struct $set:ident {
            $(
                $(#[doc = $doc:literal])*
                $field:ident $(($option:literal))?: default $default:expr, none $none:expr;
            )*
        }
    ) => {
        $(#[$meta])*
        $vis struct $set {
            $(
                $(#[doc = $doc])*
                pub $field: bool,
            )*
        }

        impl Default for $set {
            fn default() -> Self {
                $set { $($field: $default,)* }
            }
        }

        impl $set {
            /// Every switch, in the order of the UCI options.
            pub const SWITCHES: &'static [$crate::switches::Switch<$set>] = &[$(
                $crate::switches::Switch {
                    option: $crate::switches::switch_set!(@option $($option)?),
                    default: $default,
                    field: |set| &mut set.$field,
                },
            )*];

            /// Each switch at its `none` value.
            pub const NONE: $set = $set { $($field: $none,)* };

            /// Every switch on.
            pub const ALL: $set = $set { $($field: true,)* };

            /// The switch whose UCI check option is `name` (ASCII
            /// case-blind, as UCI option names are matched).
            pub fn option(name: &str) -> Option<&'static $crate::switches::Switch<$set>> {
                Self::SWITCHES
                    .iter()
                    .find(|s| s.option.is_some_and(|o| o.eq_ignore_ascii_case(name)))
            }
        }
    };
    (@option) => { None };
    (@option $option:literal) => { Some($option) };
}

pub(crate) use switch_set;

/// A UCI combo option declared by one list: each choice's value and name,
/// in the order the option lists them.
#[derive(Debug)]
pub struct Combo<T: 'static> {
    /// The option's name.
    pub option: &'static str,
    /// Each choice: its value and its name.
    pub choices: &'static [(T, &'static str)],
}

impl<T: Copy> Combo<T> {
    /// The UCI line that offers the option, `default` named as the default.
    pub fn uci_line(&self, default: &str) -> String {
        let vars: String = self
            .choices
            .iter()
            .map(|(_, name)| format!(" var {name}"))
            .collect();
        format!(
            "option name {} type combo default {default}{vars}",
            self.option
        )
    }

    /// The value of the choice named `name` (ASCII case-blind, as UCI
    /// values are matched), or a message naming every choice.
    pub fn parse(&self, name: &str) -> Result<T, String> {
        match self
            .choices
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
        {
            Some(&(value, _)) => Ok(value),
            None => {
                let names: Vec<&str> = self.choices.iter().map(|&(_, n)| n).collect();
                let listed = match names.split_last() {
                    Some((last, [])) => (*last).to_string(),
                    Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                    None => String::new(),
                };
                Err(format!("{} must be {listed}, got {name:?}", self.option))
            }
        }
    }
}

impl<T: Copy + PartialEq> Combo<T> {
    /// The name of the choice whose value is `value`.
    pub fn name(&self, value: T) -> Option<&'static str> {
        self.choices
            .iter()
            .find(|&&(v, _)| v == value)
            .map(|&(_, n)| n)
    }
}

#[cfg(test)]
mod tests {
    use super::{Combo, Switch};
    use crate::{EvalTerms, Pruning};

    /// Each switch's field is its own: turning it alone on in `NONE` (or
    /// off in `ALL`) changes it and no other switch.
    fn fields_are_distinct<T: Copy + PartialEq + std::fmt::Debug>(
        switches: &[Switch<T>],
        none: T,
        all: T,
    ) {
        let get = |switch: &Switch<T>, mut set: T| *(switch.field)(&mut set);
        for (i, switch) in switches.iter().enumerate() {
            for (base, on) in [(none, true), (all, false)] {
                let mut set = base;
                *(switch.field)(&mut set) = on;
                for (j, other) in switches.iter().enumerate() {
                    let expected = if i == j { on } else { get(other, base) };
                    assert_eq!(get(other, set), expected, "{i} {j} {set:?}");
                }
            }
        }
    }

    #[test]
    fn every_switch_is_its_own_field() {
        fields_are_distinct(Pruning::SWITCHES, Pruning::NONE, Pruning::ALL);
        fields_are_distinct(EvalTerms::SWITCHES, EvalTerms::NONE, EvalTerms::ALL);
    }

    #[test]
    fn defaults_and_options_come_from_the_table() {
        let (mut pruning, mut terms) = (Pruning::default(), EvalTerms::default());
        for s in Pruning::SWITCHES {
            assert_eq!(*(s.field)(&mut pruning), s.default, "{:?}", s.option);
        }
        for s in EvalTerms::SWITCHES {
            assert_eq!(*(s.field)(&mut terms), s.default, "{:?}", s.option);
        }
        assert!(Pruning::option("futility").is_some_and(|s| s.option == Some("Futility")));
        assert!(EvalTerms::option("THREATS").is_some_and(|s| s.option == Some("Threats")));
        assert!(Pruning::option("Threats").is_none());
        // Null move and table cutoffs are switches but not options.
        assert_eq!(Pruning::SWITCHES.len(), 35);
        assert_eq!(
            Pruning::SWITCHES
                .iter()
                .filter_map(Switch::check_option)
                .count(),
            33
        );
    }

    /// The UCI check options, their order and defaults, as the engine has
    /// always listed them.
    #[test]
    fn the_check_options_are_the_engines() {
        let listed: Vec<_> = (Pruning::SWITCHES.iter().filter_map(Switch::check_option))
            .chain(EvalTerms::SWITCHES.iter().filter_map(Switch::check_option))
            .collect();
        let expected = [
            ("LateMoveReductions", true),
            ("Futility", true),
            ("ReverseFutility", true),
            ("QuiescenceSEE", true),
            ("HistoryGravity", true),
            ("InternalReduction", true),
            ("PawnBreaks", false),
            ("LateMovePruning", true),
            ("SeePruning", true),
            ("AdaptiveNullMove", true),
            ("LosingCapturesLast", true),
            ("CutNodeReductions", false),
            ("TableRefinedEval", true),
            ("QuiescenceTable", false),
            ("CounterMoves", true),
            ("Improving", true),
            ("RootReductions", true),
            ("CaptureHistory", false),
            ("ContinuationHistory", false),
            ("SingularExtensions", false),
            ("KeepHistory", true),
            ("HistoryReductions", true),
            ("ImprovingFutility", true),
            ("ImprovingMoveCount", false),
            ("EarlyReductions", false),
            ("ProbCut", true),
            ("SafeCheckExtensions", true),
            ("ReduceLosingCaptures", true),
            ("PredictedDepthPruning", false),
            ("DeltaPruning", true),
            ("CorrectionHistory", false),
            ("Razoring", false),
            ("HistoryPruning", false),
            ("PassedPawns", true),
            ("DoubledPawns", true),
            ("IsolatedPawns", false),
            ("RookFiles", true),
            ("KingSafety", true),
            ("Mobility", true),
            ("ConnectedPawns", false),
            ("CandidatePassers", false),
            ("PawnStorm", false),
            ("Space", false),
            ("Threats", true),
            ("Pieces", true),
            ("KingDanger", true),
            ("PassedPawnPath", true),
            ("Winnable", false),
            ("Shelter", true),
            ("StockfishMobility", true),
            ("StockfishPsqt", false),
            ("WeakPawns", false),
            ("Imbalance", false),
        ];
        assert_eq!(listed, expected);
    }

    /// `NONE` and `FIXED_TREE` as they were written out field by field.
    #[test]
    fn the_presets_are_unchanged() {
        let on = |p: Pruning| -> Vec<&str> {
            let mut p = p;
            (Pruning::SWITCHES.iter())
                .filter(|s| *(s.field)(&mut p))
                .map(|s| s.option.unwrap_or("-"))
                .collect()
        };
        // The null move and table cutoffs (the two switches that are not
        // options), and root reductions.
        assert_eq!(on(Pruning::NONE), ["-", "-", "RootReductions"]);
        assert_eq!(on(Pruning::FIXED_TREE), ["RootReductions"]);
        assert!(!EvalTerms::NONE.any());
        assert!(EvalTerms::ALL.any());
    }

    /// The combo options as the engine has always listed them, and the
    /// refusals of a name that is no choice.
    #[test]
    fn the_combo_options_are_the_engines() {
        use crate::uci::{EVALUATION, EVALUATION_DEFAULT};
        use crate::{Engine, EngineEval, SmpMethod};
        assert_eq!(
            SmpMethod::OPTION.uci_line(SmpMethod::default().name()),
            "option name SMP Method type combo default ybwc var ybwc var lazy"
        );
        assert_eq!(
            EVALUATION.uci_line(EVALUATION_DEFAULT),
            "option name Evaluation type combo default tapered \
             var tapered var standard var material var mobility"
        );
        assert_eq!(
            "both".parse::<SmpMethod>(),
            Err("SMP Method must be ybwc or lazy, got \"both\"".to_string())
        );
        assert_eq!(
            EVALUATION.parse("fuller").err().as_deref(),
            Some("Evaluation must be tapered, standard, material or mobility, got \"fuller\"")
        );
        let single = Combo {
            option: "One",
            choices: &[(1, "one")],
        };
        assert_eq!(
            single.parse("two"),
            Err("One must be one, got \"two\"".to_string())
        );
        for method in [SmpMethod::Ybwc, SmpMethod::Lazy] {
            assert_eq!(method.name().to_uppercase().parse(), Ok(method));
        }
        // The listed default is what the engine starts with.
        let default = EVALUATION
            .parse(EVALUATION_DEFAULT)
            .map(|f| f(EngineEval::Standard));
        assert_eq!(default, Ok(Engine::new(1).eval));
    }
}
