//! The Kugelbox: a box whose floor has 25 holes (5 × 5) over a lower floor, so a ball that drops
//! into a hole rests in its pocket; a runway at the near end where the two balls (one red) start;
//! side and far walls. A throw gives both balls the same direction, strength and spin from one
//! hand (with a little seeded scatter between them); they roll until both rest or leave the box, or
//! the time limit passes. A ball resting in a pocket is in; anything else is out. The outcome is
//! the rules' [`Throw`] action.

use rapier3d::prelude::*;

use super::STEP_S;
use super::body::{BodyDef, Handles, Material, Sets, Shape, Surface, WorldDef, sets};
use crate::rules::kugelbox::{Hole, Throw};
use crate::rules::rng::SplitMix;

/// Rows and columns of holes.
pub const GRID: u8 = 5;
/// Distance between hole centres, metres.
pub const PITCH: f32 = 0.055;
/// A hole's side (a square opening): wider than a ball, narrower than two.
pub const HOLE: f32 = 0.027;
/// The ball's radius.
pub const BALL_R: f32 = 0.010;
/// The plate's thickness: how deep a pocket is.
pub const PLATE: f32 = 0.012;
/// Inner half-width of the box (x).
pub const HALF_W: f32 = GRID as f32 * PITCH / 2.0 + 0.01;
/// The hole field runs from the far wall (z < 0) to `FIELD_NEAR`; the runway from there to
/// `NEAR_END`, which is open.
pub const FAR_WALL: f32 = -(GRID as f32 * PITCH) / 2.0 - 0.01;
pub const FIELD_NEAR: f32 = (GRID as f32 * PITCH) / 2.0;
pub const NEAR_END: f32 = FIELD_NEAR + 0.16;
const WALL_H: f32 = 0.04;

/// Steps in a row a ball must be still to count as resting.
const QUIET_STEPS: u32 = 15;

/// How a throw is made: direction (radians, 0 straight up the box, positive to the right),
/// strength 0–1 (the speed the balls leave the hand with) and spin (−1 to 1: backspin to
/// topspin).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct KugelThrow {
    pub direction: f32,
    pub strength: f32,
    pub spin: f32,
}

/// Where a throw ended and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KugelOutcome {
    pub throw: Throw,
    /// Game time until both balls rested or left (the limit when one still moved).
    pub settle_s: f32,
    /// Both balls came to rest (or left the box) before the limit.
    pub settled: bool,
    pub steps: u32,
    /// Both balls were found resting over one hole (never, with a hole narrower than two balls;
    /// the lower one would count).
    pub shared_hole: bool,
}

/// The centre (x, z) of hole (row, column): row 1 nearest the thrower, column 1 on the left.
pub fn hole_centre(h: Hole) -> (f32, f32) {
    let c = (GRID as f32 - 1.0) / 2.0;
    let x = (h.1 as f32 - 1.0 - c) * PITCH;
    let z = (c - (h.0 as f32 - 1.0)) * PITCH;
    (x, z)
}

/// The hole whose opening contains (x, z), if any.
pub fn hole_at(x: f32, z: f32) -> Option<Hole> {
    let c = (GRID as f32 - 1.0) / 2.0;
    let col = (x / PITCH + c).round();
    let row = (c - z / PITCH).round();
    if !(0.0..GRID as f32).contains(&col) || !(0.0..GRID as f32).contains(&row) {
        return None;
    }
    let h = Hole(row as u8 + 1, col as u8 + 1);
    let (hx, hz) = hole_centre(h);
    ((x - hx).abs() < HOLE / 2.0 && (z - hz).abs() < HOLE / 2.0).then_some(h)
}

