//! Pure game logic: no Bevy here. Each game's variant record (its presets are data files under
//! `assets/rules/`) and, as the engines land, its state machine, legal moves and scoring.

pub mod catalog;
pub mod dominoes;
pub mod kugelbox;
pub mod marbles;
pub mod record;
pub mod rng;

pub use catalog::{Catalog, CatalogError, Game, Preset, SeatRange};
