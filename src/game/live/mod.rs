//! The live physics at the table: bevy_rapier3d's `RapierPhysicsPlugin` stepping in
//! `FixedUpdate` at [`STEP_S`], one rapier context per physics world. A table spawns a world from
//! the same [`WorldDef`] the pure host builds ([`spawn_world`]): a context entity and, in the
//! definition's order, one entity per body with bevy_rapier3d's `RigidBody`, `Collider`,
//! friction, restitution, density, damping and CCD. The game's own systems run around each step
//! in [`LiveSet`]: before it they throw (through rapier's sets, as the pure host does), after it
//! they read where things came to rest. Contact forces become one [`Impact`] message.

use bevy::ecs::message::MessageRegistry;
use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_rapier3d::prelude::*;

pub mod agreement;
pub mod dice;
pub mod kugel;
pub mod tiles;

use crate::physics::STEP_S;
use crate::physics::body::{BodyDef, GRAVITY, Handles, Sets, Surface, WorldDef};

/// Where the game's physics systems run in `FixedUpdate`.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum LiveSet {
    /// Worlds new to bevy_rapier3d learn their handles.
    Bind,
    /// After bevy_rapier3d has taken in new bodies, before the step: bind, throw, set down.
    BeforeStep,
    /// After the step's results are written back: read rests and outcomes, impacts.
    AfterStep,
}

/// A live physics world: its rapier context's entity holds this, with the bodies it was
/// spawned with (in the definition's order) and, once bevy_rapier3d has taken them in, their
/// handles.
#[derive(Component, Debug)]
pub struct LiveWorld {
    pub bodies: Vec<Entity>,
    pub handles: Option<Vec<Handles>>,
}

/// One body of a live world.
#[derive(Component, Debug, Clone, Copy)]
pub struct LiveBody {
    pub world: Entity,
    pub surface: Surface,
    /// The contact force (newtons) over which it makes an impact; 0 for fixed bodies.
    pub threshold: f32,
}

/// Something struck something hard enough to hear: the body (a die, a ball, a tile), what it
/// struck, and how hard (the contact force, newtons, and that force over the body's threshold:
/// 1 is a light knock).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct Impact {
    pub body: Entity,
    pub what: Surface,
    pub against: Surface,
    pub force: f32,
    pub strength: f32,
}

/// The live physics: bevy_rapier3d at the fixed step, worlds bound to their handles, impacts.
pub fn plugin(app: &mut App) {
    app.insert_resource(Time::<Fixed>::from_seconds(STEP_S as f64))
        .insert_resource(TimestepMode::Fixed {
            dt: STEP_S,
            substeps: 1,
        })
        .insert_resource(RapierContextInitialization::NoAutomaticRapierContext)
        .add_plugins(RapierPhysicsPlugin::<NoUserData>::default().in_fixed_schedule());
    // bevy_rapier3d inserts its message buffers as bare resources, so Bevy never clears them:
    // every contact force, collision and mass change would be kept for the life of the process
    // (the soak's memory grew by about 80 kB a game). Registered, they are cleared as every
    // message is, two frames after they were written.
    MessageRegistry::register_message::<ContactForceEvent>(app.world_mut());
    MessageRegistry::register_message::<CollisionEvent>(app.world_mut());
    MessageRegistry::register_message::<MassModifiedMessage>(app.world_mut());
    app
        // The fixed step is a short chain of small systems run several times a frame: on one
        // thread it costs a fraction of what waking the task pool for each would.
        .edit_schedule(FixedUpdate, |s| {
            s.set_executor(SingleThreadedExecutor::new());
        })
        .add_message::<Impact>()
        .configure_sets(
            FixedUpdate,
            (
                (LiveSet::Bind, LiveSet::BeforeStep)
                    .chain()
                    .after(PhysicsSet::SyncBackend)
                    .before(PhysicsSet::StepSimulation),
                LiveSet::AfterStep.after(PhysicsSet::Writeback),
            ),
        )
        .add_systems(FixedUpdate, bind_worlds.in_set(LiveSet::Bind))
        .add_plugins((dice::plugin, kugel::plugin, tiles::plugin))
        .add_systems(FixedUpdate, impacts.in_set(LiveSet::AfterStep));
}

/// A live world from its definition: the context and its bodies, each with `extra` (a marker, a
/// despawn rule). Returns the context's entity.
pub fn spawn_world(commands: &mut Commands, def: &WorldDef, extra: impl Bundle + Clone) -> Entity {
    let mut simulation = RapierContextSimulation::default();
    simulation.integration_parameters = def.integration_parameters();
    let world = commands
        .spawn((
            Name::new("Physics world"),
            simulation,
            RapierConfiguration {
                gravity: Vec3::new(GRAVITY.x, GRAVITY.y, GRAVITY.z),
                ..RapierConfiguration::new(def.length_unit)
            },
            extra.clone(),
        ))
        .id();
    let bodies = def
        .bodies
        .iter()
        .map(|b| spawn_body(commands, world, b, extra.clone()))
        .collect();
    commands.entity(world).insert(LiveWorld {
        bodies,
        handles: None,
    });
    world
}

