//! Bodies defined once. Every physics world (the dice tray, the Kugelbox, the tile table) is
//! written as a [`WorldDef`]: its length unit and an ordered list of [`BodyDef`]s, each a shape,
//! a pose, a [`Material`], damping and CCD. Two hosts build from the same definition, in the same
//! order: [`WorldDef::build`] makes a pure rapier world (the AI, the command line, the benches),
//! and the game spawns one entity per body with bevy_rapier3d's components. The logic that
//! throws and reads the bodies is written over rapier's body and collider sets ([`Sets`]), which
//! both hosts hold, so it is written once too.

use rapier3d::prelude::*;

use super::STEP_S;

/// What a body is made of and what it is, for the sound of an impact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// A die (bone-like resin).
    Die,
    /// A Kugelbox ball (steel).
    Ball,
    /// A domino tile.
    Tile,
    /// The felt floor of the dice tray.
    Felt,
    /// A wooden wall, frame or plate.
    Wood,
    /// The table top under the tiles.
    Table,
}

/// A body's shape, in its own frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A box of these half-extents.
    Cuboid(Vector),
    /// A box of these half-extents (inside the rounding) with edges rounded by the radius.
    RoundCuboid(Vector, f32),
    Ball(f32),
    /// The convex hull of these points.
    Hull(Vec<Vector>),
}

impl Shape {
    /// The shape as rapier holds it (the same for both hosts).
    pub fn shared(&self) -> SharedShape {
        match self {
            Shape::Cuboid(h) => SharedShape::cuboid(h.x, h.y, h.z),
            Shape::RoundCuboid(h, r) => SharedShape::round_cuboid(h.x, h.y, h.z, *r),
            Shape::Ball(r) => SharedShape::ball(*r),
            Shape::Hull(points) => SharedShape::convex_hull(points)
                .unwrap_or_else(|| SharedShape::ball(hull_radius(points))),
        }
    }
}

/// The largest distance of a point from the origin (a hull's bounding ball, should the hull fail).
fn hull_radius(points: &[Vector]) -> f32 {
    points.iter().map(|p| p.length()).fold(0.001, f32::max)
}

/// Density (kg/m³), friction and restitution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Material {
    pub density: f32,
    pub friction: f32,
    pub restitution: f32,
}

/// One body of a world: a single collider on a fixed or dynamic rigid body.
#[derive(Clone, Debug, PartialEq)]
pub struct BodyDef {
    pub name: &'static str,
    pub dynamic: bool,
    pub pose: Pose,
    pub shape: Shape,
    pub material: Material,
    pub linear_damping: f32,
    pub angular_damping: f32,
    pub ccd: bool,
    pub surface: Surface,
}

/// A dynamic body's impacts are reported above this many times its weight.
pub const IMPACT_WEIGHTS: f32 = 4.0;

impl BodyDef {
    /// A fixed body.
    pub fn fixed(
        name: &'static str,
        at: Vector,
        shape: Shape,
        material: Material,
        surface: Surface,
    ) -> BodyDef {
        let mut b = BodyDef::dynamic(name, Pose::from_translation(at), shape, material, surface);
        b.dynamic = false;
        b.ccd = false;
        b
    }

    /// A dynamic body with continuous collision detection.
    pub fn dynamic(
        name: &'static str,
        pose: Pose,
        shape: Shape,
        material: Material,
        surface: Surface,
    ) -> BodyDef {
        BodyDef {
            name,
            dynamic: true,
            pose,
            shape,
            material,
            linear_damping: 0.0,
            angular_damping: 0.0,
            ccd: true,
            surface,
        }
    }

    pub fn damping(mut self, linear: f32, angular: f32) -> BodyDef {
        self.linear_damping = linear;
        self.angular_damping = angular;
        self
    }

    /// The rigid body as the pure world builds it.
    pub fn rigid_body(&self) -> RigidBodyBuilder {
        let b = if self.dynamic {
            RigidBodyBuilder::dynamic()
        } else {
            RigidBodyBuilder::fixed()
        };
        b.pose(self.pose)
            .linear_damping(self.linear_damping)
            .angular_damping(self.angular_damping)
            .ccd_enabled(self.ccd)
    }