/// The box's bodies before the balls: the plate's pieces, the pockets' floor and three walls.
/// The balls are the last two bodies, red first.
pub fn box_def() -> WorldDef {
    let wood = |friction: f32, restitution: f32| Material {
        density: 700.0,
        friction,
        restitution,
    };
    let mut bodies = Vec::new();
    let mut plate = |x0: f32, x1: f32, z0: f32, z1: f32| {
        if x1 - x0 > 1e-5 && z1 - z0 > 1e-5 {
            bodies.push(BodyDef::fixed(
                "plate",
                Vector::new((x0 + x1) / 2.0, -PLATE / 2.0, (z0 + z1) / 2.0),
                Shape::Cuboid(Vector::new((x1 - x0) / 2.0, PLATE / 2.0, (z1 - z0) / 2.0)),
                wood(0.5, 0.2),
                Surface::Wood,
            ));
        }
    };
    // The plate: strips between the rows of holes, and blocks between the holes of a row.
    let half = HOLE / 2.0;
    let mut z_edges = vec![FAR_WALL];
    for row in (1..=GRID).rev() {
        let (_, z) = hole_centre(Hole(row, 1));
        z_edges.push(z - half);
        z_edges.push(z + half);
    }
    z_edges.push(NEAR_END);
    // Full-width strips: far edge to row 5, between rows, row 1 to the near end (the runway).
    for pair in z_edges.chunks(2) {
        plate(-HALF_W, HALF_W, pair[0], pair[1]);
    }
    for row in 1..=GRID {
        let (_, z) = hole_centre(Hole(row, 1));
        let mut x = -HALF_W;
        for col in 1..=GRID {
            let (hx, _) = hole_centre(Hole(row, col));
            plate(x, hx - half, z - half, z + half);
            x = hx + half;
        }
        plate(x, HALF_W, z - half, z + half);
    }
    // The pockets' floor, the walls (the near end is open).
    let t = 0.01;
    let length = NEAR_END - FAR_WALL;
    let mid_z = (NEAR_END + FAR_WALL) / 2.0;
    bodies.push(BodyDef::fixed(
        "pockets' floor",
        Vector::new(0.0, -PLATE - t, mid_z),
        Shape::Cuboid(Vector::new(HALF_W + t, t, length / 2.0 + t)),
        wood(0.6, 0.0),
        Surface::Wood,
    ));
    for (x, z, hx, hz) in [
        (HALF_W + t, mid_z, t, length / 2.0 + t),
        (-HALF_W - t, mid_z, t, length / 2.0 + t),
        (0.0, FAR_WALL - t, HALF_W + 2.0 * t, t),
    ] {
        bodies.push(BodyDef::fixed(
            "box wall",
            Vector::new(x, WALL_H / 2.0 - PLATE, z),
            Shape::Cuboid(Vector::new(hx, WALL_H / 2.0 + PLATE / 2.0, hz)),
            wood(0.2, 0.5),
            Surface::Wood,
        ));
    }
    for x in [-0.02, 0.02] {
        bodies.push(
            BodyDef::dynamic(
                "ball",
                Pose::from_translation(Vector::new(x, BALL_R, NEAR_END - 0.03)),
                Shape::Ball(BALL_R),
                BALL_MATERIAL,
                Surface::Ball,
            )
            // Rolling resistance of the wooden floor.
            .damping(0.6, 0.6),
        );
    }
    WorldDef {
        length_unit: 0.02,
        bodies,
    }
}

/// The balls.
pub const BALL_MATERIAL: Material = Material {
    density: 2500.0,
    friction: 0.4,
    restitution: 0.3,
};

/// A throw of both balls over whichever host holds the box: it sets the balls off before the
/// next step, follows them after each step and reads where they end.
#[derive(Clone, Debug)]
pub struct KugelThrower {
    /// The balls' bodies, red first.
    balls: Option<[RigidBodyHandle; 2]>,
    time_limit_s: f32,
    request: Option<(KugelThrow, u64)>,
    /// The throw in progress: steps, each ball's quiet steps and whether it left the box.
    progress: Option<(u32, [u32; 2], [bool; 2])>,
}

impl KugelThrower {
    /// A thrower whose throws end after `time_limit_s` of game time at the latest.
    pub fn new(time_limit_s: f32) -> KugelThrower {
        KugelThrower {
            balls: None,
            time_limit_s,
            request: None,
            progress: None,
        }
    }

    /// Binds the thrower to the balls: the world's handles in [`box_def`]'s order.
    pub fn bind(&mut self, world: &[Handles]) {
        if let [.., red, other] = world {
            self.balls = Some([red.0, other.0]);
        }
    }

    pub fn bound(&self) -> bool {
        self.balls.is_some()
    }

    /// Throws both balls before the next step; a throw is in progress from now.
    pub fn start(&mut self, t: KugelThrow, seed: u64) {
        self.request = Some((t, seed));
        self.progress = Some((0, [0; 2], [false; 2]));
    }

    /// Whether a throw is in progress.
    pub fn throwing(&self) -> bool {
        self.progress.is_some()
    }

    /// Sets the balls off, just before a step.
    pub fn before_step(&mut self, sets: &mut Sets) {
        let Some(balls) = self.balls else { return };
        let Some((t, seed)) = self.request.take() else {
            return;
        };
        let mut rng = SplitMix::new(seed, 0xB411);
        let mut jitter = |a: f32| (rng.below(2001) as f32 / 1000.0 - 1.0) * a;
        let speed = 0.25 + 1.75 * t.strength.clamp(0.0, 1.0);
        for (i, b) in balls.into_iter().enumerate() {
            let x = if i == 0 { -0.018 } else { 0.018 };
            let dir = t.direction + jitter(0.03);
            let v = speed * (1.0 + jitter(0.04));
            let at = Vector::new(x + jitter(0.002), BALL_R, NEAR_END - 0.03);
            let vel = Vector::new(dir.sin() * v, 0.0, -dir.cos() * v);
            // Rolling without slipping about the axis across the motion, plus spin.
            let across = Vector::new(-dir.cos(), 0.0, -dir.sin());
            let roll = v / BALL_R * (1.0 + t.spin.clamp(-1.0, 1.0));
            sets.put(b, Pose::from_translation(at), vel, across * roll);
        }
    }

