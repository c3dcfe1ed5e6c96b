//! Engine specs: `random`, `mcts[:OPTIONS]`, `alphabeta[:OPTIONS]`,
//! `cmd:PROGRAM [ARGS]`, read
//! through the table of [families](crate::families).

use std::fmt;
use std::str::FromStr;

use alphabeta::AlphaBetaOptions;
use mcts::MctsOptions;
use pns::PnsOptions;

use super::{EngineError, EngineSpecError, SplitWordsError};

/// A parsed engine spec.
///
/// ```
/// use abstracta::player::EngineSpec;
/// let spec: EngineSpec = "Mcts:iters=500,threads=2".parse().unwrap();
/// assert_eq!(spec.threads(), 2);
/// assert_eq!(spec.to_string(), "mcts:iters=500,threads=2");
/// assert_eq!("random".parse::<EngineSpec>().unwrap(), EngineSpec::Random);
/// assert!("chess".parse::<EngineSpec>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum EngineSpec {
    /// Uniformly random legal plies ([`RandomSearch`](crate::families::RandomSearch)).
    Random,
    /// Monte Carlo Tree Search with these options ([`MctsSearch`](mcts::MctsSearch)).
    Mcts(MctsOptions),
    /// Alpha-beta search with these options ([`AlphaBetaSearch`](alphabeta::AlphaBetaSearch)).
    AlphaBeta(AlphaBetaOptions),
    /// The family measured strongest for the game, with this budget
    /// ([`BestOptions`](crate::families::BestOptions)).
    Best(crate::families::BestOptions),
    /// Depth-first proof-number search with these options ([`PnsSearch`](pns::PnsSearch)).
    Pns(PnsOptions),
    /// PUCT over a network or the game's knowledge ([`PuctSearch`](learn::PuctSearch)).
    Puct(learn::PuctOptions),
    /// Gumbel root search with sequential halving over a network or the
    /// game's knowledge ([`GumbelSearch`](learn::GumbelSearch)).
    Gumbel(learn::GumbelOptions),
    /// MCTS with evaluated leaves and implicit minimax backups ([`HybridSearch`](hybrid::HybridSearch)).
    Hybrid(hybrid::HybridOptions),
    /// An external program speaking the engine protocol (run by `arena`).
    Cmd {
        /// The program.
        program: String,
        /// Its arguments.
        args: Vec<String>,
    },
}

impl FromStr for EngineSpec {
    type Err = EngineError;

    /// Reads `random`, `mcts[:OPTIONS]`, `alphabeta[:OPTIONS]` or
    /// `cmd:PROGRAM [ARGS]`; the kind in
    /// any case.
    fn from_str(text: &str) -> Result<EngineSpec, EngineError> {
        let bad = |reason: EngineSpecError| EngineError::BadSpec {
            spec: text.to_owned(),
            reason,
        };
        let trimmed = text.trim();
        let (kind, rest) = match trimmed.split_once(':') {
            Some((k, r)) => (k.trim(), Some(r)),
            None => (trimmed, None),
        };
        if kind.is_empty() {
            return Err(bad(EngineSpecError::Empty));
        }
        let family = crate::families::family(kind).ok_or_else(|| {
            bad(EngineSpecError::UnknownKind {
                kind: kind.to_ascii_lowercase(),
            })
        })?;
        (family.parse)(trimmed, rest).map_err(bad)
    }
}

impl fmt::Display for EngineSpec {
    /// The canonical spec, which parses back equal (arguments quoted where
    /// needed).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineSpec::Random => f.write_str("random"),
            EngineSpec::Mcts(options) => write!(f, "{options}"),
            EngineSpec::AlphaBeta(options) => write!(f, "{options}"),
            EngineSpec::Best(options) => write!(f, "{options}"),
            EngineSpec::Pns(options) => write!(f, "{options}"),
            EngineSpec::Puct(options) => write!(f, "{options}"),
            EngineSpec::Gumbel(options) => write!(f, "{options}"),
            EngineSpec::Hybrid(options) => write!(f, "{options}"),
            EngineSpec::Cmd { program, args } => {
                write!(f, "cmd:{}", quote(program))?;
                for a in args {
                    write!(f, " {}", quote(a))?;
                }
                Ok(())
            }
        }
    }
}

impl EngineSpec {
    /// The number of threads the engine will search with.
    pub fn threads(&self) -> usize {
        match self {
            EngineSpec::Mcts(options) => options.thread_count(),
            EngineSpec::AlphaBeta(options) => options.thread_count(),
            EngineSpec::Best(options) => options.threads(),
            EngineSpec::Hybrid(_) => 1,
            _ => 1,
        }
    }

