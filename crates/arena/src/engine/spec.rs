//! Engine specs: `random`, `mcts[:OPTIONS]` and `cmd:PROGRAM ARGS`, read,
//! written back (quoting `cmd:` words) and built into players.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use abstracta_core::{mix_seed, Game};
use mcts::MctsOptions;

use super::cmd::CmdPlayer;
use super::players::{MctsPlayer, Player, RandomPlayer};
use super::{EngineError, EngineSpecError, SplitWordsError};

/// A parsed engine spec.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineSpec {
    /// Uniformly random legal plies (through the game's `random_ply`).
    Random,
    /// Monte Carlo Tree Search with these options.
    Mcts(MctsOptions),
    /// An external program speaking the engine protocol.
    Cmd {
        /// The program.
        program: String,
        /// Its arguments.
        args: Vec<String>,
    },
}

impl FromStr for EngineSpec {
    type Err = EngineError;

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
        match kind.to_ascii_lowercase().as_str() {
            "random" => match rest {
                None => Ok(EngineSpec::Random),
                Some(_) => Err(bad(EngineSpecError::RandomTakesNoOptions)),
            },
            "mcts" => trimmed
                .parse::<MctsOptions>()
                .map(EngineSpec::Mcts)
                .map_err(|e| bad(e.into())),
            "cmd" => {
                let words = split_words(rest.unwrap_or("")).map_err(|e| bad(e.into()))?;
                let Some((program, args)) = words.split_first() else {
                    return Err(bad(EngineSpecError::MissingProgram));
                };
                Ok(EngineSpec::Cmd {
                    program: program.clone(),
                    args: args.to_vec(),
                })
            }
            "" => Err(bad(EngineSpecError::Empty)),
            other => Err(bad(EngineSpecError::UnknownKind(other.to_owned()))),
        }
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineSpec::Random => f.write_str("random"),
            EngineSpec::Mcts(options) => write!(f, "{options}"),
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

/// Splits a command line into words: whitespace separates, single and
/// double quotes group (no escapes inside single quotes; a backslash
/// escapes the next character elsewhere).
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

/// How engines are built for one game.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The game spec (sent to external engines with `newgame`).
    pub game_spec: String,
    /// Seed for the engine's randomness.
    pub seed: u64,
    /// How long an external engine may take to answer one command.
    pub timeout: Duration,
}

impl BuildOptions {
    /// Options for `game_spec` with seed 0 and a 60 s answer timeout.
    pub fn new(game_spec: &str) -> BuildOptions {
        BuildOptions {
            game_spec: game_spec.to_owned(),
            seed: 0,
            timeout: Duration::from_secs(60),
        }
    }
}

impl EngineSpec {
    /// The number of threads the engine will search with.
    pub fn threads(&self) -> usize {
        match self {
            EngineSpec::Mcts(options) => options.thread_count(),
            _ => 1,
        }
    }

    /// Creates the engine for game type `G`.
    pub fn build<G: Game>(&self, options: &BuildOptions) -> Result<Box<dyn Player<G>>, EngineError> {
        Ok(match self {
            EngineSpec::Random => Box::new(RandomPlayer::new(options.seed)),
            EngineSpec::Mcts(mcts_options) => {
                let mut mcts_options = mcts_options.clone();
                if options.seed != 0 {
                    mcts_options.seed = mix_seed(mcts_options.seed, options.seed);
                }
                Box::new(MctsPlayer::<G>::new(mcts_options))
            }
            EngineSpec::Cmd { program, args } => Box::new(CmdPlayer::<G>::spawn(
                program,
                args,
                &options.game_spec,
                options.timeout,
            )?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abstracta_core::toy::TicTacToe;

    #[test]
    fn parses_specs() {
        assert_eq!("random".parse::<EngineSpec>().unwrap(), EngineSpec::Random);
        assert_eq!(
            "cmd:./x -a  b".parse::<EngineSpec>().unwrap(),
            EngineSpec::Cmd {
                program: "./x".into(),
                args: vec!["-a".into(), "b".into()]
            }
        );
        for bad in ["", "cmd:", "cmd:  ", "foo", "random:x=1", ":"] {
            let err = bad.parse::<EngineSpec>().unwrap_err().to_string();
            assert!(err.contains("expected"), "{err}");
        }
    }

    #[test]
    fn mcts_engine() {
        let spec: EngineSpec = "mcts:iters=300,threads=1".parse().unwrap();
        assert_eq!(spec.threads(), 1);
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
        let mut p = spec.build::<TicTacToe>(&BuildOptions::new("tictactoe")).unwrap();
        let mut game = TicTacToe::new(Default::default());
        let mut history = Vec::new();
        while game.status().is_ongoing() {
            let c = p.genmove(&game, &history).unwrap();
            assert!(c.win_rate.is_some());
            game.play(c.ply).unwrap();
            history.push(c.ply);
        }
        // Perfect-ish play from both sides: tic-tac-toe is a draw.
        assert_eq!(game.status().word(), "draw");
        p.set_option("time", "20ms").unwrap();
        p.set_option("iters", "50").unwrap();
        p.set_option("iters", "60").unwrap();
        p.set_option("threads", "2").unwrap();
        assert_eq!(p.describe(), "mcts:iters=60,threads=2");
        assert!(p.set_option("bogus", "1").is_err());
        assert!(p.set_option("threads", "x").is_err());
        let a = p.analyze(&TicTacToe::new(Default::default()), &[]).unwrap();
        assert!(a.best.is_some() && !a.children.is_empty() && !a.pv.is_empty());
        assert!("mcts:iters=x".parse::<EngineSpec>().is_err());
        assert!("mcts:bogus=1".parse::<EngineSpec>().is_err());
    }

    #[test]
    fn quoting() {
        assert_eq!(
            split_words(r#" a 'b c' "d\"e" f\ g '' "#).unwrap(),
            vec!["a", "b c", "d\"e", "f g", ""]
        );
        assert!(split_words("'x").is_err());
        let spec: EngineSpec = "cmd:sh -c 'echo = a1; exit'".parse().unwrap();
        assert_eq!(spec.to_string(), "cmd:sh -c 'echo = a1; exit'");
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
        let odd: EngineSpec = r#"cmd:x "it's""#.parse().unwrap();
        assert_eq!(odd.to_string().parse::<EngineSpec>().unwrap(), odd);
    }

    #[test]
    fn missing_program_is_a_spawn_error() {
        let spec: EngineSpec = "cmd:/nonexistent/engine".parse().unwrap();
        let err = spec
            .build::<TicTacToe>(&BuildOptions::new("tictactoe"))
            .err()
            .unwrap();
        assert!(matches!(err, EngineError::Spawn { .. }));
    }
}
