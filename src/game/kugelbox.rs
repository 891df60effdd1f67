//! Kugelbox: the box of 25 holes and the two balls. The rules engine (`rules::kugelbox`) is
//! ready; play arrives with the physics throw (#7), and until then the scene is set and says so.

use bevy::prelude::*;

use super::camera::CameraRig;
use super::room::{Palette, part, table_root};
use super::screen::{Screen, Table};
use super::{Presets, playing};
use crate::rules::Game;

/// Inside of the box: width (x) and length (z), metres; the holes fill its far part.
pub const BOX_INSIDE: Vec2 = Vec2::new(0.5, 0.85);
/// Distance between neighbouring holes.
pub const HOLE_PITCH: f32 = 0.085;
/// Height of the box floor above the table.
pub const FLOOR: f32 = 0.02;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_table.run_if(playing(Game::Kugelbox)),
    );
}

/// Centre of hole (row, column), both 1-based: row 1 is the far row, column 1 the left.
pub fn hole_position(row: u8, column: u8, rows: u8, columns: u8) -> Vec3 {
    let x = (column as f32 - (columns as f32 + 1.0) / 2.0) * HOLE_PITCH;
    let z = -0.13 + (row as f32 - (rows as f32 + 1.0) / 2.0) * HOLE_PITCH;
    Vec3::new(x, FLOOR, z)
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
        eye: Vec3::new(0.0, 0.95, 0.85),
        target: Vec3::new(0.0, 0.0, -0.08),
    };
    let (rows, columns) = presets
        .kugelbox
        .iter()
        .find(|p| p.name == table.preset)
        .map_or((5, 5), |p| {
            (p.variant.layout.rows, p.variant.layout.columns)
        });
    let wall = 0.025;
    let floor = meshes.add(Cuboid::new(BOX_INSIDE.x, FLOOR, BOX_INSIDE.y));
    let side = meshes.add(Cuboid::new(wall, 0.06, BOX_INSIDE.y + 2.0 * wall));
    let end = meshes.add(Cuboid::new(BOX_INSIDE.x, 0.06, wall));
    let hole = meshes.add(Cylinder::new(0.027, 0.003));
    let ball = meshes.add(Sphere::new(0.021).mesh().uv(24, 16));
    commands
        .spawn(table_root("Kugelbox", Game::Kugelbox))
        .with_children(|p| {
            p.spawn(part(
                floor,
                palette.wood.clone(),
                Transform::from_xyz(0.0, FLOOR / 2.0, 0.0),
            ));
            let half = (BOX_INSIDE + Vec2::splat(wall)) / 2.0;
            for x in [-half.x, half.x] {
                p.spawn(part(
                    side.clone(),
                    palette.dark_wood.clone(),
                    Transform::from_xyz(x, 0.03, 0.0),
                ));
            }
            for z in [-half.y, half.y] {
                p.spawn(part(
                    end.clone(),
                    palette.dark_wood.clone(),
                    Transform::from_xyz(0.0, 0.03, z),
                ));
            }
            for row in 1..=rows {
                for column in 1..=columns {
                    let at = hole_position(row, column, rows, columns) + Vec3::Y * 0.0005;
                    p.spawn(part(
                        hole.clone(),
                        palette.hole.clone(),
                        Transform::from_translation(at),
                    ));
                }
            }
            // The two balls wait at the near end, the red one on the left.
            for (x, mat) in [(-0.03, &palette.red_ball), (0.03, &palette.white_ball)] {
                let at = Vec3::new(x, FLOOR + 0.021, BOX_INSIDE.y / 2.0 - 0.06);
                p.spawn(part(
                    ball.clone(),
                    mat.clone(),
                    Transform::from_translation(at),
                ));
            }
        });
}
