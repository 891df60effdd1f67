//! The Kugelbox: a box whose floor has 25 holes (5 × 5) over a lower floor, so a ball that drops
//! into a hole rests in its pocket; a runway at the near end where the two balls (one red) start;
//! side and far walls. A throw gives both balls the same direction, strength and spin from one
//! hand (with a little seeded scatter between them); they roll until both rest or leave the box, or
//! the time limit passes. A ball resting in a pocket is in; anything else is out. The outcome is
//! the rules' [`Throw`] action.

use rapier3d::prelude::*;

use super::{STEP_S, new_world};
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

/// The box and its two balls.
pub struct Kugelbox {
    world: PhysicsWorld,
    /// Red first.
    balls: [RigidBodyHandle; 2],
    time_limit_s: f32,
}

impl Kugelbox {
    /// A box whose throws end after `time_limit_s` of game time at the latest.
    pub fn new(time_limit_s: f32) -> Kugelbox {
        let mut world = new_world(0.02);
        let plate = |world: &mut PhysicsWorld, x0: f32, x1: f32, z0: f32, z1: f32| {
            if x1 - x0 > 1e-5 && z1 - z0 > 1e-5 {
                world.insert(
                    RigidBodyBuilder::fixed().translation(Vector::new(
                        (x0 + x1) / 2.0,
                        -PLATE / 2.0,
                        (z0 + z1) / 2.0,
                    )),
                    ColliderBuilder::cuboid((x1 - x0) / 2.0, PLATE / 2.0, (z1 - z0) / 2.0)
                        .friction(0.5)
                        .restitution(0.2),
                );
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
            plate(&mut world, -HALF_W, HALF_W, pair[0], pair[1]);
        }
        for row in 1..=GRID {
            let (_, z) = hole_centre(Hole(row, 1));
            let mut x = -HALF_W;
            for col in 1..=GRID {
                let (hx, _) = hole_centre(Hole(row, col));
                plate(&mut world, x, hx - half, z - half, z + half);
                x = hx + half;
            }
            plate(&mut world, x, HALF_W, z - half, z + half);
        }
        // The pockets' floor, the walls (the near end is open).
        let t = 0.01;
        let length = NEAR_END - FAR_WALL;
        let mid_z = (NEAR_END + FAR_WALL) / 2.0;
        world.insert(
            RigidBodyBuilder::fixed().translation(Vector::new(0.0, -PLATE - t, mid_z)),
            ColliderBuilder::cuboid(HALF_W + t, t, length / 2.0 + t).friction(0.6),
        );
        for (x, z, hx, hz) in [
            (HALF_W + t, mid_z, t, length / 2.0 + t),
            (-HALF_W - t, mid_z, t, length / 2.0 + t),
            (0.0, FAR_WALL - t, HALF_W + 2.0 * t, t),
        ] {
            world.insert(
                RigidBodyBuilder::fixed().translation(Vector::new(x, WALL_H / 2.0 - PLATE, z)),
                ColliderBuilder::cuboid(hx, WALL_H / 2.0 + PLATE / 2.0, hz)
                    .friction(0.2)
                    .restitution(0.5),
            );
        }
        let ball = |world: &mut PhysicsWorld, x: f32| {
            world
                .insert(
                    RigidBodyBuilder::dynamic()
                        .translation(Vector::new(x, BALL_R, NEAR_END - 0.03))
                        // Rolling resistance of the wooden floor.
                        .linear_damping(0.6)
                        .angular_damping(0.6)
                        .ccd_enabled(true),
                    ColliderBuilder::ball(BALL_R)
                        .density(2500.0)
                        .friction(0.4)
                        .restitution(0.3),
                )
                .0
        };
        let red = ball(&mut world, -0.02);
        let other = ball(&mut world, 0.02);
        Kugelbox {
            world,
            balls: [red, other],
            time_limit_s,
        }
    }

    /// The balls' positions, red first.
    pub fn ball_positions(&self) -> [Vector; 2] {
        self.balls.map(|b| self.world.bodies[b].translation())
    }

    fn out_of_box(p: Vector) -> bool {
        p.z > NEAR_END || p.z < FAR_WALL - 0.05 || p.x.abs() > HALF_W + 0.05 || p.y < -0.1
    }

    /// Where a resting ball is: a hole when it sits in a pocket.
    fn rest_place(p: Vector) -> Option<Hole> {
        if p.y < 0.0 { hole_at(p.x, p.z) } else { None }
    }

    /// Throws both balls and simulates to the end: where each ended. Every throw starts from a
    /// fresh box, so a throw and a seed always end the same way (the AI's sampling relies on it).
    pub fn throw(&mut self, t: KugelThrow, seed: u64) -> KugelOutcome {
        *self = Kugelbox::new(self.time_limit_s);
        let mut rng = SplitMix::new(seed, 0xB411);
        let mut jitter = |a: f32| (rng.below(2001) as f32 / 1000.0 - 1.0) * a;
        let speed = 0.25 + 1.75 * t.strength.clamp(0.0, 1.0);
        for (i, b) in self.balls.into_iter().enumerate() {
            let x = if i == 0 { -0.018 } else { 0.018 };
            let dir = t.direction + jitter(0.03);
            let v = speed * (1.0 + jitter(0.04));
            let body = &mut self.world.bodies[b];
            body.set_position(
                Pose::from_translation(Vector::new(x + jitter(0.002), BALL_R, NEAR_END - 0.03)),
                true,
            );
            let vel = Vector::new(dir.sin() * v, 0.0, -dir.cos() * v);
            body.set_linvel(vel, true);
            // Rolling without slipping about the axis across the motion, plus spin.
            let across = Vector::new(-dir.cos(), 0.0, -dir.sin());
            let roll = v / BALL_R * (1.0 + t.spin.clamp(-1.0, 1.0));
            body.set_angvel(across * roll, true);
        }
        let limit = (self.time_limit_s / STEP_S).ceil() as u32;
        let mut quiet = [0u32; 2];
        let mut gone = [false; 2];
        let mut steps = 0;
        let mut settled = false;
        while steps < limit {
            self.world.step();
            steps += 1;
            for i in 0..2 {
                if gone[i] {
                    continue;
                }
                let b = &self.world.bodies[self.balls[i]];
                if Self::out_of_box(b.translation()) {
                    gone[i] = true;
                    continue;
                }
                let still =
                    b.is_sleeping() || (b.linvel().length() < 0.004 && b.angvel().length() < 0.5);
                quiet[i] = if still { quiet[i] + 1 } else { 0 };
            }
            if (0..2).all(|i| gone[i] || quiet[i] >= QUIET_STEPS) {
                settled = true;
                break;
            }
        }
        let place = |i: usize| {
            let rests = !gone[i] && quiet[i] >= QUIET_STEPS;
            rests
                .then(|| Self::rest_place(self.world.bodies[self.balls[i]].translation()))
                .flatten()
        };
        let (mut red, mut other) = (place(0), place(1));
        // One hole holds one ball; should physics ever stack two, the lower one is in.
        let shared_hole = red.is_some() && red == other;
        if shared_hole {
            let [r, o] = self.ball_positions();
            if r.y <= o.y {
                other = None;
            } else {
                red = None;
            }
        }
        KugelOutcome {
            throw: Throw { red, other },
            settle_s: steps as f32 * STEP_S,
            settled,
            steps,
            shared_hole,
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
