//! Throwing by mouse and keyboard, for the human seats bound to them. Press anywhere on the
//! table, pull back (towards you) to aim up the box and set the strength, and release to throw;
//! a pull that curves sideways on its way adds spin. The aim line runs from the balls only as
//! far as the box's edge, and the strength shows while pulling. Keys: ◀ ▶ aim, ▲ ▼ spin, hold
//! Space to charge and release it to throw; R replays the last throw; 1–9 choose a chip.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use super::play::{KugelIntent, KugelPlay};
use crate::game::table::widgets::panel_under;
use crate::game::table::{Device, Seating, Settle, TableSet};
use crate::physics::Flick;
use crate::physics::kugel::{BALL_R, FAR_WALL, HALF_W, NEAR_END};
use crate::rules::kugelbox::{Action, Seat};

/// The widest a throw may aim off straight up the box, radians.
pub const MAX_AIM: f32 = 0.45;
/// A pull this long (pixels) throws at full strength.
pub const FULL_PULL_PX: f32 = 320.0;
/// A pull shorter than this (pixels) is let go without a throw.
const MIN_PULL_PX: f32 = 18.0;
/// Seconds a held charge (Space, a trigger) takes to reach full strength.
pub const CHARGE_S: f32 = 1.2;
/// How far one press of an aim key turns, radians, and of a spin key.
const AIM_STEP: f32 = 0.03;
const SPIN_STEP: f32 = 0.1;

/// The throw being aimed: whose, and what it would be if let go now (none while nothing is
/// pulled or charged). The mouse, the keys and the pads all aim through it.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Aim {
    pub seat: Option<Seat>,
    pub pull: Option<Flick>,
    /// The keys' and pads' aim and spin, kept between throws.
    pub direction: f32,
    pub spin: f32,
    /// The chip a pad has chosen among the throw's choices.
    pub choice: usize,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (keys, mouse)
            .in_set(TableSet::Input)
            .run_if(resource_exists::<KugelPlay>),
    );
}

/// The seat the keyboard and mouse act for now: the thrower or chooser, if theirs.
pub fn pointer_seat(play: &KugelPlay, seating: &Seating) -> Option<Seat> {
    play.thrower()
        .or(play.chooser())
        .filter(|s| seating.owns(Device::Pointer, *s, &play.seats))
}

/// The throw a pull makes: from where the press began to where the cursor is now (pixels,
/// y down the screen), with `bulge` the farthest the pull's path strayed to the right of the
/// straight line (negative: to the left). Pulling towards you throws up the box; the longer
/// the pull, the harder; the more it curves, the more spin.
pub fn pull_flick(from: Vec2, now: Vec2, bulge: f32) -> Flick {
    let v = now - from;
    let length = v.length();
    Flick {
        direction: (-v.x).atan2(v.y.max(1.0)).clamp(-MAX_AIM, MAX_AIM),
        strength: (length / FULL_PULL_PX).clamp(0.0, 1.0),
        spin: if length < 1.0 {
            0.0
        } else {
            (bulge / (length * 0.35)).clamp(-1.0, 1.0)
        },
    }
}

/// How far `p` lies to the right of the line from `a` to `b` (pixels, screen y down).
fn right_of(a: Vec2, b: Vec2, p: Vec2) -> f32 {
    let d = b - a;
    if d.length() < 1.0 {
        return 0.0;
    }
    // Facing along the pull (down the screen), right is the screen's left.
    d.perp_dot(p - a) / d.length()
}

/// A pull in progress: where it began and the farthest it strayed either side.
#[derive(Default)]
struct Pull {
    from: Option<Vec2>,
    path: Vec<Vec2>,
}

