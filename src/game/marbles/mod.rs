//! MUGGINS! dice and marbles at the table. The same shape as every game's folder: [`play`] (the
//! game's part of the referee: dice and windows), [`scene`] (board, trays, dice), [`hud`] (turn,
//! seats, log, hole numbers, rules page), [`pointer`] (mouse and keyboard), [`gamepad`] (each
//! pad for its own seat) and [`sheet`] (the score sheet).

pub mod dice_look;
pub mod gamepad;
pub mod hud;
pub mod play;
pub mod pointer;
pub mod scene;
pub mod sheet;

use std::f32::consts::TAU;

use bevy::prelude::*;

use super::live::LiveSet;
use super::playing;
use super::screen::Screen;
use super::table::{TableSet, referee};
use crate::rules::Game;
use crate::rules::marbles::MarblesGame;
use play::MarblesPlay;

pub use scene::{BoardMarble, DieBody, TrayMarble};

/// Spaces around the ring.
pub const SPACES: usize = 36;
/// Radius of the ring of holes, metres.
pub const RING_RADIUS: f32 = 0.42;
/// The top of the board.
pub const BOARD_TOP: f32 = 0.04;
/// Where the dice tray's centre sits on the table.
pub const DICE_TRAY_AT: Vec3 = Vec3::new(0.84, 0.006, 0.34);
/// How much larger than the physics tray the dice tray is drawn.
pub const DICE_SCALE: f32 = 1.25;
/// Seconds a marble takes from its tray to its hole.
pub const TRAVEL_S: f32 = 0.6;

pub(super) fn plugin(app: &mut App) {
    let here = playing(Game::Marbles);
    app.add_plugins((
        referee::plugin::<MarblesGame>,
        gamepad::plugin,
        sheet::plugin,
    ))
    .add_systems(
        OnEnter(Screen::Playing),
        (referee::start::<MarblesGame>, scene::spawn_table)
            .chain()
            .run_if(here.clone()),
    )
    .add_systems(
        Update,
        (
            (
                scene::place_marbles,
                scene::show_trays,
                scene::light_marbles,
            )
                .chain()
                .run_if(referee::rules_moved::<MarblesGame>),
            scene::travel,
            scene::show_dice,
            dice_look::place_close_up,
            dice_look::follow_dice,
        )
            .chain()
            .in_set(TableSet::Present)
            .run_if(here.and_then(resource_exists::<MarblesPlay>)),
    )
    .add_systems(
        FixedUpdate,
        (
            play::dice_before_step.in_set(LiveSet::BeforeStep),
            play::dice_after_step.in_set(LiveSet::AfterStep),
        ),
    );
}

/// The HUD and the pointer, over a window.
pub(super) fn windowed(app: &mut App) {
    app.add_plugins((hud::plugin, pointer::plugin));
}

/// Where space `n` (1-based) sits on the board: space 1 at the top, counting clockwise as seen
/// from above.
pub fn space_position(n: usize) -> Vec3 {
    let a = (n as f32 - 1.0) / SPACES as f32 * TAU;
    Vec3::new(RING_RADIUS * a.sin(), 0.0, -RING_RADIUS * a.cos())
}

/// Where a marble rests in space `n`'s hole.
pub fn hole_rest(n: usize) -> Vec3 {
    space_position(n) + Vec3::Y * (BOARD_TOP + 0.006)
}
