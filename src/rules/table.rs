//! What every rules engine offers a table: who acts, applying an action, whether it is over,
//! the seats, the seed and how a record starts it. The referee at the table and the record's
//! replay work through this one trait for all three games.

use std::fmt;

use super::record::{GameAction, Record};
use super::{Catalog, Game};

/// A seat at the table, 0-based.
pub type SeatIndex = u8;

/// A game's rules, as the table sees them.
pub trait TableGame: Clone + Send + Sync + 'static {
    type Action: GameAction + PartialEq + Send + Sync + 'static;
    type Event: Clone + fmt::Debug + Send + Sync + 'static;
    type Error: fmt::Display + fmt::Debug + Send + Sync + 'static;
    const GAME: Game;

    /// The game a record starts from (its preset, seats and seed).
    fn start(record: &Record<Self::Action>, catalog: &Catalog) -> Result<Self, String>;
    fn seats(&self) -> u8;
    fn seed(&self) -> u64;
    /// The seat expected to act now; `None` when the game is over.
    fn actor(&self) -> Option<SeatIndex>;
    /// Applies an action: what happened, or why it was refused (then nothing changed).
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
    fn is_over(&self) -> bool;
    /// The winners once the game is over (none: nobody won, or not over yet).
    fn winners(&self) -> Vec<SeatIndex>;
}

/// Finds a preset of `game` by name, or says there is none.
pub fn preset<'a, T>(
    presets: &'a [super::catalog::Preset<T>],
    name: &str,
) -> Result<&'a super::catalog::Preset<T>, String> {
    presets
        .iter()
        .find(|p| p.name == name)
        .ok_or_else(|| format!("no preset named \"{}\"", crate::files::shown(name)))
}

/// The table's side of a rules engine whose state has `seats`, `seed` and an `outcome` with
/// `winners`, and `actor` and `apply` of its own: its [`TableGame`] and [`GameAction`] impls,
/// and `Record::start`. `$new` makes the game from the preset `$p` and the record `$r`.
macro_rules! table_game {
    ($game:ty, $which:ident, $presets:ident, |$p:ident, $r:ident| $new:expr) => {
        impl $crate::rules::record::GameAction for Action {
            const GAME: $crate::rules::Game = $crate::rules::Game::$which;
            type Error = RuleError;
            fn of(record: &$crate::rules::AnyRecord) -> Option<&$crate::rules::Record<Action>> {
                match record {
                    $crate::rules::AnyRecord::$which(r) => Some(r),
                    _ => None,
                }
            }
            fn any(record: $crate::rules::Record<Action>) -> $crate::rules::AnyRecord {
                $crate::rules::AnyRecord::$which(record)
            }
        }

        impl $crate::rules::Record<Action> {
            /// The game at its start.
            pub fn start(
                &self,
                catalog: &$crate::rules::Catalog,
            ) -> Result<$game, $crate::rules::record::ReplayError<Action, RuleError>> {
                <$game as $crate::rules::TableGame>::start(self, catalog)
                    .map_err($crate::rules::record::ReplayError::Setup)
            }
        }

        impl $crate::rules::TableGame for $game {
            type Action = Action;
            type Event = Event;
            type Error = RuleError;
            const GAME: $crate::rules::Game = $crate::rules::Game::$which;

            fn start(
                record: &$crate::rules::Record<Action>,
                catalog: &$crate::rules::Catalog,
            ) -> Result<$game, String> {
                let $p = $crate::rules::table::preset(&catalog.$presets, &record.preset)?;
                let $r = record;
                $new
            }
            fn seats(&self) -> u8 {
                self.seats
            }
            fn seed(&self) -> u64 {
                self.seed
            }
            fn actor(&self) -> Option<u8> {
                <$game>::actor(self)
            }
            fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
                <$game>::apply(self, action)
            }
            fn is_over(&self) -> bool {
                self.outcome.is_some()
            }
            fn winners(&self) -> Vec<u8> {
                self.outcome
                    .as_ref()
                    .map_or_else(Vec::new, |o| o.winners.clone())
            }
        }
    };
}
pub(crate) use table_game;
