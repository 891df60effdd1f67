//! Muggins dominoes, the All Fives family (`../shared/RULES.md` §2).

mod variant;

pub use variant::{
    Count, DominoesVariant, FirstLead, HandBonus, HandSize, MugginsCall, NoPlay, Spinner, Target,
    TileSet,
};
