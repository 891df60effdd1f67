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
        .ok_or_else(|| format!("no preset named \"{name}\""))
}
