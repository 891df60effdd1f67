//! A dominoes game record: the preset, the seats, the seed and every action. The seed deals
//! every hand, so replaying the actions gives the same game.

use serde::{Deserialize, Serialize};

use super::game::{Action, DominoesGame, Event, RuleError};
use crate::rules::Catalog;
use crate::rules::record::{parse_record, play_through};

/// A whole game, as JSON: `{"game": "dominoes", "preset": "muggins", "seats": 2, "seed": 7,
/// "actions": [{"Play": {"tile": [6, 4], "arm": 0}}, "Draw", "Pass", ...]}`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DominoesRecord {
    /// Always "dominoes" for this game.
    pub game: String,
    pub preset: String,
    pub seats: u8,
    /// Four players as two partnerships.
    #[serde(default)]
    pub partnerships: bool,
    pub seed: u64,
    pub actions: Vec<Action>,
}

/// Why a dominoes record could not be replayed.
pub type DominoesReplayError = crate::rules::record::ReplayError<Action, RuleError>;

impl DominoesRecord {
    pub fn parse(json: &str) -> Result<DominoesRecord, DominoesReplayError> {
        parse_record(json, "dominoes", |r: &DominoesRecord| &r.game)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The game at its start (the first hand dealt).
    pub fn start(&self, catalog: &Catalog) -> Result<DominoesGame, DominoesReplayError> {
        let preset = catalog
            .dominoes
            .iter()
            .find(|p| p.name == self.preset)
            .ok_or_else(|| {
                DominoesReplayError::Setup(format!("no preset named \"{}\"", self.preset))
            })?;
        DominoesGame::new(preset.variant, self.seats, self.partnerships, self.seed)
            .map_err(DominoesReplayError::Setup)
    }
}

/// Plays a record through: the final state and every event (the first deal's included), or the
/// first refusal.
pub fn replay_dominoes(
    record: &DominoesRecord,
    catalog: &Catalog,
) -> Result<(DominoesGame, Vec<Event>), DominoesReplayError> {
    let mut game = record.start(catalog)?;
    let events = play_through(&mut game, &record.actions, |g, a| g.apply(a))?;
    Ok((game, events))
}
