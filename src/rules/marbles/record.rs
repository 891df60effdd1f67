//! A MUGGINS! record: the generic [`Record`] of marbles actions. Replaying it gives the same game.

use super::game::{Action, Event, MarblesGame, RuleError};
use crate::rules::record::{AnyRecord, GameAction, Record};
use crate::rules::table::{TableGame, preset};
use crate::rules::{Catalog, Game};

/// A whole game, as JSON: `{"game": "marbles", "preset": "classic", "seats": 2, "seed": 7,
/// "actions": [{"Roll": [3, 1, 6]}, {"Place": 8}, "NoMove", ...]}`.
pub type GameRecord = Record<Action>;

/// Why a marbles record could not be replayed.
pub type ReplayError = crate::rules::record::ReplayError<Action, RuleError>;

impl GameAction for Action {
    const GAME: Game = Game::Marbles;
    type Error = RuleError;
    fn of(record: &AnyRecord) -> Option<&Record<Action>> {
        match record {
            AnyRecord::Marbles(r) => Some(r),
            _ => None,
        }
    }
}

impl Record<Action> {
    /// The game at its start.
    pub fn start(&self, catalog: &Catalog) -> Result<MarblesGame, ReplayError> {
        MarblesGame::start(self, catalog).map_err(ReplayError::Setup)
    }
}

impl TableGame for MarblesGame {
    type Action = Action;
    type Event = Event;
    type Error = RuleError;
    const GAME: Game = Game::Marbles;

    fn start(record: &GameRecord, catalog: &Catalog) -> Result<MarblesGame, String> {
        let p = preset(&catalog.marbles, &record.preset)?;
        MarblesGame::new(p.variant.clone(), record.seats, record.seed)
    }
    fn seats(&self) -> u8 {
        self.seats
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn actor(&self) -> Option<u8> {
        MarblesGame::actor(self)
    }
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        MarblesGame::apply(self, action)
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
pub fn replay(
    record: &GameRecord,
    catalog: &Catalog,
) -> Result<(MarblesGame, Vec<Event>), ReplayError> {
    crate::rules::record::replay(record, catalog)
}
