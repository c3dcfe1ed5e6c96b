//! Search families: engine specs dispatch by family name (`mcts:...`,
//! `random`, `cmd:...`) through one table, [`FAMILIES`], and [`build`]
//! makes the [`Search`] an engine spec names for a game type.
//!
//! Adding a family: implement [`Search<G>`] for it, add its entry to
//! [`FAMILIES`] (name, spec form, how its spec parses into an
//! [`EngineSpec`] variant) and its arm to [`build`].
//!
//! ```
//! use abstracta::families::{self, FAMILIES};
//! use abstracta::toy::TicTacToe;
//! assert!(FAMILIES.iter().any(|f| f.name == "mcts"));
//! let search = families::build::<TicTacToe>(&"mcts:iters=10".parse().unwrap(), 0).unwrap();
//! assert_eq!((search.family(), search.describe()), ("mcts", "mcts:iters=10".to_owned()));
//! ```

use abstracta_core::mix_seed;
use abstracta_core::search::Search;
use alphabeta::{AlphaBetaOptions, AlphaBetaSearch};
use learn::{GumbelOptions, GumbelSearch, PuctOptions, PuctSearch};
use mcts::{MctsOptions, MctsSearch};
use pns::{PnsOptions, PnsSearch};

use crate::registry::RegisteredGame;

mod best;
mod error;
mod random;
mod spec;

pub use best::{strongest_family, BestOptions, BestOptionsError, BEST_KEYS, DEFAULT_STRONGEST, STRONGEST};

pub use error::{EngineError, EngineSpecError, OptionError, SplitWordsError};
pub use spec::{split_words, EngineSpec};

/// What engine specs look like, for error messages.
pub const ENGINE_FORMS: &str = "random, mcts[:OPTIONS] (e.g. mcts:iters=2000,threads=2), \
     alphabeta[:OPTIONS] (e.g. alphabeta:time=100ms), pns[:OPTIONS] (e.g. pns:time=10s,tt=256), \
     puct[:OPTIONS] (e.g. puct:model=net.safetensors,iters=200), \
     gumbel[:OPTIONS] (e.g. gumbel:model=net.safetensors,iters=16), hybrid[:OPTIONS] (e.g. hybrid:time=100ms,cpuct=2), best[:time=T,threads=N,seed=N] (the strongest family for the game) or cmd:PROGRAM [ARGS]";

pub use random::RandomSearch;

/// A family of engines: its name (the part of an engine spec before the
/// `:`), the forms of its spec, and how a spec of it parses.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// The family's name, lower case.
    pub name: &'static str,
    /// What its specs look like, for help and error messages.
    pub form: &'static str,
    /// Reads a whole spec of this family (`text`, trimmed) whose part after
    /// the first `:` is `options` (`None` without a `:`).
    pub parse: fn(text: &str, options: Option<&str>) -> Result<EngineSpec, EngineSpecError>,
}

/// Every family an engine spec can name, in the order help lists them.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "random",
        form: "random",
        parse: |_, options| match options {
            None => Ok(EngineSpec::Random),
            Some(_) => Err(EngineSpecError::RandomTakesNoOptions),
        },
    },
    Family {
        name: "mcts",
        form: "mcts[:OPTIONS] (e.g. mcts:iters=2000,threads=2)",
        parse: |text, _| Ok(EngineSpec::Mcts(text.parse::<MctsOptions>()?)),
    },
    Family {
        name: "alphabeta",
        form: "alphabeta[:OPTIONS] (e.g. alphabeta:time=100ms)",
        parse: |text, _| Ok(EngineSpec::AlphaBeta(text.parse::<AlphaBetaOptions>()?)),
    },
    Family {
        name: "pns",
        form: "pns[:OPTIONS] (e.g. pns:time=10s,tt=256)",
        parse: |text, _| Ok(EngineSpec::Pns(text.parse::<PnsOptions>()?)),
    },
    Family {
        name: "puct",
        form: "puct[:OPTIONS] (e.g. puct:model=net.safetensors,iters=200)",
        parse: |text, _| Ok(EngineSpec::Puct(text.parse::<PuctOptions>()?)),
    },
    Family {
        name: "gumbel",
        form: "gumbel[:OPTIONS] (e.g. gumbel:model=net.safetensors,iters=16)",
        parse: |text, _| Ok(EngineSpec::Gumbel(text.parse::<GumbelOptions>()?)),
    },
    Family {
        name: "hybrid",
        form: "hybrid[:OPTIONS] (e.g. hybrid:time=100ms,cpuct=2)",
        parse: |text, _| Ok(EngineSpec::Hybrid(text.parse::<hybrid::HybridOptions>()?)),
    },
    Family {
        name: "best",
        form: "best[:time=T,threads=N,seed=N] (the strongest family for the game)",
        parse: |_, options| Ok(EngineSpec::Best(BestOptions::parse(options)?)),
    },
    Family {
        name: "cmd",
        form: "cmd:PROGRAM [ARGS]",
        parse: |_, options| {
            let words = split_words(options.unwrap_or(""))?;
            let Some((program, args)) = words.split_first() else {
                return Err(EngineSpecError::NoProgram);
            };
            Ok(EngineSpec::Cmd {
                program: program.clone(),
                args: args.to_vec(),
            })
        },
    },
];

