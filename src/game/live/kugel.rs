//! The Kugelbox on the live table: a box world spawned from [`box_def`] with its own
//! [`KugelThrower`] (the pure layer's throw, written over rapier's sets), driven around each
//! fixed step. Every throw starts from a fresh box, as in the pure host, so a throw and a seed
//! end the same way on both.

use bevy::prelude::*;

use super::{LiveSet, SetsQuery, spawn_world, with_sets};
use crate::physics::kugel::{KugelOutcome, KugelThrow, KugelThrower, box_def};

/// A box world's thrower, and the last throw's outcome.
#[derive(Component)]
pub struct LiveKugelbox {
    pub thrower: KugelThrower,
    pub outcome: Option<KugelOutcome>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        FixedUpdate,
        (
            throw_before_step.in_set(LiveSet::BeforeStep),
            throw_after_step.in_set(LiveSet::AfterStep),
        ),
    );
}

/// A fresh box whose throw (`t`, `seed`) starts with its first step; it ends after
/// `time_limit_s` of game time at the latest.
pub fn spawn_throw(
    commands: &mut Commands,
    t: KugelThrow,
    seed: u64,
    time_limit_s: f32,
    extra: impl Bundle + Clone,
) -> Entity {
    let world = spawn_world(commands, &box_def(), extra);
    let mut thrower = KugelThrower::new(time_limit_s);
    thrower.start(t, seed);
    commands.entity(world).insert(LiveKugelbox {
        thrower,
        outcome: None,
    });
    world
}

fn throw_before_step(mut worlds: SetsQuery<(), &mut LiveKugelbox>) {
    for (world, mut kugel) in &mut worlds {
        let thrower = &mut kugel.thrower;
        with_sets(world, |handles, sets| {
            if !thrower.bound() {
                thrower.bind(handles);
            }
            thrower.before_step(sets);
        });
    }
}

fn throw_after_step(mut worlds: SetsQuery<(), &mut LiveKugelbox>) {
    for (world, mut kugel) in &mut worlds {
        if let Some(Some(out)) = with_sets(world, |_, sets| kugel.thrower.after_step(sets)) {
            kugel.outcome = Some(out);
        }
    }
}
