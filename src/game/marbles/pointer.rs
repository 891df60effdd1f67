//! MUGGINS! by mouse and keyboard, for the human seats bound to them (several may share it: the
//! pointer acts for whichever of its seats may act now). A click on a hole places there (or,
//! after triples or a challenge, takes that marble off), a drag across the table flicks the
//! dice, Space rolls them.

use bevy::prelude::*;
use bevy::window::WindowEvent;
use bevy_egui::EguiContexts;

use super::play::{MarblesIntent, MarblesPlay};
use super::{BOARD_TOP, space_position};
use crate::game::MainCamera;
use crate::game::table::widgets::panel_under;
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

/// The pointer's last position and where the left button went down, to tell a click from a
/// drag.
#[derive(Default)]
struct Press {
    at: Option<Vec2>,
    start: Option<Vec2>,
}

/// A finished left-button gesture: where it went down and where it came up.
type Gesture = (Vec2, Vec2);

impl Press {
    /// Follows the window's events in the order they happened, so a press, a drag and a release
    /// inside one slow frame still make a drag; the gestures that ended.
    fn follow(
        &mut self,
        events: &mut MessageReader<WindowEvent>,
        over_ui: &dyn Fn(Vec2) -> bool,
    ) -> Vec<Gesture> {
        use bevy::input::ButtonState;
        let mut done = Vec::new();
        for e in events.read() {
            match e {
                WindowEvent::CursorMoved(m) => self.at = Some(m.position),
                WindowEvent::MouseButtonInput(b) if b.button == MouseButton::Left => {
                    match b.state {
                        ButtonState::Pressed => self.start = self.at.filter(|at| !over_ui(*at)),
                        ButtonState::Released => {
                            if let (Some(start), Some(end)) = (self.start.take(), self.at) {
                                done.push((start, end));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        done
    }
}

#[allow(clippy::too_many_arguments)]
fn pointer(
    mut contexts: EguiContexts,
    mut events: MessageReader<WindowEvent>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    play: Res<MarblesPlay>,
    seating: Res<Seating>,
    settle: Res<Settle>,
    mut press: Local<Press>,
    mut intents: MessageWriter<MarblesIntent>,
) {
    // A press on a panel belongs to the panel; the keys only to a panel being typed in
    // (Space rolls wherever the pointer rests, over the Roll button too).
    let ctx = contexts.ctx_mut().ok().cloned();
    let typing = ctx.as_ref().is_some_and(|c| c.text_edit_focused());
    let over_ui = |at: Vec2| ctx.as_ref().is_some_and(|c| panel_under(c, at));
    let mine = |s: &u8| seating.owns(Device::Pointer, *s, &play.seats);
    let thrower = play.thrower().filter(mine);
    if let Some(seat) = thrower
        && keys.is_some_and(|k| k.just_pressed(KeyCode::Space))
        && !typing
        && settle.ready()
    {
        intents.write(MarblesIntent::Throw { seat, flick: None });
    }
    for (start, end) in press.follow(&mut events, &over_ui) {
        if settle.ready() {
            gesture(start, end, thrower, &camera, &play, &mine, &mut intents);
        }
    }
}

/// A click on a hole places there (or takes that marble off); a drag flicks the dice.
fn gesture(
    start: Vec2,
    cursor: Vec2,
    thrower: Option<u8>,
    camera: &Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    play: &MarblesPlay,
    mine: &dyn Fn(&u8) -> bool,
    intents: &mut MessageWriter<MarblesIntent>,
) {
    let drag = cursor - start;
    if drag.length() > 40.0 {
        // A flick: away from the player is up the screen; longer is harder.
        if let Some(seat) = thrower {
            let flick = Flick {
                direction: drag.x.atan2(-drag.y).clamp(-0.6, 0.6),
                strength: (drag.length() / 400.0).clamp(0.1, 1.0),
                spin: 0.0,
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
