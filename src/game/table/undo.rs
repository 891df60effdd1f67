//! Undo against the AI: with only one human seat, that player may take back its last move
//! until the next roll or the next AI action, with U (or Ctrl+Z) on the keyboard, its gamepad's
//! left trigger (LT), or the HUD's button. Games with two or more humans have no undo. The
//! referee takes the game back by replaying its record less the move ([`Referee::rewind`]).

use bevy::prelude::*;

use super::{Device, Intent, Played, Referee, Seating, TableSet};
use crate::rules::table::SeatIndex;

/// Whether the only human seat may take back a move now (the HUD shows its button).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct UndoOffer {
    /// The only human seat, in a game against the AI.
    pub seat: Option<SeatIndex>,
    /// It has a move to take back now.
    pub ready: bool,
}

/// The only human seat asks to take back its last move (from the HUD, a key or its pad).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoAsked;

/// The keyboard key and gamepad button that undo.
pub const UNDO_KEYS: [KeyCode; 2] = [KeyCode::KeyU, KeyCode::KeyZ];
pub const UNDO_BUTTON: GamepadButton = GamepadButton::LeftTrigger2;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UndoOffer>()
        .add_message::<UndoAsked>()
        .add_systems(Update, keys.in_set(TableSet::Input))
        .add_systems(
            OnExit(crate::game::Screen::Playing),
            |mut offer: ResMut<UndoOffer>| *offer = UndoOffer::default(),
        );
}

/// Game `G`'s part: the offer follows the referee, and an ask becomes the seat's intent.
pub fn plugin_for<G: Played>(app: &mut App) {
    app.add_systems(
        Update,
        (
            ask::<G>.in_set(TableSet::Input).after(keys),
            offer::<G>.in_set(TableSet::Present),
        )
            .run_if(resource_exists::<Referee<G>>),
    );
}

/// U or Ctrl+Z when the keyboard plays the only human seat; LT on that seat's gamepad.
fn keys(
    offer: Res<UndoOffer>,
    seating: Res<Seating>,
    keyboard: Option<Res<ButtonInput<KeyCode>>>,
    pads: Query<(Entity, &Gamepad)>,
    mut asked: MessageWriter<UndoAsked>,
) {
    let Some(seat) = offer.seat else { return };
    let pressed = match seating.device(seat) {
        Device::Pointer => keyboard.is_some_and(|k| {
            let ctrl = k.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
            k.just_pressed(UNDO_KEYS[0]) || (ctrl && k.just_pressed(UNDO_KEYS[1]))
        }),
        Device::Pad(pad) => pads
            .get(pad)
            .is_ok_and(|(_, p)| p.just_pressed(UNDO_BUTTON)),
    };
    if pressed && offer.ready {
        asked.write(UndoAsked);
    }
}

fn ask<G: Played>(
    mut asked: MessageReader<UndoAsked>,
    offer: Res<UndoOffer>,
    mut intents: MessageWriter<Intent<G::Action>>,
) {
    if asked.read().count() > 0
        && let Some(seat) = offer.seat
    {
        intents.write(Intent::Undo { seat });
    }
}

fn offer<G: Played>(referee: Res<Referee<G>>, mut offer: ResMut<UndoOffer>) {
    let seat = referee.sole_human();
    let now = UndoOffer {
        seat,
        ready: seat.is_some_and(|s| referee.may_undo(s)),
    };
    if *offer != now {
        *offer = now;
    }
}