    /// The name of the engine's family (`random`, `mcts`, `alphabeta`, `pns`, `puct`, `gumbel`, `hybrid`, `best`, `cmd`).
    pub fn family(&self) -> &'static str {
        match self {
            EngineSpec::Random => "random",
            EngineSpec::Mcts(_) => "mcts",
            EngineSpec::AlphaBeta(_) => "alphabeta",
            EngineSpec::Best(_) => "best",
            EngineSpec::Pns(_) => "pns",
            EngineSpec::Puct(_) => "puct",
            EngineSpec::Gumbel(_) => "gumbel",
            EngineSpec::Hybrid(_) => "hybrid",
            EngineSpec::Cmd { .. } => "cmd",
        }
    }
}

/// Splits a command line into words: whitespace separates, single and
/// double quotes group (no escapes inside single quotes; a backslash
/// escapes the next character elsewhere).
///
/// ```
/// use abstracta::player::split_words;
/// assert_eq!(split_words(r#"sh -c 'echo hi' "a b""#).unwrap(), ["sh", "-c", "echo hi", "a b"]);
/// assert!(split_words("'open").is_err());
/// ```
pub fn split_words(text: &str) -> Result<Vec<String>, SplitWordsError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => word.push(ch),
                        None => return Err(SplitWordsError::UnclosedSingleQuote),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(ch) => word.push(ch),
                            None => return Err(SplitWordsError::UnclosedDoubleQuote),
                        },
                        Some(ch) => word.push(ch),
                        None => return Err(SplitWordsError::UnclosedDoubleQuote),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(ch) = chars.next() {
                    word.push(ch);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

fn quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::TicTacToe;

    #[test]
    fn parses_specs() {
        assert_eq!("random".parse::<EngineSpec>().unwrap(), EngineSpec::Random);
        assert_eq!("RANDOM".parse::<EngineSpec>().unwrap(), EngineSpec::Random);
        assert_eq!(
            "cmd:./x -a  b".parse::<EngineSpec>().unwrap(),
            EngineSpec::Cmd {
                program: "./x".into(),
                args: vec!["-a".into(), "b".into()]
            }
        );
        for bad in [
            "",
            "cmd:",
            "cmd:  ",
            "foo",
            "random:x=1",
            ":",
            "cmd:'x",
            "mcts:bogus=1",
            "alphabeta:bogus=1",
            "alphabeta:depth=x",
        ] {
            let err = bad.parse::<EngineSpec>().unwrap_err();
            assert!(matches!(err, EngineError::BadSpec { .. }), "{bad}: {err:?}");
            assert!(err.to_string().contains("expected"), "{err}");
        }
        assert!(matches!(
            "cmd:'x".parse::<EngineSpec>(),
            Err(EngineError::BadSpec {
                reason: EngineSpecError::Words(SplitWordsError::UnclosedSingleQuote),
                ..
            })
        ));
        assert!(matches!(
            "mcts:iters=x".parse::<EngineSpec>(),
            Err(EngineError::BadSpec {
                reason: EngineSpecError::Mcts(mcts::OptionsError::BadValue { .. }),
                ..
            })
        ));
        assert!(matches!(
            "alphabeta:depth=0".parse::<EngineSpec>(),
            Err(EngineError::BadSpec {
                reason: EngineSpecError::AlphaBeta(alphabeta::OptionsError::BadValue { .. }),
                ..
            })
        ));
        for text in [
            "alphabeta",
            "AlphaBeta:depth=3,tt=8",
            "alphabeta:time=100ms,threads=2",
        ] {
            let spec: EngineSpec = text.parse().unwrap();
            assert_eq!(spec.family(), "alphabeta");
            assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
        }
        for mcts in ["mcts", "Mcts:iters=5", "MCTS:iters=5", "mcts:"] {
            assert!(
                matches!(mcts.parse::<EngineSpec>(), Ok(EngineSpec::Mcts(_))),
                "{mcts}"
            );
        }
    }

    #[test]
    fn quoting() {
        assert_eq!(
            split_words(r#" a 'b c' "d\"e" f\ g '' "#).unwrap(),
            vec!["a", "b c", "d\"e", "f g", ""]
        );
        assert_eq!(split_words("'x"), Err(SplitWordsError::UnclosedSingleQuote));
        assert_eq!(split_words("\"x\\"), Err(SplitWordsError::UnclosedDoubleQuote));
        let spec: EngineSpec = "cmd:sh -c 'echo = a1; exit'".parse().unwrap();
        assert_eq!(spec.to_string(), "cmd:sh -c 'echo = a1; exit'");
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
        let odd: EngineSpec = r#"cmd:x "it's""#.parse().unwrap();
        assert_eq!(odd.to_string().parse::<EngineSpec>().unwrap(), odd);
    }

    #[test]
    fn external_engines_are_not_built_here() {
        let spec: EngineSpec = "cmd:/nonexistent/engine".parse().unwrap();
        let err = crate::families::build::<TicTacToe>(&spec, 0).err().unwrap();
        assert!(matches!(err, EngineError::External { ref spec } if spec == "cmd:/nonexistent/engine"));
        assert!(!err.is_runtime());
    }
}
