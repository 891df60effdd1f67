//! A dominoes record: the generic [`Record`] of dominoes actions. The seed deals every hand, so
//! replaying the actions gives the same game.

use super::game::{Action, DominoesGame, Event, RuleError};
use crate::rules::record::{AnyRecord, GameAction, Record};
use crate::rules::table::{TableGame, preset};
use crate::rules::{Catalog, Game};

/// A whole game, as JSON: `{"game": "dominoes", "preset": "muggins", "seats": 2, "seed": 7,
/// "actions": [{"Play": {"tile": [6, 4], "arm": 0}}, "Draw", "Pass", ...]}`.
pub type DominoesRecord = Record<Action>;

/// Why a dominoes record could not be replayed.
pub type DominoesReplayError = crate::rules::record::ReplayError<Action, RuleError>;

impl GameAction for Action {
    const GAME: Game = Game::Dominoes;
    type Error = RuleError;
    fn of(record: &AnyRecord) -> Option<&Record<Action>> {
        match record {
            AnyRecord::Dominoes(r) => Some(r),
            _ => None,
        }
    }
}

impl Record<Action> {
    /// The game at its start (the first hand dealt).
    pub fn start(&self, catalog: &Catalog) -> Result<DominoesGame, DominoesReplayError> {
        DominoesGame::start(self, catalog).map_err(DominoesReplayError::Setup)
    }
}

impl TableGame for DominoesGame {
    type Action = Action;
    type Event = Event;
    type Error = RuleError;
    const GAME: Game = Game::Dominoes;

    fn start(record: &DominoesRecord, catalog: &Catalog) -> Result<DominoesGame, String> {
        let p = preset(&catalog.dominoes, &record.preset)?;
        DominoesGame::new(p.variant, record.seats, record.partnerships, record.seed)
    }
    fn seats(&self) -> u8 {
        self.seats
    }
    fn seed(&self) -> u64 {
        self.seed
    }
    fn actor(&self) -> Option<u8> {
        DominoesGame::actor(self)
    }
    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        DominoesGame::apply(self, action)
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

/// Plays a record through: the final state and every event (the first deal's included), or the
/// first refusal.
pub fn replay_dominoes(
    record: &DominoesRecord,
    catalog: &Catalog,
) -> Result<(DominoesGame, Vec<Event>), DominoesReplayError> {
    crate::rules::record::replay(record, catalog)
}