/// The family named `name` (any case).
pub fn family(name: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.name.eq_ignore_ascii_case(name.trim()))
}

/// The search `spec` names for game type `G`, its randomness derived from
/// `seed` (for `mcts`, a non-zero `seed` is mixed into the spec's own
/// `seed` with [`mix_seed`], so that games of a match differ; likewise
/// for `alphabeta`, whose seed only its helper threads use, `puct` and
/// `gumbel`). `puct` and `gumbel` read their network file here (or use the
/// game's knowledge); a network of another game is refused, and
/// [`build_at`] also checks its board size against a position.
/// `mcts` and `alphabeta` search with the game's knowledge
/// ([`RegisteredGame::Knowledge`]). `cmd:` gives
/// [`EngineError::External`]: external engines are run by the protocol
/// crate's client.
pub fn build<G: RegisteredGame>(spec: &EngineSpec, seed: u64) -> Result<Box<dyn Search<G>>, EngineError> {
    build_checked::<G>(spec, seed, None)
}

/// [`build`] for positions like `game`: a `puct` or `gumbel` network made
/// for another board size or action count than `game`'s is refused here,
/// with both named, rather than at its first search.
pub fn build_at<G: RegisteredGame>(
    spec: &EngineSpec,
    seed: u64,
    game: &G,
) -> Result<Box<dyn Search<G>>, EngineError> {
    build_checked::<G>(spec, seed, Some(game))
}

/// The evaluator of a `puct` or `gumbel` spec, checked against `game`
/// when given.
fn evaluator<G: RegisteredGame>(
    spec: &EngineSpec,
    model: &learn::Model,
    game: Option<&G>,
) -> Result<std::sync::Arc<dyn learn::Evaluator<G>>, EngineError> {
    let made = match game {
        Some(game) => learn::evaluator_at::<G, G::Knowledge>(model, G::encoding(), game),
        None => learn::evaluator_for::<G, G::Knowledge>(model, G::encoding()),
    };
    made.map_err(|reason| EngineError::Model {
        spec: spec.to_string(),
        reason,
    })
}

/// The `gumbel` search of `options` for `G` (its seed mixed with `seed`
/// as [`build`] does), as its own type: self-play reads its improved
/// policy.
pub fn build_gumbel<G: RegisteredGame>(
    options: &GumbelOptions,
    seed: u64,
    game: Option<&G>,
) -> Result<GumbelSearch<G>, EngineError> {
    let evaluator = evaluator::<G>(&EngineSpec::Gumbel(options.clone()), &options.model, game)?;
    Ok(gumbel_with(options, seed, evaluator))
}

fn gumbel_with<G: RegisteredGame>(
    options: &GumbelOptions,
    seed: u64,
    evaluator: std::sync::Arc<dyn learn::Evaluator<G>>,
) -> GumbelSearch<G> {
    let mut options = options.clone();
    if seed != 0 {
        options.seed = mix_seed(options.seed, seed);
    }
    GumbelSearch::<G>::new(options, evaluator)
}

/// The evaluator a `puct` or `gumbel` spec searches with (its network,
/// read once and checked against `game`, or the game's knowledge), to be
/// shared by many engines with [`build_gumbel_with`] and
/// [`build_puct_with`]; `None` for the other families.
pub fn spec_evaluator<G: RegisteredGame>(
    spec: &EngineSpec,
    game: &G,
) -> Result<Option<std::sync::Arc<dyn learn::Evaluator<G>>>, EngineError> {
    Ok(match spec {
        EngineSpec::Puct(options) => Some(evaluator::<G>(spec, &options.model, Some(game))?),
        EngineSpec::Gumbel(options) => Some(evaluator::<G>(spec, &options.model, Some(game))?),
        EngineSpec::Best(options) => {
            let resolved: EngineSpec = options.resolve(G::NAME).parse()?;
            return spec_evaluator::<G>(&resolved, game);
        }
        _ => None,
    })
}

/// [`build_gumbel`] searching with `evaluator` (from [`spec_evaluator`])
/// instead of its own.
pub fn build_gumbel_with<G: RegisteredGame>(
    options: &GumbelOptions,
    seed: u64,
    evaluator: std::sync::Arc<dyn learn::Evaluator<G>>,
) -> GumbelSearch<G> {
    gumbel_with(options, seed, evaluator)
}