#[allow(clippy::too_many_arguments)]
fn mouse(
    mut contexts: EguiContexts,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    window: Query<&Window, With<PrimaryWindow>>,
    play: Res<KugelPlay>,
    seating: Res<Seating>,
    settle: Res<Settle>,
    mut aim: ResMut<Aim>,
    mut pull: Local<Pull>,
    mut intents: MessageWriter<KugelIntent>,
) {
    let Some(buttons) = buttons else { return };
    let cursor = window.single().ok().and_then(|w| w.cursor_position());
    let seat = play
        .thrower()
        .filter(|s| seating.owns(Device::Pointer, *s, &play.seats));
    let (Some(cursor), Some(seat)) = (cursor, seat) else {
        if pull.from.take().is_some() {
            aim.pull = None;
        }
        return;
    };
    if buttons.just_pressed(MouseButton::Left)
        && !contexts.ctx_mut().is_ok_and(|c| panel_under(c, cursor))
        && settle.ready()
    {
        pull.from = Some(cursor);
        pull.path.clear();
    }
    let Some(from) = pull.from else { return };
    pull.path.push(cursor);
    let bulge = pull
        .path
        .iter()
        .map(|p| right_of(from, cursor, *p))
        .fold(0.0f32, |m, d| if d.abs() > m.abs() { d } else { m });
    let flick = pull_flick(from, cursor, bulge);
    aim.seat = Some(seat);
    aim.pull = Some(flick);
    if buttons.just_released(MouseButton::Left) {
        pull.from = None;
        aim.pull = None;
        if cursor.distance(from) >= MIN_PULL_PX {
            intents.write(KugelIntent::Throw {
                seat,
                flick: Some(flick),
            });
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn keys(
    mut contexts: EguiContexts,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    time: Res<Time>,
    mut play: ResMut<KugelPlay>,
    seating: Res<Seating>,
    settle: Res<Settle>,
    mut aim: ResMut<Aim>,
    mut intents: MessageWriter<KugelIntent>,
) {
    let Some(keys) = keys else { return };
    if contexts
        .ctx_mut()
        .is_ok_and(|c| c.egui_wants_keyboard_input())
    {
        return;
    }
    if keys.just_pressed(KeyCode::KeyR) {
        play.replay_last();
    }
    let Some(seat) = pointer_seat(&play, &seating) else {
        return;
    };
    if play.chooser() == Some(seat) {
        let choices = play.choices();
        for (i, key) in DIGITS.iter().enumerate() {
            if keys.just_pressed(*key)
                && settle.ready()
                && let Some((chip, _)) = choices.get(i)
            {
                intents.write(KugelIntent::Act {
                    seat,
                    action: Action::Chip(*chip),
                });
            }
        }
        return;
    }
    let turn = keys.just_pressed(KeyCode::ArrowRight) as i32
        - keys.just_pressed(KeyCode::ArrowLeft) as i32;
    let twist =
        keys.just_pressed(KeyCode::ArrowUp) as i32 - keys.just_pressed(KeyCode::ArrowDown) as i32;
    aim.direction = (aim.direction + turn as f32 * AIM_STEP).clamp(-MAX_AIM, MAX_AIM);
    aim.spin = (aim.spin + twist as f32 * SPIN_STEP).clamp(-1.0, 1.0);
    if keys.pressed(KeyCode::Space) && settle.ready() {
        let strength = aim.pull.map_or(0.0, |f| f.strength) + time.delta_secs() / CHARGE_S;
        aim.seat = Some(seat);
        aim.pull = Some(Flick {
            direction: aim.direction,
            strength: strength.min(1.0),
            spin: aim.spin,
        });
    } else if keys.just_released(KeyCode::Space)
        && let Some(flick) = aim.pull.take()
    {
        intents.write(KugelIntent::Throw {
            seat,
            flick: Some(flick),
        });
    }
}

/// The number keys, for the chip choices in order.
const DIGITS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// Where an aim line from the balls' start ends: the first of the box's walls it meets.
pub fn aim_end(direction: f32) -> Vec3 {
    let start = Vec3::new(0.0, BALL_R, NEAR_END - 0.03);
    let d = Vec3::new(direction.sin(), 0.0, -direction.cos());
    let to_far = (start.z - FAR_WALL) / -d.z;
    let to_side = if d.x.abs() > 1e-4 {
        (HALF_W - start.x * d.x.signum()) / d.x.abs()
    } else {
        f32::INFINITY
    };
    start + d * to_far.min(to_side)
}
