//! Muggins dominoes: the table scene. The rules engine (`rules::dominoes`) is ready; play arrives
//! with the physics tiles and the AI, and until then the scene is set and says so.

use bevy::prelude::*;

use super::camera::CameraRig;
use super::room::{Palette, part, table_root};
use super::screen::{Screen, Table};
use super::{Presets, playing};
use crate::rules::Game;

/// A tile's size lying flat: width (x), thickness (y), length (z), metres.
pub const TILE: Vec3 = Vec3::new(0.048, 0.012, 0.096);

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
        eye: Vec3::new(0.0, 1.2, 1.0),
        target: Vec3::new(0.0, 0.0, 0.05),
    };
    let variant = presets
        .dominoes
        .iter()
        .find(|p| p.name == table.preset)
        .map(|p| &p.variant);
    let players = table.seats.len();
    let tiles = variant.map_or(28, |v| v.set.tiles());
    let hand = variant.map_or(7, |v| v.hand_size.for_players(players as u8) as usize);
    let felt = meshes.add(Cuboid::new(1.7, 0.01, 1.15));
    let tile = meshes.add(Cuboid::from_size(TILE));
    commands
        .spawn(table_root("Dominoes table", Game::Dominoes))
        .with_children(|p| {
            p.spawn(part(
                felt,
                palette.felt.clone(),
                Transform::from_xyz(0.0, 0.005, 0.0),
            ));
            // The boneyard: what the hands leave, face down in rows in the middle.
            let boneyard = tiles.saturating_sub(hand * players);
            for i in 0..boneyard {
                let (row, col) = (i / 7, i % 7);
                let at = Vec3::new(-0.18 + 0.06 * col as f32, 0.016, -0.12 + 0.11 * row as f32);
                p.spawn(part(
                    tile.clone(),
                    palette.tile_back.clone(),
                    Transform::from_translation(at),
                ));
            }
            // Each seat's hand standing on its edge of the felt.
            let places = [
                (Vec3::new(0.0, 0.0, 0.48), 0.0),
                (Vec3::new(-0.72, 0.0, 0.0), std::f32::consts::FRAC_PI_2),
                (Vec3::new(0.0, 0.0, -0.48), 0.0),
                (Vec3::new(0.72, 0.0, 0.0), std::f32::consts::FRAC_PI_2),
            ];
            for (seat, _) in table.seats.iter().enumerate().take(places.len()) {
                let (centre, turn) = places[seat];
                let rot = Quat::from_rotation_y(turn);
                for i in 0..hand {
                    let off = (i as f32 - (hand as f32 - 1.0) / 2.0) * 0.055;
                    let at = centre + rot * Vec3::new(off, 0.058, 0.0);
                    let stand = rot * Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
                    let face = if seat == 0 {
                        &palette.ivory
                    } else {
                        &palette.tile_back
                    };
                    p.spawn(part(
                        tile.clone(),
                        face.clone(),
                        Transform::from_translation(at).with_rotation(stand),
                    ));
                }
            }
        });
}
