//! Domino tiles on the live table: a table world spawned from [`table_def`], and each laid tile
//! a body from [`tile_def`] let go just above its slot; after each fixed step a tile still
//! settling is checked as the pure host checks it ([`Settling`]), and a [`TileSettled`] message
//! says where it came to rest.

use bevy::prelude::*;

use super::{LiveBody, LiveSet, SetsQuery, spawn_body, spawn_world};
use crate::physics::body::Sets;
use crate::physics::tiles::{Settling, Slot, table_def, tile_def, yaw};

/// A laid tile: its slot, and how its settling goes until it has.
#[derive(Component, Debug)]
pub struct LiveTile {
    pub slot: Slot,
    settling: Option<Settling>,
}

/// A laid tile has come to rest: where (x, y, z) and its yaw (radians).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct TileSettled {
    pub tile: Entity,
    pub at: Vec3,
    pub yaw: f32,
    pub steps: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TileSettled>()
        .add_systems(FixedUpdate, settle.in_set(LiveSet::AfterStep));
}

/// The table the tiles are laid on.
pub fn spawn_table(commands: &mut Commands, extra: impl Bundle + Clone) -> Entity {
    spawn_world(commands, &table_def(), extra)
}

/// Lays a tile at its slot on the table world `world`.
pub fn lay(commands: &mut Commands, world: Entity, slot: &Slot, extra: impl Bundle) -> Entity {
    let tile = spawn_body(commands, world, &tile_def(slot), extra);
    commands.entity(tile).insert(LiveTile {
        slot: *slot,
        settling: Some(Settling::default()),
    });
    tile
}

fn settle(
    mut worlds: SetsQuery,
    mut tiles: Query<(Entity, &mut LiveTile, &LiveBody)>,
    mut settled: MessageWriter<TileSettled>,
) {
    for (e, mut tile, body) in &mut tiles {
        let Some(settling) = tile.settling.as_mut() else {
            continue;
        };
        let Ok(((_, mut bodies, mut colliders), ())) = worlds.get_mut(body.world) else {
            continue;
        };
        let Some(h) = bodies.entity2body().get(&e).copied() else {
            continue;
        };
        let sets = Sets {
            bodies: &mut bodies.bodies,
            colliders: &mut colliders.colliders,
        };
        if settling.after_step(&sets, h) {
            let steps = settling.steps;
            tile.settling = None;
            let pose = sets.pose(h);
            let p = pose.translation;
            settled.write(TileSettled {
                tile: e,
                at: Vec3::new(p.x, p.y, p.z),
                yaw: yaw(pose.rotation),
                steps,
            });
        }
    }
}
