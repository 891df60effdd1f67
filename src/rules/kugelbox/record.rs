//! A Kugelbox record: the generic [`Record`] of Kugelbox actions, throws included; the seed
//! shuffles the face-down chips.

use super::game::{Action, Event, KugelGame, RuleError};
use crate::rules::Catalog;
use crate::rules::record::Record;

/// A whole game, as JSON: `{"game": "kugelbox", "preset": "take-it", "seats": 2, "seed": 7,
/// "actions": [{"Throw": {"red": [1, 1], "other": null}}, {"Chip": 3}, ...]}`.
pub type KugelRecord = Record<Action>;

/// Why a Kugelbox record could not be replayed.
pub type KugelReplayError = crate::rules::record::ReplayError<Action, RuleError>;

crate::rules::table::table_game!(KugelGame, Kugelbox, kugelbox, |p, r| {
    let mut variant = p.variant.clone();
    if let Some(scoring) = r.scoring {
        variant.scoring = scoring;
    }
    KugelGame::new(variant, r.seats, r.seed)
});

/// Plays a record through: the final state and every event, or the first refusal.
pub fn replay_kugel(
    record: &KugelRecord,
    catalog: &Catalog,
) -> Result<(KugelGame, Vec<Event>), KugelReplayError> {
    crate::rules::record::replay(record, catalog)
}
