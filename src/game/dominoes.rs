//! Muggins dominoes: the table scene. The rules engine (`rules::dominoes`) is ready; play arrives
//! with the physics tiles and the AI, and until then the scene is set and says so.

use bevy::prelude::*;

use super::camera::CameraRig;
use super::room::{Palette, part, table_root};
use super::screen::{Screen, Table};
use super::{Presets, playing};
use crate::physics::tiles;
use crate::rules::Game;

/// A tile's size lying flat: width (x), thickness (y), length (z), metres (the physics layer's
/// true proportions).
pub const TILE: Vec3 = Vec3::new(tiles::TILE_W, tiles::TILE_T, tiles::TILE_L);
/// The felt: the layout's grid, the racks and the boneyard all fit on it.
const FELT: Vec3 = Vec3::new(2.0, 0.01, 1.3);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_table.run_if(playing(Game::Dominoes)),
    );
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
        eye: Vec3::new(0.0, 1.45, 1.25),
        target: Vec3::new(0.0, 0.0, 0.05),
    };
    let variant = presets
        .dominoes
        .iter()
        .find(|p| p.name == table.preset)
        .map(|p| &p.variant);
    let players = table.seats.len();
    let set_size = variant.map_or(28, |v| v.set.tiles());
    let hand = variant.map_or(7, |v| v.hand_size.for_players(players as u8) as usize);
    let felt = meshes.add(Cuboid::new(FELT.x, FELT.y, FELT.z));
    let tile = meshes.add(Cuboid::from_size(TILE));
    commands
        .spawn(table_root("Dominoes table", Game::Dominoes))
        .with_children(|p| {
            p.spawn(part(
                felt,
                palette.felt.clone(),
                Transform::from_xyz(0.0, 0.005, 0.0),
            ));
            // The boneyard: what the hands leave, face down beside the layout.
            let boneyard = set_size.saturating_sub(hand * players);
            for i in 0..boneyard {
                let [x, y, z] = tiles::boneyard_slot(i);
                p.spawn(part(
                    tile.clone(),
                    palette.tile_back.clone(),
                    Transform::from_xyz(x, y + FELT.y, z),
                ));
            }
            // Each seat's hand standing on its rack, faces to its owner.
            for seat in 0..players {
                for i in 0..hand {
                    let ([x, y, z], yaw) = tiles::rack_slot(seat, players, i, hand);
                    let stand = Quat::from_rotation_y(yaw)
                        * Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
                    let face = if seat == 0 {
                        &palette.ivory
                    } else {
                        &palette.tile_back
                    };
                    p.spawn(part(
                        tile.clone(),
                        face.clone(),
                        Transform::from_xyz(x, y, z).with_rotation(stand),
                    ));
                }
            }
        });
}
