//! Muggins dominoes at the table. The same shape as every game's folder: [`play`] (the game's
//! part of the referee: whose hand shows, the pass screen, the call window, a hand's end),
//! [`scene`] (felt, racks, boneyard, the layout set down by physics), [`hud`] (the count, the
//! seats, your hand and its ends, the windows and screens), [`pointer`] (mouse and keyboard),
//! [`gamepad`] (each pad for its own seat) and [`sheet`] (the score sheet).

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
use crate::physics::tiles::{TILE_L, TILE_T, TILE_W};
use crate::rules::Game;
use crate::rules::dominoes::{DominoesGame, Event};
use play::{DominoesHappened, DominoesPlay, HandChoices};

pub use scene::{BoneyardTile, LaidTile, RackTile, TileFace};

/// A tile's size lying flat along x: length, thickness, width (metres, the physics' own).
pub const TILE: Vec3 = Vec3::new(TILE_L, TILE_T, TILE_W);

pub(super) fn plugin(app: &mut App) {
    let here = playing(Game::Dominoes);
    app.init_resource::<HandChoices>()
        .add_plugins((
            referee::plugin::<DominoesGame>,
            gamepad::plugin,
            sheet::plugin,
        ))
        .add_systems(
            OnEnter(Screen::Playing),
            (
                referee::start::<DominoesGame>,
                play::seat_table,
                scene::spawn_table,
            )
                .chain()
                .run_if(here.clone()),
        )
        .add_systems(
            Update,
            (
                forget_choice,
                scene::follow.run_if(scene::shown_moved),
                scene::ghosts.run_if(resource_changed::<HandChoices>.or_else(scene::shown_moved)),
                scene::carry,
                scene::slide_drawn,
            )
                .chain()
                .in_set(TableSet::Present)
                .run_if(
                    here.and_then(resource_exists::<DominoesPlay>)
                        .and_then(resource_exists::<scene::TileLook>),
                ),
        );
}

/// The HUD and the pointer, over a window.
pub(super) fn windowed(app: &mut App) {
    app.add_plugins((hud::plugin, pointer::plugin));
}

/// A seat's play empties its choice: the next turn's count starts unsaid.
fn forget_choice(mut happened: MessageReader<DominoesHappened>, mut choices: ResMut<HandChoices>) {
    for h in happened.read() {
        if let Event::Played { seat, .. } = h.0 {
            let c = choices.of(seat);
            c.tile = None;
            c.end = 0;
            c.announce.clear();
            c.sniff = None;
        }
    }
}
