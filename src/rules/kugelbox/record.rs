//! A Kugelbox record: the generic [`Record`] of Kugelbox actions, throws included; the seed
//! shuffles the face-down chips.

use super::game::{Action, Event, KugelGame, RuleError};
use crate::rules::record::{AnyRecord, GameAction, Record};
use crate::rules::table::{TableGame, preset};
use crate::rules::{Catalog, Game};

/// A whole game, as JSON: `{"game": "kugelbox", "preset": "take-it", "seats": 2, "seed": 7,
/// "actions": [{"Throw": {"red": [1, 1], "other": null}}, {"Chip": 3}, ...]}`.
pub type KugelRecord = Record<Action>;

/// Why a Kugelbox record could not be replayed.
pub type KugelReplayError = crate::rules::record::ReplayError<Action, RuleError>;

impl GameAction for Action {
    const GAME: Game = Game::Kugelbox;
    type Error = RuleError;
    fn of(record: &AnyRecord) -> Option<&Record<Action>> {
        match record {
            AnyRecord::Kugelbox(r) => Some(r),
            _ => None,
        }
    }
}

impl Record<Action> {
    /// The game at its start.
    pub fn start(&self, catalog: &Catalog) -> Result<KugelGame, KugelReplayError> {
        KugelGame::start(self, catalog).map_err(KugelReplayError::Setup)
    }
}

impl TableGame for KugelGame {
    type Action = Action;
    type Event = Event;
    type Error = RuleError;
    const GAME: Game = Game::Kugelbox;

    fn start(record: &KugelRecord, catalog: &Catalog) -> Result<KugelGame, String> {
        let p = preset(&catalog.kugelbox, &record.preset)?;
        KugelGame::new(p.variant.clone(), record.seats, record.seed)
    }
    fn seats(&self) -> u8 {
        self.seats
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn actor(&self) -> Option<u8> {
        KugelGame::actor(self)
    }
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        KugelGame::apply(self, action)
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

/// Plays a record through: the final state and every event, or the first refusal.
pub fn replay_kugel(
    record: &KugelRecord,
    catalog: &Catalog,
) -> Result<(KugelGame, Vec<Event>), KugelReplayError> {
    crate::rules::record::replay(record, catalog)
}
