//! Muggins: MUGGINS! dice and marbles, Muggins dominoes and Kugelbox.
//!
//! Layers, data flowing down the list: [`rules`] (pure game logic) → [`ai`] (pure players) →
//! [`physics`] (headless rapier worlds: dice, the Kugelbox, tiles) → [`sim`] (the headless command
//! line) → `game`, `ui`, `input` (Bevy, behind the default `game` feature). [`table`] and
//! [`settings`] are pure data shared by the layers; [`files`] writes every file atomically;
//! [`saves`] keeps the game in progress.

pub mod ai;
pub mod files;
pub mod physics;
pub mod rules;
pub mod saves;
pub mod settings;
pub mod sim;
pub mod table;

#[cfg(feature = "game")]
pub mod app;
#[cfg(feature = "game")]
pub mod game;
#[cfg(feature = "game")]
pub mod input;
#[cfg(feature = "game")]
pub mod ui;
