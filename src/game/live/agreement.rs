//! Do the two hosts agree? The same throws on the live table (bevy_rapier3d entities in a
//! headless app) and in the pure world, outcome for outcome (`muggins bench live`).

use std::time::Duration;

use bevy::ecs::world::CommandQueue;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use super::LiveWorld;
use super::dice::{LiveDice, spawn_tray};
use super::kugel::{LiveKugelbox, spawn_throw};
use crate::physics::dice::{DiceRoll, DiceTray};
use crate::physics::kugel::{KugelOutcome, KugelThrow, Kugelbox};
use crate::rules::marbles::Die;
use crate::sim::bench::{Figure, KUGEL_LIMIT_S, kugel_plans};

/// A headless app with only the live physics, each frame a quarter second of game time (30
/// fixed steps).
pub fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            250,
        )))
        .add_plugins(super::plugin);
    app.update();
    app
}

/// Runs `f` with commands on the app's world, and applies them.
pub fn spawn<R>(app: &mut App, f: impl FnOnce(&mut Commands) -> R) -> R {
    let mut queue = CommandQueue::default();
    let r = f(&mut Commands::new(&mut queue, app.world()));
    queue.apply(app.world_mut());
    r
}

/// Despawns a live world and its bodies.
pub fn despawn_world(app: &mut App, world: Entity) {
    let bodies = app
        .world()
        .get::<LiveWorld>(world)
        .map(|w| w.bodies.clone())
        .unwrap_or_default();
    for e in bodies.into_iter().chain([world]) {
        app.world_mut().despawn(e);
    }
}

/// Frames a roll or throw may take before it counts as stuck (a minute of game time).
const FRAME_CAP: u32 = 240;

/// A roll of `dice` from a fresh tray on the live table: the roll and the tray's world (for
/// the caller to look at, then despawn).
pub fn live_roll(app: &mut App, dice: &[Die], seed: u64) -> (Option<DiceRoll>, Entity) {
    let world = spawn(app, |c| spawn_tray(c, dice, ()));
    if let Some(mut d) = app.world_mut().get_mut::<LiveDice>(world) {
        d.roller.start(seed, None);
    }
    for _ in 0..FRAME_CAP {
        app.update();
        if let Some(roll) = app
            .world_mut()
            .get_mut::<LiveDice>(world)
            .and_then(|mut d| d.rolled.take())
        {
            return (Some(roll), world);
        }
    }
    (None, world)
}

/// A throw from a fresh box on the live table.
pub fn live_throw(app: &mut App, t: KugelThrow, seed: u64) -> (Option<KugelOutcome>, Entity) {
    let world = spawn(app, |c| spawn_throw(c, t, seed, KUGEL_LIMIT_S, ()));
    for _ in 0..FRAME_CAP {
        app.update();
        if let Some(out) = app
            .world()
            .get::<LiveKugelbox>(world)
            .and_then(|k| k.outcome)
        {
            return (Some(out), world);
        }
    }
    (None, world)
}

/// The share of `rolls` seeded three-dice rolls (d6 and d12 alternately) that end with the
/// same faces on the live table as in the pure world.
pub fn dice_agreement(rolls: u32, seed: u64) -> f64 {
    let mut app = app();
    let mut same = 0;
    for i in 0..rolls {
        let dice = [if i % 2 == 0 { Die::D6 } else { Die::D12 }; 3];
        let s = crate::sim::dice::throw_seed(seed, i as u64);
        let pure = DiceTray::new(&dice).roll(s, None);
        let (live, world) = live_roll(&mut app, &dice, s);
        despawn_world(&mut app, world);
        same += u32::from(live.is_some_and(|l| l.faces == pure.faces));
    }
    same as f64 / rolls.max(1) as f64
}

/// The share of `throws` of the bench's seeded Kugelbox throws that end in the same holes on
/// the live table as in the pure world.
pub fn kugel_agreement(throws: u32, seed: u64) -> f64 {
    let mut app = app();
    let mut pure_box = Kugelbox::new(KUGEL_LIMIT_S);
    let mut same = 0;
    for (t, s) in kugel_plans(throws, seed) {
        let pure = pure_box.throw(t, s);
        let (live, world) = live_throw(&mut app, t, s);
        despawn_world(&mut app, world);
        same += u32::from(live.is_some_and(|l| l.throw == pure.throw));
    }
    same as f64 / throws.max(1) as f64
}

/// `physics.live_dice_agreement` over 1,000 three-dice rolls and `physics.live_kugel_agreement`
/// over 1,000 throws.
pub fn figures(out: &mut Vec<Figure>) {
    out.push(Figure {
        name: "physics.live_dice_agreement",
        value: dice_agreement(1000, 1),
        unit: "share",
    });
    out.push(Figure {
        name: "physics.live_kugel_agreement",
        value: kugel_agreement(1000, 1),
        unit: "share",
    });
}
