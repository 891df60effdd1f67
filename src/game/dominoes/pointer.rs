//! Dominoes by mouse and keyboard, for the human seats bound to them (several may share it: it
//! acts for the seat whose hand is shown, or whichever of its seats may call). A click on a
//! tile of your rack chooses it, a click on one of its pale ends plays it there, and a drag from
//! the rack onto an end does both. Keys: ◀ ▶ choose a tile, ▲ ▼ an end, Enter plays (or says
//! "ready" on a pass screen, or moves on from a hand's end), Space draws or passes when nothing
//! plays, M calls "Muggins!", S sorts the hand.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use super::gamepad::{chosen_end, freshen, step_end, step_tile};
use super::play::{DominoesIntent, DominoesPlay, EndChoice, HandChoices};
use super::scene::{EndGhost, RackTile};
use crate::game::MainCamera;
use crate::game::table::widgets::panel_under;
use crate::game::table::{Device, Seating, Settle, TableSet};
use crate::physics::tiles::TILE_T;
use crate::rules::dominoes::{Action, Seat, Tile};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (keys, mouse)
            .in_set(TableSet::Input)
            .run_if(resource_exists::<DominoesPlay>),
    );
}

/// The seat the keyboard and mouse act for now: the shown hand's, if theirs; else the seat a
/// pass screen waits for, or one of theirs that may call "Muggins!" or move on from a hand's
/// end.
pub fn pointer_seat(play: &DominoesPlay, seating: &Seating) -> Option<Seat> {
    let mine = |s: &Seat| seating.owns(Device::Pointer, *s, &play.seats);
    if play.table.reveal.is_some() {
        return play.humans().into_iter().find(mine);
    }
    if let Some(s) = play.table.pass_to {
        return mine(&s).then_some(s);
    }
    if play.window_open() {
        return play.may_speak().into_iter().find(mine);
    }
    play.table.viewer.filter(mine)
}

/// Pointer input, as the frame sees it.
struct Aim<'a> {
    camera: &'a Camera,
    at: &'a GlobalTransform,
    cursor: Vec2,
}

impl Aim<'_> {
    /// The point on the felt under the cursor.
    fn on_table(&self) -> Option<Vec3> {
        let ray = self.camera.viewport_to_world(self.at, self.cursor).ok()?;
        let top = Vec3::Y * TILE_T;
        let d = ray.intersect_plane(top, InfinitePlane3d::new(Vec3::Y))?;
        Some(ray.get_point(d))
    }

    /// The shown rack tile nearest the cursor on screen, within reach.
    fn rack_tile(&self, tiles: &Query<(&RackTile, &GlobalTransform)>, seat: Seat) -> Option<Tile> {
        tiles
            .iter()
            .filter(|(r, _)| r.seat == seat)
            .filter_map(|(r, g)| {
                let p = self
                    .camera
                    .world_to_viewport(self.at, g.translation())
                    .ok()?;
                Some((r.tile?, p.distance(self.cursor)))
            })
            .filter(|(_, d)| *d < 26.0)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(t, _)| t)
    }

    /// The pale ends under the cursor (two for a Sniff double's choice at one end).
    fn ends(&self, ghosts: &Query<&EndGhost>) -> Vec<EndChoice> {
        let Some(p) = self.on_table() else {
            return Vec::new();
        };
        let under: Vec<EndChoice> = ghosts
            .iter()
            .map(|g| g.0)
            .filter(|e| {
                let (x0, z0, x1, z1) = e.slot.rect();
                (x0 - 0.01..=x1 + 0.01).contains(&p.x) && (z0 - 0.01..=z1 + 0.01).contains(&p.z)
            })
            .collect();
        // Everything at the end under the cursor (a Sniff double's two ways).
        match under.first() {
            Some(first) => ghosts
                .iter()
                .map(|g| g.0)
                .filter(|e| e.placement.arm == first.placement.arm)
                .collect(),
            None => Vec::new(),
        }
    }
}

/// A tile chosen where it goes: played at once, or (a Sniff double at an end where it may lie
/// either way) the HUD asks which.
pub fn play_at(
    play: &DominoesPlay,
    choices: &mut HandChoices,
    seat: Seat,
    ends: &[EndChoice],
    intents: &mut MessageWriter<DominoesIntent>,
) {
    let choice = choices.of(seat);
    match ends {
        [one] => {
            intents.write(DominoesIntent::Act {
                seat,
                action: choice.play(one.placement, play.calls()),
            });
        }
        [first, ..] => choice.sniff = Some((first.placement.tile, first.placement.arm)),
        [] => {}
    }
}

