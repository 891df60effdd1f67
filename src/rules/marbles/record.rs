//! A game record: the preset, the seats, the seed and every action. Replaying it gives the same
//! game.

use std::fmt;

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

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// Not a record at all, or a field is wrong.
    Malformed(String),
    /// The record's preset or seats do not make a game.
    Setup(String),
    /// Action `index` (0-based) was refused.
    Action {
        index: usize,
        action: Action,
        error: RuleError,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Malformed(why) => write!(f, "not a game record: {why}"),
            ReplayError::Setup(why) => write!(f, "the record's game cannot be set up: {why}"),
            ReplayError::Action {
                index,
                action,
                error,
            } => write!(f, "action {index} ({action:?}) was refused: {error}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl GameRecord {
    pub fn parse(json: &str) -> Result<GameRecord, ReplayError> {
        let r: GameRecord =
            serde_json::from_str(json).map_err(|e| ReplayError::Malformed(e.to_string()))?;
        if r.game != "marbles" {
            return Err(ReplayError::Malformed(format!(
                "\"game\" is \"{}\", not \"marbles\"",
                r.game
            )));
        }
        Ok(r)
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
    let mut events = Vec::new();
    for (index, action) in record.actions.iter().enumerate() {
        match game.apply(*action) {
            Ok(e) => events.extend(e),
            Err(error) => {
                return Err(ReplayError::Action {
                    index,
                    action: *action,
                    error,
                });
            }
        }
    }
    Ok((game, events))
}
