//! MUGGINS! dice and marbles (`../shared/RULES.md` §1).

mod game;
mod record;
pub mod score;
pub mod solve;
mod variant;

pub use game::{Action, EndReason, Event, MarblesGame, Outcome, Phase, RuleError, Seat, Window};
pub use record::{GameRecord, ReplayError, replay};
pub use variant::{Die, MarblesMode, MarblesVariant, Op};
