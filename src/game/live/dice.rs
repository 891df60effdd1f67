//! Dice on the live table: a [`DiceRoller`] (the pure layer's roll, written over rapier's sets)
//! driven around each fixed step of a tray world spawned from [`tray_def`]. The MUGGINS! table
//! keeps its roller in its referee; [`LiveDice`] holds one on the world itself (the benches and
//! tests roll so).

use bevy::prelude::*;

use super::{LiveSet, SetsQuery, WorldMut, spawn_world, with_sets};
use crate::physics::dice::{DiceRoll, DiceRoller, tray_def};
use crate::rules::marbles::Die;

/// A tray world's own roller, and the last roll it finished.
#[derive(Component)]
pub struct LiveDice {
    pub roller: DiceRoller,
    pub rolled: Option<DiceRoll>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        FixedUpdate,
        (
            roll_before_step.in_set(LiveSet::BeforeStep),
            roll_after_step.in_set(LiveSet::AfterStep),
        ),
    );
}

/// A tray world with these dice and a roller of its own.
pub fn spawn_tray(commands: &mut Commands, dice: &[Die], extra: impl Bundle + Clone) -> Entity {
    let world = spawn_world(commands, &tray_def(dice), extra);
    commands.entity(world).insert(LiveDice {
        roller: DiceRoller::new(dice),
        rolled: None,
    });
    world
}

/// Before a step: the roller binds to its dice once the world knows them, then throws or sets
/// them down as asked.
pub fn before_step(roller: &mut DiceRoller, world: WorldMut) {
    with_sets(world, |handles, sets| {
        if !roller.bound() {
            roller.bind(handles);
        }
        roller.before_step(sets);
    });
}

/// After a step: the roll, once every die rests level.
pub fn after_step(roller: &mut DiceRoller, world: WorldMut) -> Option<DiceRoll> {
    with_sets(world, |_, sets| roller.after_step(sets)).flatten()
}

fn roll_before_step(mut worlds: SetsQuery<(), &mut LiveDice>) {
    for (world, mut dice) in &mut worlds {
        before_step(&mut dice.roller, world);
    }
}

fn roll_after_step(mut worlds: SetsQuery<(), &mut LiveDice>) {
    for (world, mut dice) in &mut worlds {
        if let Some(roll) = after_step(&mut dice.roller, world) {
            dice.rolled = Some(roll);
        }
    }
}
