//! Muggins dominoes, the All Fives family (`../shared/RULES.md` §2).

mod game;
pub mod layout;
mod record;
pub mod tile;
mod variant;

pub use game::{
    Action, Boneyard, DominoesGame, Event, HandEnd, Logged, MAX_SEATS, Outcome, Phase, RuleError,
    Seat, View, Why, points_after, round5,
};
pub use layout::{Arm, Heading, Layout, LayoutError, MAX_ARMS, Placement};
pub use record::{DominoesRecord, DominoesReplayError, replay_dominoes};
pub use tile::{Mask, Tile};
pub use variant::{
    Count, DominoesVariant, FirstLead, HandBonus, HandSize, MugginsCall, NoPlay, Spinner, Target,
    TileSet,
};