/// One body into a live world. Every body carries the same components (fixed ones with no
/// damping, no CCD and no events), so bevy_rapier3d takes them in the order they were spawned,
/// as the pure host inserts them.
pub fn spawn_body(
    commands: &mut Commands,
    world: Entity,
    b: &BodyDef,
    extra: impl Bundle,
) -> Entity {
    let (t, r) = (b.pose.translation, b.pose.rotation);
    let (shape, threshold) = b.shape_and_threshold();
    let (events, threshold) = match threshold {
        Some(t) => (ActiveEvents::CONTACT_FORCE_EVENTS, t),
        None => (ActiveEvents::empty(), 0.0),
    };
    commands
        .spawn((
            (
                Name::new(b.name),
                LiveBody {
                    world,
                    surface: b.surface,
                    threshold,
                },
                RapierContextEntityLink(world),
                Transform::from_translation(Vec3::new(t.x, t.y, t.z))
                    .with_rotation(Quat::from_xyzw(r.x, r.y, r.z, r.w)),
                if b.dynamic {
                    RigidBody::Dynamic
                } else {
                    RigidBody::Fixed
                },
                Collider::from(shape),
            ),
            (
                ColliderMassProperties::Density(b.material.density),
                Friction::new(b.material.friction),
                Restitution::new(b.material.restitution),
                Damping {
                    linear_damping: b.linear_damping,
                    angular_damping: b.angular_damping,
                },
                Ccd { enabled: b.ccd },
                events,
                ContactForceEventThreshold(threshold),
            ),
            extra,
        ))
        .id()
}

/// A world's context: what it was spawned with and its rapier sets.
pub type WorldParts = (
    &'static mut LiveWorld,
    &'static mut RapierRigidBodySet,
    &'static mut RapierContextColliders,
);

/// The worlds (with `D` alongside, filtered by `F`), for the systems around each step.
pub type SetsQuery<'w, 's, F = (), D = ()> = Query<'w, 's, (WorldParts, D), F>;

/// One world's context, as a system has it.
pub type WorldMut<'a> = (
    Mut<'a, LiveWorld>,
    Mut<'a, RapierRigidBodySet>,
    Mut<'a, RapierContextColliders>,
);

/// Runs `f` with a bound world's handles and sets; `None` until the world is bound.
pub fn with_sets<R>(
    (live, bodies, colliders): WorldMut,
    f: impl FnOnce(&[Handles], &mut Sets) -> R,
) -> Option<R> {
    let handles = live.handles.as_ref()?;
    let mut sets = Sets {
        bodies: &mut bodies.into_inner().bodies,
        colliders: &mut colliders.into_inner().colliders,
    };
    Some(f(handles, &mut sets))
}

/// A world's bodies are bound to their rapier handles once bevy_rapier3d has taken them all in.
fn bind_worlds(mut worlds: SetsQuery) {
    for ((mut live, bodies, colliders), ()) in &mut worlds {
        if live.handles.is_some() {
            continue;
        }
        live.handles = live
            .bodies
            .iter()
            .map(|e| handles_of(*e, &bodies, &colliders))
            .collect();
    }
}

/// A body's handles, once bevy_rapier3d has taken it in.
pub fn handles_of(
    e: Entity,
    bodies: &RapierRigidBodySet,
    colliders: &RapierContextColliders,
) -> Option<Handles> {
    Some((
        *bodies.entity2body().get(&e)?,
        *colliders.entity2collider().get(&e)?,
    ))
}

/// Steps a body pair must have been apart (no force over the threshold) for a new impact.
const IMPACT_GAP_STEPS: u64 = 6;

/// Contact forces over a body's threshold become impacts: one per pair per knock, not one per
/// step while they press.
fn impacts(
    mut forces: MessageReader<ContactForceEvent>,
    bodies: Query<&LiveBody>,
    mut out: MessageWriter<Impact>,
    mut step: Local<u64>,
    mut last: Local<HashMap<(Entity, Entity), u64>>,
) {
    *step += 1;
    for f in forces.read() {
        let (Ok(a), Ok(b)) = (bodies.get(f.collider1), bodies.get(f.collider2)) else {
            continue;
        };
        // The moving body is the one that strikes (a die, not the tray).
        let (body, striker, other) = if a.threshold > 0.0 {
            (f.collider1, a, b)
        } else {
            (f.collider2, b, a)
        };
        let pair = (f.collider1.min(f.collider2), f.collider1.max(f.collider2));
        let fresh = last
            .insert(pair, *step)
            .is_none_or(|seen| *step - seen > IMPACT_GAP_STEPS);
        if fresh && striker.threshold > 0.0 {
            out.write(Impact {
                body,
                what: striker.surface,
                against: other.surface,
                force: f.total_force_magnitude,
                strength: f.total_force_magnitude / striker.threshold,
            });
        }
    }
    // Forget pairs long apart.
    let now = *step;
    last.retain(|_, seen| now - *seen <= IMPACT_GAP_STEPS);
}
