//! Throwing by gamepad: each pad acts only for its own seat. The left stick aims, the right
//! trigger held charges the strength (shown rising on the table's strength bar) and letting it
//! go throws, with the right stick's sideways lean at that moment as spin. When a throw meets
//! chips, the d-pad's ◀ ▶ go through them and South takes (or lays out) the one chosen; North
//! replays the last throw.

use bevy::prelude::*;

use super::play::{KugelIntent, KugelPlay};
use super::pointer::{Aim, CHARGE_S, MAX_AIM};
use crate::game::table::{Seating, Settle, TableSet};
use crate::physics::Flick;
use crate::rules::kugelbox::Action;

/// The trigger counts as held past this far.
pub const TRIGGER: f32 = 0.35;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        pads.in_set(TableSet::Input)
            .run_if(resource_exists::<KugelPlay>),
    );
}

/// What a pad may do now, for the on-screen prompt: the control and what it does.
pub fn pad_prompt(play: &KugelPlay, seat: u8) -> Vec<(&'static str, &'static str)> {
    if play.thrower() == Some(seat) {
        vec![
            ("left stick", "aim"),
            ("RT", "hold to charge, let go to throw"),
            ("right stick ◀ ▶", "spin"),
        ]
    } else if play.chooser() == Some(seat) {
        vec![("◀ ▶", "choose a chip"), ("A", "take it")]
    } else {
        Vec::new()
    }
}

/// Each pad bound to a human seat acts for that seat only.
#[allow(clippy::too_many_arguments)]
fn pads(
    pads: Query<(Entity, &Gamepad)>,
    mut play: ResMut<KugelPlay>,
    seating: Res<Seating>,
    settle: Res<Settle>,
    time: Res<Time>,
    mut aim: ResMut<Aim>,
    mut charging: Local<Option<Entity>>,
    mut intents: MessageWriter<KugelIntent>,
) {
    for (pad, gamepad) in &pads {
        let Some(seat) = seating.pad_seat(pad, &play.seats) else {
            continue;
        };
        if gamepad.just_pressed(GamepadButton::North) {
            play.replay_last();
        }
        if play.chooser() == Some(seat) {
            let n = play.choices().len();
            if n == 0 {
                continue;
            }
            let step = gamepad.just_pressed(GamepadButton::DPadRight) as i32
                - gamepad.just_pressed(GamepadButton::DPadLeft) as i32;
            // (A choice left over from a longer list wraps back into this one.)
            aim.choice = (aim.choice as i32 + step).rem_euclid(n as i32) as usize;
            if gamepad.just_pressed(GamepadButton::South) && settle.ready() {
                let (chip, _) = play.choices()[aim.choice];
                intents.write(KugelIntent::Act {
                    seat,
                    action: Action::Chip(chip),
                });
                aim.choice = 0;
            }
            continue;
        }
        if play.thrower() != Some(seat) {
            continue;
        }
        let stick = gamepad.left_stick();
        if stick.length() > 0.2 {
            aim.direction = (stick.x * MAX_AIM).clamp(-MAX_AIM, MAX_AIM);
        }
        aim.spin = gamepad.right_stick().x.clamp(-1.0, 1.0);
        // An analog trigger's travel, or a digital one's press.
        let trigger = gamepad
            .get(GamepadButton::RightTrigger2)
            .unwrap_or(0.0)
            .max(gamepad.pressed(GamepadButton::RightTrigger2) as u8 as f32);
        // Only the charge this pad began is thrown when it lets go.
        let mine = *charging == Some(pad) && aim.seat == Some(seat) && aim.pull.is_some();
        if trigger > TRIGGER && (mine || settle.ready()) {
            *charging = Some(pad);
            let strength = aim.pull.map_or(0.0, |f| f.strength) + time.delta_secs() / CHARGE_S;
            aim.seat = Some(seat);
            aim.pull = Some(Flick {
                direction: aim.direction,
                strength: strength.min(1.0),
                spin: aim.spin,
            });
        } else if mine && let Some(flick) = aim.pull.take() {
            *charging = None;
            intents.write(KugelIntent::Throw {
                seat,
                flick: Some(flick),
            });
        }
    }
}
