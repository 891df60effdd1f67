//! A dominoes record: the generic [`Record`] of dominoes actions. The seed deals every hand, so
//! replaying the actions gives the same game.

use super::game::{Action, DominoesGame, Event, RuleError};
use crate::rules::Catalog;
use crate::rules::record::Record;

/// A whole game, as JSON: `{"game": "dominoes", "preset": "muggins", "seats": 2, "seed": 7,
/// "actions": [{"Play": {"tile": [6, 4], "arm": 0}}, "Draw", "Pass", ...]}`.
pub type DominoesRecord = Record<Action>;

/// Why a dominoes record could not be replayed.
pub type DominoesReplayError = crate::rules::record::ReplayError<Action, RuleError>;

crate::rules::table::table_game!(DominoesGame, Dominoes, dominoes, |p, r| {
    let mut variant = p.variant;
    if let Some(set) = r.set {
        variant.set = set;
    }
    DominoesGame::new(variant, r.seats, r.partnerships, r.seed)
});

/// Plays a record through: the final state and every event (the first deal's included), or the
/// first refusal.
pub fn replay_dominoes(
    record: &DominoesRecord,
    catalog: &Catalog,
) -> Result<(DominoesGame, Vec<Event>), DominoesReplayError> {
    crate::rules::record::replay(record, catalog)
}