    /// The shape as rapier holds it, and the contact force (newtons) above which this body's
    /// contacts count as impacts: a few times its weight (a resting body presses with about one
    /// weight). Fixed bodies report nothing themselves; the dynamic body touching them does.
    pub fn shape_and_threshold(&self) -> (SharedShape, Option<f32>) {
        let shape = self.shape.shared();
        let threshold = self.dynamic.then(|| {
            let mass = shape.mass_properties(self.material.density).mass();
            IMPACT_WEIGHTS * mass * -GRAVITY.y
        });
        (shape, threshold)
    }

    /// The collider as the pure world builds it.
    pub fn collider(&self) -> ColliderBuilder {
        let (shape, threshold) = self.shape_and_threshold();
        let c = ColliderBuilder::new(shape)
            .density(self.material.density)
            .friction(self.material.friction)
            .restitution(self.material.restitution);
        match threshold {
            Some(t) => c
                .active_events(ActiveEvents::CONTACT_FORCE_EVENTS)
                .contact_force_event_threshold(t),
            None => c,
        }
    }
}

/// A world: its length unit (about how large its objects are, metres) and its bodies, in the
/// order both hosts insert them.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldDef {
    pub length_unit: f32,
    pub bodies: Vec<BodyDef>,
}

/// The handles of one body in a world, in its definition's order.
pub type Handles = (RigidBodyHandle, ColliderHandle);

impl WorldDef {
    /// The integration parameters both hosts step with.
    pub fn integration_parameters(&self) -> IntegrationParameters {
        IntegrationParameters {
            dt: STEP_S,
            length_unit: self.length_unit,
            ..IntegrationParameters::default()
        }
    }

    /// The pure world, and each body's handles.
    pub fn build(&self) -> (PhysicsWorld, Vec<Handles>) {
        let mut world = PhysicsWorld::new();
        world.gravity = GRAVITY;
        world.integration_parameters = self.integration_parameters();
        let handles = self
            .bodies
            .iter()
            .map(|b| world.insert(b.rigid_body(), b.collider()))
            .collect();
        (world, handles)
    }
}

/// Gravity in both hosts, m/s².
pub const GRAVITY: Vector = Vector::new(0.0, -9.81, 0.0);

/// A world's bodies and colliders, from whichever host holds them.
pub struct Sets<'a> {
    pub bodies: &'a mut RigidBodySet,
    pub colliders: &'a mut ColliderSet,
}

impl Sets<'_> {
    /// A body's pose.
    pub fn pose(&self, h: RigidBodyHandle) -> Pose {
        self.bodies.get(h).map_or(Pose::IDENTITY, |b| *b.position())
    }

    /// Whether a body has been still: asleep, or slower than these speeds.
    pub fn still(&self, h: RigidBodyHandle, linear: f32, angular: f32) -> bool {
        self.bodies.get(h).is_some_and(|b| {
            b.is_sleeping() || (b.linvel().length() < linear && b.angvel().length() < angular)
        })
    }

    /// Puts a body at a pose with these velocities (waking it).
    pub fn put(&mut self, h: RigidBodyHandle, pose: Pose, linvel: Vector, angvel: Vector) {
        if let Some(b) = self.bodies.get_mut(h) {
            b.set_position(pose, true);
            b.set_linvel(linvel, true);
            b.set_angvel(angvel, true);
        }
    }

    /// Gives a body new velocities where it is.
    pub fn push(&mut self, h: RigidBodyHandle, linvel: Vector, angvel: Vector) {
        if let Some(b) = self.bodies.get_mut(h) {
            b.set_linvel(linvel, true);
            b.set_angvel(angvel, true);
        }
    }

    /// Turns a collider within its body.
    pub fn turn_collider(&mut self, c: ColliderHandle, turn: Rotation) {
        if let Some(c) = self.colliders.get_mut(c) {
            c.set_position_wrt_parent(Pose::from_parts(Vector::ZERO, turn));
        }
    }
}

/// A pure world's sets.
pub fn sets(world: &mut PhysicsWorld) -> Sets<'_> {
    Sets {
        bodies: &mut world.bodies,
        colliders: &mut world.colliders,
    }
}
