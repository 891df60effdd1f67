//! Kugelbox at the table. The same shape as every game's folder: [`play`] (the game's part of
//! the referee: a throw rolling in a fresh box world, handed to the rules where it rests),
//! [`scene`] (the box, the balls, the lit holes and the chips), [`hud`] (the seats and their
//! chips, the throw's score, the chip choice, the practice tally), [`pointer`] (the mouse's pull
//! and the keys), [`gamepad`] (each pad for its own seat) and [`sheet`] (the score sheet).

pub mod gamepad;
pub mod hud;
pub mod play;
pub mod pointer;
pub mod scene;
pub mod sheet;

use bevy::prelude::*;

use super::playing;
use super::screen::Screen;
use super::table::{TableSet, referee};
use crate::rules::Game;
use crate::rules::kugelbox::KugelGame;
use play::KugelPlay;

pub use scene::{Ball, BoxWorld, ChipPiece, ChipPlace, HoleLight};

pub(super) fn plugin(app: &mut App) {
    let here = playing(Game::Kugelbox);
    let running = here.clone().and_then(resource_exists::<KugelPlay>);
    app.init_resource::<pointer::Aim>()
        .add_plugins((referee::plugin::<KugelGame>, gamepad::plugin, sheet::plugin))
        .add_systems(
            OnEnter(Screen::Playing),
            (referee::start::<KugelGame>, scene::spawn_table, forget_aim)
                .chain()
                .run_if(here.clone()),
        )
        .add_systems(
            Update,
            scene::collect
                .in_set(TableSet::Input)
                .run_if(running.clone()),
        )
        .add_systems(
            Update,
            (
                scene::launch,
                (scene::place_chips, scene::light_holes).run_if(scene::shown_moved),
                scene::show_balls,
                scene::aim_line,
            )
                .chain()
                .in_set(TableSet::Present)
                .run_if(running.and_then(resource_exists::<scene::BoxLook>)),
        );
}

/// The HUD and the pointer, over a window.
pub(super) fn windowed(app: &mut App) {
    app.add_plugins((hud::plugin, pointer::plugin));
}

/// A new game starts with nothing aimed.
fn forget_aim(mut aim: ResMut<pointer::Aim>) {
    *aim = pointer::Aim::default();
}
