//! Pure game logic: no Bevy here. [`TableGame`] is what the three engines share with the
//! table, [`Record`] the one record type of every game. Each game's variant record (its presets are data files under
//! `assets/rules/`) and, as the engines land, its state machine, legal moves and scoring.

pub mod catalog;
pub mod dominoes;
pub mod kugelbox;
pub mod marbles;
pub mod record;
pub mod rng;
pub mod table;

pub use catalog::{Catalog, CatalogError, Game, Preset, PresetInfo, SeatRange};
pub use record::{AnyRecord, Record, RecordSummary};
pub use table::TableGame;
