//! Devices turned into intents. "Back" (Escape, a gamepad's Start or B/East) pauses or resumes a
//! game and leaves setup or results for the title. At a MUGGINS! table the mouse and keyboard act
//! for the human seat whose move it is: a click on a hole places there (or, after triples or a
//! challenge, takes that marble off), a drag across the table flicks the dice, Space rolls them.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use crate::game::marbles::play::{MarblesIntent, MarblesPlay};
use crate::game::marbles::{BOARD_TOP, space_position};
use crate::game::screen::AppSet;
use crate::game::{MainCamera, Nav, Pause};
use crate::physics::Flick;
use crate::rules::marbles::{Action, Phase};

pub fn plugin(app: &mut App) {
    app.add_systems(Update, back.in_set(AppSet::RecordInput))
        .add_systems(
            Update,
            marbles_pointer
                .in_set(AppSet::RecordInput)
                .run_if(in_state(Pause::Running).and_then(resource_exists::<MarblesPlay>)),
        );
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

/// The space (1-based) whose hole is under `cursor`, if any.
pub fn space_under(camera: &Camera, at: &GlobalTransform, cursor: Vec2, board: u8) -> Option<u8> {
    space_on_ray(camera.viewport_to_world(at, cursor).ok()?, board)
}

/// The space (1-based) of the first `board` spaces whose hole `ray` meets on the board's top,
/// within a hole's reach (3 cm), if any.
pub fn space_on_ray(ray: Ray3d, board: u8) -> Option<u8> {
    let top = Vec3::Y * BOARD_TOP;
    let d = ray.intersect_plane(top, InfinitePlane3d::new(Vec3::Y))?;
    let p = ray.get_point(d);
    (1..=board)
        .map(|n| (n, (space_position(n as usize) + top).distance(p)))
        .filter(|(_, dist)| *dist < 0.03)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(n, _)| n)
}

/// Where a press began, to tell a click from a drag.
#[derive(Default)]
struct Press(Option<Vec2>);

#[allow(clippy::too_many_arguments)]
fn marbles_pointer(
    mut contexts: EguiContexts,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    play: Res<MarblesPlay>,
    mut press: Local<Press>,
    mut intents: MessageWriter<MarblesIntent>,
) {
    let over_ui = contexts
        .ctx_mut()
        .is_ok_and(|c| c.egui_wants_pointer_input() || c.egui_wants_keyboard_input());
    let thrower = play.thrower().filter(|s| play.is_human(*s));
    if let Some(seat) = thrower
        && keys.just_pressed(KeyCode::Space)
        && !over_ui
    {
        intents.write(MarblesIntent::Throw { seat, flick: None });
    }
    let Some(cursor) = window.single().ok().and_then(|w| w.cursor_position()) else {
        return;
    };
    if buttons.just_pressed(MouseButton::Left) && !over_ui {
        press.0 = Some(cursor);
    }
    if !buttons.just_released(MouseButton::Left) {
        return;
    }
    let Some(start) = press.0.take() else { return };
    let drag = cursor - start;
    if drag.length() > 40.0 {
        // A flick: away from the player is up the screen; longer is harder.
        if let Some(seat) = thrower {
            let flick = Flick {
                direction: drag.x.atan2(-drag.y).clamp(-0.6, 0.6),
                strength: (drag.length() / 400.0).clamp(0.1, 1.0),
            };
            intents.write(MarblesIntent::Throw {
                seat,
                flick: Some(flick),
            });
        }
        return;
    }
    let Ok((camera, at)) = camera.single() else {
        return;
    };
    let Some(space) = space_under(camera, at, cursor, play.game.variant.board) else {
        return;
    };
    let Some(actor) = play.game.actor().filter(|s| play.is_human(*s)) else {
        return;
    };
    let action = match play.game.phase {
        Phase::Place { .. } => Action::Place(space),
        Phase::Triples { .. } | Phase::Penalty { .. } => Action::Remove(space),
        _ => return,
    };
    intents.write(MarblesIntent::Act {
        seat: actor,
        action,
    });
}
