//! A MUGGINS! record: the generic [`Record`] of marbles actions. Replaying it gives the same game.

use super::game::{Action, Event, MarblesGame, RuleError};
use crate::rules::Catalog;
use crate::rules::record::Record;

/// A whole game, as JSON: `{"game": "marbles", "preset": "classic", "seats": 2, "seed": 7,
/// "actions": [{"Roll": [3, 1, 6]}, {"Place": 8}, "NoMove", ...]}`.
pub type GameRecord = Record<Action>;

/// Why a marbles record could not be replayed.
pub type ReplayError = crate::rules::record::ReplayError<Action, RuleError>;

crate::rules::table::table_game!(MarblesGame, Marbles, marbles, |p, r| {
    MarblesGame::new(p.variant.clone(), r.seats, r.seed)
});

/// Plays a record through: the final state and every event, or the first refusal.
pub fn replay(
    record: &GameRecord,
    catalog: &Catalog,
) -> Result<(MarblesGame, Vec<Event>), ReplayError> {
    crate::rules::record::replay(record, catalog)
}