#[allow(clippy::too_many_arguments)]
fn mouse(
    mut contexts: EguiContexts,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    tiles: Query<(&RackTile, &GlobalTransform)>,
    ghosts: Query<&EndGhost>,
    play: Res<DominoesPlay>,
    seating: Res<Seating>,
    settle: Res<Settle>,
    mut choices: ResMut<HandChoices>,
    mut dragging: Local<Option<(Tile, Vec2)>>,
    mut intents: MessageWriter<DominoesIntent>,
) {
    let Some(buttons) = buttons else { return };
    let (Ok(window), Ok((camera, at))) = (window.single(), camera.single()) else {
        return;
    };
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    let over_ui = contexts.ctx_mut().is_ok_and(|c| panel_under(c, cursor));
    let Some(seat) = pointer_seat(&play, &seating).filter(|s| play.may_move(*s)) else {
        *dragging = None;
        return;
    };
    let aim = Aim { camera, at, cursor };
    if buttons.just_pressed(MouseButton::Left) && !over_ui {
        if let Some(tile) = aim.rack_tile(&tiles, seat) {
            let c = choices.of(seat);
            if c.tile != Some(tile) {
                c.tile = Some(tile);
                c.end = 0;
                c.sniff = None;
            }
            *dragging = Some((tile, cursor));
        } else if settle.ready() {
            let ends = aim.ends(&ghosts);
            play_at(&play, &mut choices, seat, &ends, &mut intents);
        }
    }
    if buttons.just_released(MouseButton::Left)
        && let Some((tile, from)) = dragging.take()
        && cursor.distance(from) > 12.0
        && settle.ready()
    {
        let ends: Vec<EndChoice> = aim
            .ends(&ghosts)
            .into_iter()
            .filter(|e| e.placement.tile == tile)
            .collect();
        play_at(&play, &mut choices, seat, &ends, &mut intents);
    }
}

fn keys(
    mut contexts: EguiContexts,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    play: Res<DominoesPlay>,
    seating: Res<Seating>,
    settle: Res<Settle>,
    mut choices: ResMut<HandChoices>,
    mut intents: MessageWriter<DominoesIntent>,
) {
    let Some(keys) = keys else { return };
    if contexts
        .ctx_mut()
        .is_ok_and(|c| c.egui_wants_keyboard_input())
    {
        return;
    }
    let Some(seat) = pointer_seat(&play, &seating) else {
        return;
    };
    let ready = settle.ready();
    let enter = keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter);
    if (play.table.reveal.is_some() || play.table.pass_to == Some(seat)) && enter && ready {
        intents.write(DominoesIntent::Pass { seat });
        return;
    }
    if play.window_open() {
        if keys.just_pressed(KeyCode::KeyM) && ready {
            intents.write(DominoesIntent::Act {
                seat,
                action: Action::Muggins(seat),
            });
        }
        return;
    }
    if !play.may_move(seat) {
        return;
    }
    let mut choice = choices.get(seat);
    // As the turn comes, a tile that plays is chosen.
    if !ready {
        freshen(&play, &mut choice, seat);
    }
    if keys.just_pressed(KeyCode::ArrowRight) {
        step_tile(&play, &mut choice, seat, 1);
    } else if keys.just_pressed(KeyCode::ArrowLeft) {
        step_tile(&play, &mut choice, seat, -1);
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        step_end(&play, &mut choice, seat, 1);
    } else if keys.just_pressed(KeyCode::ArrowDown) {
        step_end(&play, &mut choice, seat, -1);
    }
    if keys.just_pressed(KeyCode::KeyS) {
        choice.sort = choice.sort.next();
    }
    if choices.get(seat) != choice {
        *choices.of(seat) = choice.clone();
    }
    if !ready {
        return;
    }
    if keys.just_pressed(KeyCode::Space)
        && let Some(a) = play.no_play(seat)
    {
        intents.write(DominoesIntent::Act { seat, action: a });
    } else if enter && let Some(end) = chosen_end(&play, &choice, seat) {
        intents.write(DominoesIntent::Act {
            seat,
            action: choice.play(end.placement, play.calls()),
        });
    }
}
