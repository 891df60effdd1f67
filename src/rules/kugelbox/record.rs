//! A Kugelbox game record: the preset, the seats, the seed (which shuffles the face-down chips)
//! and every action, throws included.

use serde::{Deserialize, Serialize};

use super::game::{Action, Event, KugelGame, RuleError};
use crate::rules::Catalog;
use crate::rules::record::{parse_record, play_through};

/// A whole game, as JSON: `{"game": "kugelbox", "preset": "take-it", "seats": 2, "seed": 7,
/// "actions": [{"Throw": {"red": [1, 1], "other": null}}, {"Chip": 3}, ...]}`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct KugelRecord {
    /// Always "kugelbox" for this game.
    pub game: String,
    pub preset: String,
    pub seats: u8,
    pub seed: u64,
    pub actions: Vec<Action>,
}

/// Why a Kugelbox record could not be replayed.
pub type KugelReplayError = crate::rules::record::ReplayError<Action, RuleError>;

impl KugelRecord {
    pub fn parse(json: &str) -> Result<KugelRecord, KugelReplayError> {
        parse_record(json, "kugelbox", |r: &KugelRecord| &r.game)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The game at its start.
    pub fn start(&self, catalog: &Catalog) -> Result<KugelGame, KugelReplayError> {
        let preset = catalog
            .kugelbox
            .iter()
            .find(|p| p.name == self.preset)
            .ok_or_else(|| {
                KugelReplayError::Setup(format!("no preset named \"{}\"", self.preset))
            })?;
        KugelGame::new(preset.variant.clone(), self.seats, self.seed)
            .map_err(KugelReplayError::Setup)
    }
}

/// Plays a record through: the final state and every event, or the first refusal.
pub fn replay_kugel(
    record: &KugelRecord,
    catalog: &Catalog,
) -> Result<(KugelGame, Vec<Event>), KugelReplayError> {
    let mut game = record.start(catalog)?;
    let events = play_through(&mut game, &record.actions, |g, a| g.apply(a))?;
    Ok((game, events))
}