/// The `puct` search of `options` for `G` (its seed mixed with `seed` as
/// [`build`] does) searching with `evaluator` (from [`spec_evaluator`]).
pub fn build_puct_with<G: RegisteredGame>(
    options: &PuctOptions,
    seed: u64,
    evaluator: std::sync::Arc<dyn learn::Evaluator<G>>,
) -> PuctSearch<G> {
    let mut options = options.clone();
    if seed != 0 {
        options.seed = mix_seed(options.seed, seed);
    }
    PuctSearch::<G>::new(options, evaluator).with_knowledge(std::sync::Arc::new(G::Knowledge::default()))
}

fn build_checked<G: RegisteredGame>(
    spec: &EngineSpec,
    seed: u64,
    game: Option<&G>,
) -> Result<Box<dyn Search<G>>, EngineError> {
    Ok(match spec {
        EngineSpec::Random => Box::new(RandomSearch::<G>::new(seed)),
        EngineSpec::Mcts(options) => {
            let mut options = options.clone();
            if seed != 0 {
                options.seed = mix_seed(options.seed, seed);
            }
            Box::new(MctsSearch::<G, G::Knowledge>::new(options))
        }
        EngineSpec::AlphaBeta(options) => {
            let mut options = options.clone();
            if seed != 0 {
                options.seed = Some(mix_seed(options.seed.unwrap_or(0), seed));
            }
            Box::new(AlphaBetaSearch::<G, G::Knowledge>::new(options))
        }
        EngineSpec::Best(options) => {
            // Checked against every family it can reach when parsed.
            let resolved: EngineSpec = options.resolve(G::NAME).parse()?;
            return build_checked::<G>(&resolved, seed, game);
        }
        EngineSpec::Pns(options) => Box::new(PnsSearch::<G, G::Knowledge>::new(options.clone())),
        EngineSpec::Puct(options) => {
            let evaluator = evaluator::<G>(spec, &options.model, game)?;
            Box::new(build_puct_with::<G>(options, seed, evaluator))
        }
        EngineSpec::Gumbel(options) => Box::new(build_gumbel::<G>(options, seed, game)?),
        // Deterministic: no seed to mix.
        EngineSpec::Hybrid(options) => {
            Box::new(hybrid::HybridSearch::<G, G::Knowledge>::new(options.clone()))
        }
        EngineSpec::Cmd { .. } => {
            return Err(EngineError::External {
                spec: spec.to_string(),
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_forms_name_every_family() {
        for f in FAMILIES {
            assert!(ENGINE_FORMS.contains(f.form), "{}", f.name);
            assert_eq!(family(&f.name.to_ascii_uppercase()).map(|g| g.name), Some(f.name));
        }
    }
}

#[cfg(test)]
mod engine_tests {
    use super::*;

    #[test]
    fn mcts_engine() {
        let spec: EngineSpec = "mcts:iters=300,threads=1".parse().unwrap();
        assert_eq!(spec.threads(), 1);
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
        let mut game = crate::open("tictactoe").unwrap();
        let mut p = game.searcher(&spec, 0).unwrap();
        while game.status().is_ongoing() {
            let c = p.genmove(&*game).unwrap();
            assert!(c.win_rate.is_some());
            game.play(&c.ply).unwrap();
        }
        // Perfect-ish play from both sides: tic-tac-toe is a draw.
        assert_eq!(game.status().word(), "draw");
        assert!(matches!(p.genmove(&*game), Err(EngineError::GameOver { .. })));
        // The search's own option handling is tested in mcts; here, that a
        // refusal reaches the text level with its key and cause.
        p.set_option("threads", "2").unwrap();
        assert_eq!(
            (p.describe(), p.threads()),
            ("mcts:iters=300,threads=2".to_owned(), 2)
        );
        assert!(matches!(
            p.set_option("threads", "x"),
            Err(EngineError::BadOption { ref source, .. })
                if matches!(source.family_error::<mcts::OptionsError>(), Some(mcts::OptionsError::BadValue { .. }))
        ));
        game.restart();
        let a = p.analyze(&*game).unwrap();
        assert!(a.best.is_some() && !a.children.is_empty() && !a.pv.is_empty());
        assert!(a.to_string().starts_with("best: "));
    }

    #[test]
    fn random_engine_options() {
        let game = crate::open("tictactoe").unwrap();
        let mut p = game.searcher(&EngineSpec::Random, 3).unwrap();
        assert!(p.set_option("seed", "9").is_ok());
        assert!(matches!(
            p.set_option("seed", "x"),
            Err(EngineError::BadOption {
                source: OptionError::NotANumber { .. },
                ..
            })
        ));
        assert!(p.set_option("bogus", "1").is_err());
        let a = p.analyze(&*game).unwrap();
        assert!(a.best.is_some() && a.win_rate.is_none() && a.details.is_empty());
    }
}

#[cfg(test)]
mod pns_tests {
    use super::*;
    use abstracta_core::search::Proof;

    #[test]
    fn pns_engine_solves_through_the_text_level() {
        let spec: EngineSpec = "PNS:nodes=100000,tt=2".parse().unwrap();
        assert_eq!((spec.family(), spec.threads()), ("pns", 1));
        assert_eq!(spec.to_string(), "pns:nodes=100000,tt=2");
        assert_eq!(spec.to_string().parse::<EngineSpec>().unwrap(), spec);
        assert!(matches!(
            "pns:tt=0".parse::<EngineSpec>(),
            Err(EngineError::BadSpec {
                reason: EngineSpecError::Pns(pns::PnsOptionsError::BadValue { .. }),
                ..
            })
        ));
        let mut game = crate::open("tictactoe").unwrap();
        game.play_list("a1 b1 a2 b2").unwrap();
        let mut search = game.searcher(&spec, 0).unwrap();
        let result = search.search(&*game).unwrap();
        assert_eq!(
            (result.proof, result.best.as_deref()),
            (Some(Proof::Win), Some("a3"))
        );
        assert!(search.set_option("threads", "2").is_err());
        // Every game builds one.
        for name in crate::registry::game_names() {
            let game = crate::open(name).unwrap();
            assert_eq!(game.searcher(&spec, 0).unwrap().family(), "pns", "{name}");
        }
    }
}

#[cfg(test)]
mod puct_tests {
    use super::*;

    #[test]
    fn puct_engine_builds_for_every_game_and_refuses_a_missing_network() {
        let spec: EngineSpec = "PUCT:iters=50,c=2".parse().unwrap();
        assert_eq!(
            (spec.family(), spec.to_string()),
            ("puct", "puct:iters=50,c=2".to_owned())
        );
        for name in crate::registry::game_names() {
            let game = crate::open(name).unwrap();
            let mut search = game.searcher(&spec, 1).unwrap();
            let result = search.search(&*game).unwrap();
            assert!(result.best.is_some(), "{name}");
        }
        let missing: EngineSpec = "puct:model=/nonexistent/net.safetensors".parse().unwrap();
        let err = crate::open("tictactoe")
            .unwrap()
            .searcher(&missing, 0)
            .err()
            .unwrap();
        assert!(matches!(err, EngineError::Model { .. }), "{err}");
        assert!(err.to_string().contains("/nonexistent/net.safetensors"), "{err}");
        assert!(!err.is_runtime());
        assert!(matches!(
            "puct:batch=0".parse::<EngineSpec>(),
            Err(EngineError::BadSpec {
                reason: EngineSpecError::Puct(learn::PuctOptionsError::BadValue { .. }),
                ..
            })
        ));
    }
}

#[cfg(test)]
mod gumbel_tests {
    use super::*;

    #[test]
    fn gumbel_engine_parses_builds_and_plays() {
        let spec: EngineSpec = "Gumbel:iters=16,k=4".parse().unwrap();
        assert_eq!(
            (spec.family(), spec.to_string()),
            ("gumbel", "gumbel:iters=16,k=4".to_owned())
        );
        for name in crate::registry::game_names() {
            let game = crate::open(name).unwrap();
            let mut search = game.searcher(&spec, 1).unwrap();
            assert!(search.search(&*game).unwrap().best.is_some(), "{name}");
        }
        assert!(matches!(
            "gumbel:k=0".parse::<EngineSpec>(),
            Err(EngineError::BadSpec {
                reason: EngineSpecError::Gumbel(learn::GumbelOptionsError::BadValue { .. }),
                ..
            })
        ));
    }

    #[cfg(feature = "net")]
    #[test]
    fn a_network_of_another_game_or_size_is_refused_when_built() {
        let net = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/escabel5.safetensors");
        for family in ["puct", "gumbel"] {
            let spec: EngineSpec = format!("{family}:model={net}").parse().unwrap();
            assert!(crate::open("escabel:size=5").unwrap().searcher(&spec, 0).is_ok());
            for (other, words) in [
                ("escabel:size=7", ["escabel:size=5", "escabel:size=7"]),
                ("swack:size=4", ["escabel:size=5", "swack"]),
            ] {
                let err = crate::open(other).unwrap().searcher(&spec, 0).err().unwrap();
                assert!(
                    matches!(
                        err,
                        EngineError::Model {
                            reason: learn::ModelError::Mismatch { .. },
                            ..
                        }
                    ),
                    "{err}"
                );
                let text = err.to_string();
                for word in words {
                    assert!(text.contains(word), "{word} in {text}");
                }
            }
        }
    }
}
