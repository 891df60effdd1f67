//! Devices turned into intents. For now the one intent every screen understands, "back"
//! (Escape, a gamepad's Start or B/East): pause or resume a game, leave setup or results for the
//! title. Seats and per-seat devices arrive with play.

use bevy::prelude::*;

use crate::game::Nav;
use crate::game::screen::AppSet;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, back.in_set(AppSet::RecordInput));
}

fn back(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    pads: Query<&Gamepad>,
    mut nav: MessageWriter<Nav>,
) {
    let key = keys.is_some_and(|k| k.just_pressed(KeyCode::Escape));
    let pad = pads
        .iter()
        .any(|p| p.just_pressed(GamepadButton::Start) || p.just_pressed(GamepadButton::East));
    if key || pad {
        nav.write(Nav::Back);
    }
}
