//! A game record: the preset, the seats, the seed and every action. Replaying it gives the same
//! game.

use serde::{Deserialize, Serialize};

use super::game::{Action, Event, MarblesGame, RuleError};
use crate::rules::Catalog;

/// A whole game, as JSON: `{"game": "marbles", "preset": "classic", "seats": 2, "seed": 7,
/// "actions": [{"Roll": [3, 1, 6]}, {"Place": 8}, "NoMove", ...]}`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always "marbles" for this game.
    pub game: String,
    pub preset: String,
    pub seats: u8,
    pub seed: u64,
    pub actions: Vec<Action>,
}

/// Why a marbles record could not be replayed.
pub type ReplayError = crate::rules::record::ReplayError<Action, RuleError>;

impl GameRecord {
    pub fn parse(json: &str) -> Result<GameRecord, ReplayError> {
        crate::rules::record::parse_record(json, "marbles", |r: &GameRecord| &r.game)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The game at its start.
    pub fn start(&self, catalog: &Catalog) -> Result<MarblesGame, ReplayError> {
        let preset = catalog
            .marbles
            .iter()
            .find(|p| p.name == self.preset)
            .ok_or_else(|| ReplayError::Setup(format!("no preset named \"{}\"", self.preset)))?;
        MarblesGame::new(preset.variant.clone(), self.seats, self.seed).map_err(ReplayError::Setup)
    }
}

/// Plays a record through: the final state and every event, or the first refusal.
pub fn replay(
    record: &GameRecord,
    catalog: &Catalog,
) -> Result<(MarblesGame, Vec<Event>), ReplayError> {
    let mut game = record.start(catalog)?;
    let events = crate::rules::record::play_through(&mut game, &record.actions, |g, a| g.apply(a))?;
    Ok((game, events))
}
