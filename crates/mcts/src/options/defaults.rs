//! How a search's options resolve against a game's defaults
//! ([`GAME_DEFAULTS`]) and the caps.

use super::*;

impl MctsOptions {
    /// The iteration budget actually used: `iterations`, or
    /// [`DEFAULT_ITERATIONS`] when no budget at all is set.
    pub fn iteration_budget(&self) -> Option<u64> {
        match (self.iterations, self.time) {
            (None, None) => Some(DEFAULT_ITERATIONS),
            (i, _) => i,
        }
    }

    /// The defaults of the game named `game` (its `Game::NAME`): its
    /// entry of [`GAME_DEFAULTS`] parsed, or for a game without one (a
    /// game of your own) the options that set nothing, so that searches
    /// use no game knowledge and `c` = [`DEFAULT_EXPLORATION`].
    ///
    /// ```
    /// use mcts::MctsOptions;
    /// assert_eq!(MctsOptions::game_defaults("escabel").prior_visits, Some(20));
    /// assert_eq!(MctsOptions::game_defaults("my-game").prior_visits, None);
    /// ```
    pub fn game_defaults(game: &str) -> MctsOptions {
        let spec = GAME_DEFAULTS
            .iter()
            .find(|(name, _)| *name == game)
            .map_or("", |(_, spec)| spec);
        spec.parse().expect("the specs of GAME_DEFAULTS parse")
    }

    /// The exploration constant a search uses, with `game` the game's
    /// defaults ([`MctsOptions::game_defaults`]), when RAVE is in use
    /// (`rave_in_use`: RAVE is on and the game's plies claim cells) or
    /// not: the first set of these options' `crave` (with RAVE) and `c`,
    /// then the game's, else [`DEFAULT_EXPLORATION`].
    pub fn exploration_with(&self, game: &MctsOptions, rave_in_use: bool) -> f64 {
        let own = |o: &MctsOptions| {
            if rave_in_use {
                o.rave_exploration.or(o.exploration)
            } else {
                o.exploration
            }
        };
        own(self).or_else(|| own(game)).unwrap_or(DEFAULT_EXPLORATION)
    }

    /// [`exploration_with`](Self::exploration_with) the defaults of `G`.
    pub fn exploration_for<G: Game>(&self, rave_in_use: bool) -> f64 {
        self.exploration_with(&Self::game_defaults(G::NAME), rave_in_use)
    }

    /// The `rescan` a search with these options uses:
    /// [`MctsOptions::rescan_with`], with any number of threads (each
    /// thread keeps and follows only its own standing choices).
    pub fn rescan_in_use_with(&self, game: &MctsOptions) -> u32 {
        self.rescan_with(game)
    }

    /// [`rescan_in_use_with`](Self::rescan_in_use_with) the defaults of `G`.
    pub fn rescan_in_use<G: Game>(&self) -> u32 {
        self.rescan_in_use_with(&Self::game_defaults(G::NAME))
    }

    /// The number of worker threads actually used (at least 1).
    pub fn thread_count(&self) -> usize {
        self.threads.max(1)
    }

    /// The virtual loss a search with these options uses: `vloss` when
    /// several threads share one tree, otherwise 1 (a thread's own path
    /// is all that is in flight).
    pub fn virtual_loss_in_use(&self) -> u32 {
        if self.thread_count() > 1 && !self.root_parallel {
            self.virtual_loss.clamp(1, MAX_VIRTUAL_LOSS)
        } else {
            1
        }
    }
}

/// The per-game resolution of the options a game's defaults may set: for
/// each, `NAME_with(game)` (the option if set, else the game's, else the
/// fallback, capped where given) and `NAME_for::<G>()` (the same with the
/// defaults of `G`, [`MctsOptions::game_defaults`]).
macro_rules! game_resolved {
    ($(
        $(#[$meta:meta])*
        $with:ident, $for_game:ident: $field:ident -> $ty:ty, else $fallback:expr $(, at most $max:expr)?;
    )*) => {
        impl MctsOptions {
            $(
                $(#[$meta])*
                pub fn $with(&self, game: &MctsOptions) -> $ty {
                    let value = self.$field.or(game.$field).unwrap_or($fallback);
                    $(let value = value.min($max);)?
                    value
                }

                #[doc = concat!("[`", stringify!($with), "`](Self::", stringify!($with), ") the defaults of `G`.")]
                pub fn $for_game<G: Game>(&self) -> $ty {
                    self.$with(&Self::game_defaults(G::NAME))
                }
            )*
        }
    };
}

game_resolved! {
    /// Where a search uses decisive and forced plies: `decisive` if set,
    /// else the game's (`game`: [`MctsOptions::game_defaults`]), else off.
    decisive_with, decisive_for: decisive -> Decisive, else Decisive::Off;
    /// Whether a search plays guided playouts: `guided` if set, else the
    /// game's, else not.
    guided_with, guided_for: guided -> bool, else false;
    /// The RAVE pool size of a search (0: no pools): `pool` if set, else
    /// the game's, else 0; at most [`MAX_POOL`].
    pool_with, pool_for: pool_size -> u32, else 0, at most MAX_POOL;
    /// The playout plies after which a search evaluates (0: never):
    /// `eval_after` if set, else the game's, else 0.
    eval_after_with, eval_after_for: eval_after -> u32, else 0;
    /// The virtual visits a search gives a new child at its prior (0: no
    /// priors): `prior_visits` if set, else the game's, else 0; at most
    /// [`MAX_PRIOR_VISITS`].
    prior_visits_with, prior_visits_for: prior_visits -> u32, else 0, at most MAX_PRIOR_VISITS;
    /// How long a choice of child stands in a search (0: never; see
    /// [`MctsOptions::rescan`]): `rescan` if set, else the game's, else 0;
    /// at most [`MAX_RESCAN`].
    rescan_with, rescan_for: rescan -> u32, else 0, at most MAX_RESCAN;
}
