//! MUGGINS! by mouse and keyboard, for the human seats bound to them (several may share it: the
//! pointer acts for whichever of its seats may act now). A click on a hole places there (or,
//! after triples or a challenge, takes that marble off), a drag across the table flicks the
//! dice, Space rolls them.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use super::play::{MarblesIntent, MarblesPlay};
use super::{BOARD_TOP, space_position};
use crate::game::MainCamera;
use crate::game::table::{Device, Seating, Settle, TableSet};
use crate::physics::Flick;
use crate::rules::marbles::{Action, Phase};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        pointer
            .in_set(TableSet::Input)
            .run_if(resource_exists::<MarblesPlay>),
    );
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
fn pointer(
    mut contexts: EguiContexts,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    play: Res<MarblesPlay>,
    seating: Res<Seating>,
    settle: Res<Settle>,
    mut press: Local<Press>,
    mut intents: MessageWriter<MarblesIntent>,
) {
    let over_ui = contexts
        .ctx_mut()
        .is_ok_and(|c| c.egui_wants_pointer_input() || c.egui_wants_keyboard_input());
    let mine = |s: &u8| seating.owns(Device::Pointer, *s, &play.seats);
    let thrower = play.thrower().filter(mine);
    if let Some(seat) = thrower
        && keys.is_some_and(|k| k.just_pressed(KeyCode::Space))
        && !over_ui
        && settle.ready()
    {
        intents.write(MarblesIntent::Throw { seat, flick: None });
    }
    let (Some(buttons), Some(cursor)) = (
        buttons,
        window.single().ok().and_then(|w| w.cursor_position()),
    ) else {
        return;
    };
    if buttons.just_pressed(MouseButton::Left) && !over_ui {
        press.0 = Some(cursor);
    }
    if !buttons.just_released(MouseButton::Left) {
        return;
    }
    let Some(start) = press.0.take() else { return };
    if !settle.ready() {
        return;
    }
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
    let Some(actor) = play.game.actor().filter(mine) else {
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
