//! MUGGINS! dice and marbles: the table scene. Play arrives with the rules engine (#3) and the
//! game itself (#8); until then the scene is set and says so.

use std::f32::consts::TAU;

use bevy::prelude::*;

use super::camera::CameraRig;
use super::room::{Palette, part, table_root};
use super::screen::{Screen, Table};
use super::{Presets, playing};
use crate::rules::Game;

/// Spaces around the ring.
pub const SPACES: usize = 36;
/// Radius of the ring of holes, metres.
pub const RING_RADIUS: f32 = 0.42;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_table.run_if(playing(Game::Marbles)),
    );
}

/// Where space `n` (1-based) sits on the board: space 1 at the top, counting clockwise as seen
/// from above.
pub fn space_position(n: usize) -> Vec3 {
    let a = (n as f32 - 1.0) / SPACES as f32 * TAU;
    Vec3::new(RING_RADIUS * a.sin(), 0.0, -RING_RADIUS * a.cos())
}

fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    palette: Res<Palette>,
    table: Res<Table>,
    presets: Res<Presets>,
    mut rig: ResMut<CameraRig>,
) {
    *rig = CameraRig {
        eye: Vec3::new(0.0, 1.25, 1.05),
        target: Vec3::new(0.0, 0.0, 0.08),
    };
    let used = presets
        .marbles
        .iter()
        .find(|p| p.name == table.preset)
        .map_or(SPACES, |p| p.variant.board as usize);
    let board = meshes.add(Cylinder::new(0.52, 0.04));
    let hole = meshes.add(Cylinder::new(0.02, 0.004));
    let tray = meshes.add(Cuboid::new(0.34, 0.025, 0.09));
    let marble = meshes.add(Sphere::new(0.0125).mesh().uv(16, 12));
    let die = meshes.add(Cuboid::from_length(0.055));
    commands
        .spawn(table_root("MUGGINS! table", Game::Marbles))
        .with_children(|p| {
            p.spawn(part(
                board,
                palette.wood.clone(),
                Transform::from_xyz(0.0, 0.02, 0.0),
            ));
            for n in 1..=SPACES {
                // Spaces beyond the preset's board (18 on the starter level) stay covered.
                let mat = if n <= used {
                    &palette.hole
                } else {
                    &palette.dark_wood
                };
                let at = space_position(n) + Vec3::Y * 0.04;
                p.spawn(part(
                    hole.clone(),
                    mat.clone(),
                    Transform::from_translation(at),
                ));
            }
            // Each seat's tray of marbles, around the board.
            for (seat, _) in table.seats.iter().enumerate() {
                let angle = seat as f32 * TAU / 4.0;
                let rot = Quat::from_rotation_y(-angle);
                let centre = rot * Vec3::new(0.0, 0.0125, 0.68);
                p.spawn((part(
                    tray.clone(),
                    palette.dark_wood.clone(),
                    Transform::from_translation(centre).with_rotation(rot),
                ),))
                    .with_children(|t| {
                        for i in 0..20 {
                            let (row, col) = (i / 10, i % 10);
                            let at = Vec3::new(
                                -0.135 + 0.03 * col as f32,
                                0.022,
                                -0.018 + 0.036 * row as f32,
                            );
                            t.spawn(part(
                                marble.clone(),
                                palette.seats[seat].clone(),
                                Transform::from_translation(at),
                            ));
                        }
                    });
            }
            // The dice, waiting beside the board.
            for (i, turn) in [0.2f32, 0.9, -0.4].into_iter().enumerate() {
                let at = Vec3::new(0.72 + 0.075 * i as f32, 0.0275, 0.25 - 0.04 * i as f32);
                p.spawn(part(
                    die.clone(),
                    palette.die.clone(),
                    Transform::from_translation(at).with_rotation(Quat::from_rotation_y(turn)),
                ));
            }
        });
}
