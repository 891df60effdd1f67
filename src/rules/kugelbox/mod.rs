//! Kugelbox: two balls into a box of 25 holes (`../shared/RULES.md` §3).

mod game;
pub mod model;
mod record;
pub mod throw;
mod variant;

pub use game::{Action, Chips, Event, Finish, KugelGame, Outcome, Phase, RuleError, Seat, Stage};
pub use model::RandomThrows;
pub use record::{KugelRecord, KugelReplayError, replay_kugel};
pub use throw::{CHIKUGO, Hole, Scored, Throw, parse_ball};
pub use variant::{BoxLayout, CalcOp, Chip, KugelboxMode, KugelboxVariant, Scoring};