    /// After a step: where the throw ended, once both balls rest or left the box (or the time
    /// limit passed).
    pub fn after_step(&mut self, sets: &mut Sets) -> Option<KugelOutcome> {
        let balls = self.balls?;
        if self.request.is_some() {
            return None;
        }
        let (mut steps, mut quiet, mut gone) = self.progress?;
        steps += 1;
        for i in 0..2 {
            if gone[i] {
                continue;
            }
            if out_of_box(sets.pose(balls[i]).translation) {
                gone[i] = true;
                continue;
            }
            quiet[i] = if sets.still(balls[i], 0.004, 0.5) {
                quiet[i] + 1
            } else {
                0
            };
        }
        let settled = (0..2).all(|i| gone[i] || quiet[i] >= QUIET_STEPS);
        let limit = (self.time_limit_s / STEP_S).ceil() as u32;
        if !settled && steps < limit {
            self.progress = Some((steps, quiet, gone));
            return None;
        }
        self.progress = None;
        let at = balls.map(|b| sets.pose(b).translation);
        let place = |i: usize| {
            let rests = !gone[i] && quiet[i] >= QUIET_STEPS;
            rests.then(|| rest_place(at[i])).flatten()
        };
        let (mut red, mut other) = (place(0), place(1));
        // One hole holds one ball; should physics ever stack two, the lower one is in.
        let shared_hole = red.is_some() && red == other;
        if shared_hole {
            if at[0].y <= at[1].y {
                other = None;
            } else {
                red = None;
            }
        }
        Some(KugelOutcome {
            throw: Throw { red, other },
            settle_s: steps as f32 * STEP_S,
            settled,
            steps,
            shared_hole,
        })
    }
}

fn out_of_box(p: Vector) -> bool {
    p.z > NEAR_END || p.z < FAR_WALL - 0.05 || p.x.abs() > HALF_W + 0.05 || p.y < -0.1
}

/// Where a resting ball is: a hole when it sits in a pocket.
fn rest_place(p: Vector) -> Option<Hole> {
    if p.y < 0.0 { hole_at(p.x, p.z) } else { None }
}

/// The box and its two balls: the pure host of [`box_def`] and a [`KugelThrower`].
pub struct Kugelbox {
    world: PhysicsWorld,
    thrower: KugelThrower,
}

impl Kugelbox {
    /// A box whose throws end after `time_limit_s` of game time at the latest.
    pub fn new(time_limit_s: f32) -> Kugelbox {
        let (world, handles) = box_def().build();
        let mut thrower = KugelThrower::new(time_limit_s);
        thrower.bind(&handles);
        Kugelbox { world, thrower }
    }

    /// Throws both balls and simulates to the end: where each ended. Every throw starts from a
    /// fresh box, so a throw and a seed always end the same way (the AI's sampling relies on it).
    pub fn throw(&mut self, t: KugelThrow, seed: u64) -> KugelOutcome {
        *self = Kugelbox::new(self.thrower.time_limit_s);
        self.thrower.start(t, seed);
        loop {
            self.thrower.before_step(&mut sets(&mut self.world));
            self.world.step();
            if let Some(out) = self.thrower.after_step(&mut sets(&mut self.world)) {
                return out;
            }
        }
    }

    /// Samples throws (directions × strengths, deterministic) until the red ball rests in
    /// `target`: the throw and the seed that do it, if any within `tries`.
    pub fn aim(&mut self, target: Hole, tries: u32, seed: u64) -> Option<(KugelThrow, u64)> {
        let (x, z) = hole_centre(target);
        let start_z = NEAR_END - 0.03;
        let base = (x + 0.018).atan2(start_z - z);
        let mut rng = SplitMix::new(seed, 0xA1);
        for i in 0..tries {
            let t = KugelThrow {
                direction: base + (rng.below(2001) as f32 / 1000.0 - 1.0) * 0.08,
                strength: rng.below(1001) as f32 / 1000.0,
                spin: 0.0,
            };
            let s = seed.wrapping_add(i as u64);
            if self.throw(t, s).throw.red == Some(target) {
                return Some((t, s));
            }
        }
        None
    }
}

/// The AI plans its throws in the physics box itself.
impl crate::ai::kugelbox::ThrowModel for Kugelbox {
    fn outcome(&mut self, plan: crate::ai::kugelbox::ThrowPlan, seed: u64) -> Throw {
        let t = KugelThrow {
            direction: plan.direction,
            strength: plan.strength,
            spin: plan.spin,
        };
        self.throw(t, seed).throw
    }
}
