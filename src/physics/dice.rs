//! Dice that really roll: d6 (a cube with rounded edges) and d12 (a true dodecahedron) thrown
//! from a hand position into a walled tray, simulated by rapier at a fixed timestep.
//!
//! A roll ends when every die has been quiet for a while (or rapier put it to sleep). The top face
//! is the face whose normal points most nearly up. A die resting cocked (its top face more than
//! [`COCKED_DEG`] off level: leaning on a wall or another die) is nudged, and re-thrown after
//! [`MAX_NUDGES`]; a die that leaves the tray is brought back and re-thrown; a roll still moving at
//! [`ATTEMPT_CAP_S`] re-throws what moves. After [`MAX_ATTEMPTS`] the die is laid flat on its
//! most nearly upward face, so a roll always ends and a face is never misread.

use rapier3d::prelude::*;

use super::{Flick, STEP_S, new_world, random_rotation};
use crate::rules::marbles::Die;
use crate::rules::rng::SplitMix;

/// Steps in a row a die must be still to count as resting.
pub const QUIET_STEPS: u32 = 12;
/// A die whose top face is further than this off level is cocked.
pub const COCKED_DEG: f32 = 8.0;
pub const MAX_NUDGES: u32 = 3;
/// Game time one attempt may take before what still moves is thrown again.
pub const ATTEMPT_CAP_S: f32 = 6.0;
pub const MAX_ATTEMPTS: u32 = 4;

/// The tray: inner half-width (x), half-depth (z), wall height, metres.
pub const TRAY_HALF_W: f32 = 0.20;
pub const TRAY_HALF_D: f32 = 0.14;
pub const TRAY_WALL_H: f32 = 0.08;

/// A d6's edge, metres (a 16 mm die), and the radius of its rounded edges.
pub const D6_EDGE: f32 = 0.016;
pub const D6_ROUND: f32 = 0.0015;
/// A d12's inradius (centre to face), metres.
pub const D12_INRADIUS: f32 = 0.0095;

const DENSITY: f32 = 1200.0;
const FRICTION: f32 = 0.45;
const RESTITUTION: f32 = 0.35;

/// The golden ratio.
const PHI: f32 = 1.618_034;

/// A die's faces: each outward normal (in the die's own frame) with the number on it.
pub fn faces(die: Die) -> Vec<(Vector, u8)> {
    match die {
        Die::D6 => vec![
            (Vector::X, 1),
            (-Vector::X, 6),
            (Vector::Y, 2),
            (-Vector::Y, 5),
            (Vector::Z, 3),
            (-Vector::Z, 4),
        ],
        Die::D12 => {
            // The face normals of the dodecahedron below (each touching five of its vertices):
            // (0, ±φ, ±1), (±1, 0, ±φ), (±φ, ±1, 0). Opposite faces add up to 13.
            let half = [
                Vector::new(0.0, PHI, 1.0),
                Vector::new(0.0, PHI, -1.0),
                Vector::new(1.0, 0.0, PHI),
                Vector::new(-1.0, 0.0, PHI),
                Vector::new(PHI, 1.0, 0.0),
                Vector::new(PHI, -1.0, 0.0),
            ];
            half.iter()
                .enumerate()
                .flat_map(|(i, n)| {
                    let n = n.normalize();
                    [(n, i as u8 + 1), (-n, 12 - i as u8)]
                })
                .collect()
        }
    }
}

/// The dodecahedron's 20 vertices, scaled to [`D12_INRADIUS`].
pub fn d12_vertices() -> Vec<Vector> {
    let ip = 1.0 / PHI;
    let mut v = Vec::with_capacity(20);
    for x in [-1.0, 1.0] {
        for y in [-1.0, 1.0] {
            for z in [-1.0, 1.0] {
                v.push(Vector::new(x, y, z));
            }
        }
    }
    for a in [-1.0, 1.0] {
        for b in [-1.0, 1.0] {
            v.push(Vector::new(0.0, a * ip, b * PHI));
            v.push(Vector::new(a * ip, b * PHI, 0.0));
            v.push(Vector::new(a * PHI, 0.0, b * ip));
        }
    }
    // Centre to face for these vertices: (1 + φ) / √(1 + φ²).
    let inradius = (1.0 + PHI) / (1.0 + PHI * PHI).sqrt();
    v.iter().map(|p| *p * (D12_INRADIUS / inradius)).collect()
}

fn die_collider(die: Die) -> ColliderBuilder {
    let c = match die {
        Die::D6 => {
            let h = D6_EDGE / 2.0 - D6_ROUND;
            ColliderBuilder::round_cuboid(h, h, h, D6_ROUND)
        }
        Die::D12 => ColliderBuilder::convex_hull(&d12_vertices())
            .unwrap_or_else(|| ColliderBuilder::ball(D12_INRADIUS)),
    };
    c.density(DENSITY)
        .friction(FRICTION)
        .restitution(RESTITUTION)
}

/// The face on top of a die at `rotation`, and how far (degrees) that face is off level.
pub fn top_face(die: Die, rotation: Rotation) -> (u8, f32) {
    let mut best = (0u8, -2.0f32);
    for (n, value) in faces(die) {
        let up = (rotation * n).y;
        if up > best.1 {
            best = (value, up);
        }
    }
    (best.0, best.1.clamp(-1.0, 1.0).acos().to_degrees())
}

/// The rotation that lays a die flat with its currently highest face exactly up.
fn laid_flat(die: Die, rotation: Rotation) -> Rotation {
    let (value, _) = top_face(die, rotation);
    let n = faces(die)
        .into_iter()
        .find(|(_, v)| *v == value)
        .map(|(n, _)| n)
        .unwrap_or(Vector::Y);
    let world_n = rotation * n;
    Rotation::from_rotation_arc(world_n, Vector::Y) * rotation
}

/// The outcome of a roll.
#[derive(Clone, Debug, PartialEq)]
pub struct DiceRoll {
    /// One face per die, in the order the dice were given.
    pub faces: Vec<u8>,
    /// Game time from the throw until every die rested (all attempts).
    pub settle_s: f32,
    /// Dice thrown again (left the tray, stayed cocked, or still moving at the cap).
    pub rethrows: u32,
    pub nudges: u32,
    /// Dice laid flat by the last resort.
    pub laid_flat: u32,
    pub steps: u32,
}

struct DieBody {
    die: Die,
    body: RigidBodyHandle,
    quiet: u32,
    nudges: u32,
    attempts: u32,
}

/// A tray with dice in it, ready to throw.
pub struct DiceTray {
    world: PhysicsWorld,
    dice: Vec<DieBody>,
    rng: SplitMix,
    attempt_steps: u32,
    /// The roll in progress.
    progress: Option<DiceRoll>,
}

impl DiceTray {
    /// A tray and one die of each kind listed, resting near the hand.
    pub fn new(dice: &[Die]) -> DiceTray {
        let mut world = new_world(0.01);
        // Floor and four walls.
        let fixed = || RigidBodyBuilder::fixed();
        let t = 0.02;
        world.insert(
            fixed().translation(Vector::new(0.0, -t, 0.0)),
            ColliderBuilder::cuboid(TRAY_HALF_W + t, t, TRAY_HALF_D + t).friction(0.6),
        );
        let h = TRAY_WALL_H / 2.0;
        for (x, z, hx, hz) in [
            (TRAY_HALF_W + t, 0.0, t, TRAY_HALF_D + 2.0 * t),
            (-TRAY_HALF_W - t, 0.0, t, TRAY_HALF_D + 2.0 * t),
            (0.0, TRAY_HALF_D + t, TRAY_HALF_W + 2.0 * t, t),
            (0.0, -TRAY_HALF_D - t, TRAY_HALF_W + 2.0 * t, t),
        ] {
            world.insert(
                fixed().translation(Vector::new(x, h, z)),
                ColliderBuilder::cuboid(hx, h, hz)
                    .friction(0.3)
                    .restitution(0.4),
            );
        }
        let mut bodies = Vec::with_capacity(dice.len());
        for (i, die) in dice.iter().enumerate() {
            let (body, _) = world.insert(
                RigidBodyBuilder::dynamic()
                    .translation(Vector::new(i as f32 * 0.03, 0.02, TRAY_HALF_D - 0.02))
                    .ccd_enabled(true),
                die_collider(*die),
            );
            bodies.push(DieBody {
                die: *die,
                body,
                quiet: 0,
                nudges: 0,
                attempts: 0,
            });
        }
        DiceTray {
            world,
            dice: bodies,
            rng: SplitMix::new(0, 0),
            attempt_steps: 0,
            progress: None,
        }
    }

    /// Each die's pose (translation, rotation), for drawing.
    pub fn poses(&self) -> Vec<(Vector, Rotation)> {
        self.dice
            .iter()
            .map(|d| {
                let b = &self.world.bodies[d.body];
                (b.translation(), *b.rotation())
            })
            .collect()
    }

    /// Puts die `i` in the hand above the near wall and throws it: seeded spin and speed, in the
    /// flick's direction and strength if there is one.
    fn throw_die(&mut self, i: usize, rng: &mut SplitMix, flick: Option<Flick>) {
        let n = self.dice.len() as f32;
        let spread = (i as f32 - (n - 1.0) / 2.0) * 0.028;
        let jitter = |rng: &mut SplitMix, a: f32| (rng.below(2001) as f32 / 1000.0 - 1.0) * a;
        let flick = flick.unwrap_or(Flick {
            direction: jitter(rng, 0.25),
            strength: 0.55 + jitter(rng, 0.2),
        });
        let speed = 0.9 + 1.6 * flick.strength.clamp(0.0, 1.0);
        let dir = flick.direction + jitter(rng, 0.08);
        let start = Vector::new(
            spread + jitter(rng, 0.006),
            0.06 + jitter(rng, 0.01),
            TRAY_HALF_D - 0.03,
        );
        let linvel = Vector::new(
            dir.sin() * speed,
            -0.3 - jitter(rng, 0.2).abs(),
            -dir.cos() * speed,
        );
        let spin = 25.0 + jitter(rng, 15.0).abs();
        let axis = random_rotation(rng) * Vector::X;
        let rotation = random_rotation(rng);
        let d = &mut self.dice[i];
        d.quiet = 0;
        let body = &mut self.world.bodies[d.body];
        body.set_position(Pose::from_parts(start, rotation), true);
        body.set_linvel(linvel, true);
        body.set_angvel(axis * spin, true);
    }

    fn out_of_tray(&self, i: usize) -> bool {
        let p = self.world.bodies[self.dice[i].body].translation();
        p.x.abs() > TRAY_HALF_W + 0.01 || p.z.abs() > TRAY_HALF_D + 0.01 || p.y < -0.01 || p.y > 0.5
    }

    fn is_quiet(&self, i: usize) -> bool {
        let b = &self.world.bodies[self.dice[i].body];
        b.is_sleeping() || (b.linvel().length() < 0.01 && b.angvel().length() < 0.2)
    }

    /// Throws every die (seeded, or by the player's flick) and simulates until all rest.
    pub fn roll(&mut self, seed: u64, flick: Option<Flick>) -> DiceRoll {
        self.start(seed, flick);
        loop {
            if let Some(done) = self.step() {
                return done;
            }
        }
    }

    /// Throws every die; then [`step`](Self::step) until it hands back the roll.
    pub fn start(&mut self, seed: u64, flick: Option<Flick>) {
        let mut rng = SplitMix::new(seed, 0xD1CE);
        for i in 0..self.dice.len() {
            self.dice[i].nudges = 0;
            self.dice[i].attempts = 1;
            self.throw_die(i, &mut rng, flick);
        }
        self.rng = rng;
        self.attempt_steps = 0;
        self.progress = Some(DiceRoll {
            faces: vec![0; self.dice.len()],
            settle_s: 0.0,
            rethrows: 0,
            nudges: 0,
            laid_flat: 0,
            steps: 0,
        });
    }

    /// Whether a roll is in progress.
    pub fn rolling(&self) -> bool {
        self.progress.is_some()
    }

    /// One fixed step of the roll in progress: the roll once every die rests level, else `None`
    /// (also `None` with no roll in progress).
    pub fn step(&mut self) -> Option<DiceRoll> {
        let mut out = self.progress.take()?;
        let mut rng = self.rng;
        let done = self.advance(&mut rng, &mut out);
        self.rng = rng;
        if !done {
            self.progress = Some(out);
            return None;
        }
        out.settle_s = out.steps as f32 * STEP_S;
        for (i, d) in self.dice.iter().enumerate() {
            out.faces[i] = top_face(d.die, *self.world.bodies[d.body].rotation()).0;
        }
        Some(out)
    }

    /// Steps the world once and applies the resting, cocked, out-of-tray and time rules; true
    /// when the roll is over.
    fn advance(&mut self, rng: &mut SplitMix, out: &mut DiceRoll) -> bool {
        let cap_steps = (ATTEMPT_CAP_S / STEP_S) as u32;
        // However the dice fall, a roll ends: past this, every die is laid flat where it is.
        let last_resort = cap_steps * (MAX_ATTEMPTS + 2);
        self.world.step();
        out.steps += 1;
        self.attempt_steps += 1;
        let mut all_rest = true;
        for i in 0..self.dice.len() {
            if self.out_of_tray(i) {
                self.rethrow(i, rng, out);
                all_rest = false;
                continue;
            }
            if self.is_quiet(i) {
                self.dice[i].quiet += 1;
            } else {
                self.dice[i].quiet = 0;
            }
            if self.dice[i].quiet < QUIET_STEPS {
                all_rest = false;
            }
        }
        if out.steps >= last_resort {
            self.lay_all_flat(out);
            return true;
        }
        if all_rest {
            // Everything rests: a cocked die is nudged (or thrown again) and the roll goes on.
            let mut cocked = false;
            for i in 0..self.dice.len() {
                let rot = *self.world.bodies[self.dice[i].body].rotation();
                if top_face(self.dice[i].die, rot).1 > COCKED_DEG {
                    cocked = true;
                    self.unstick(i, rng, out);
                }
            }
            return !cocked;
        }
        if self.attempt_steps >= cap_steps {
            self.attempt_steps = 0;
            for i in 0..self.dice.len() {
                if self.dice[i].quiet < QUIET_STEPS {
                    self.rethrow(i, rng, out);
                }
            }
        }
        false
    }

    /// Puts die `i` somewhere with some velocity, in the middle of a roll (tests, replays).
    pub fn place(&mut self, i: usize, at: Vector, rotation: Rotation, linvel: Vector) {
        if let Some(d) = self.dice.get_mut(i) {
            d.quiet = 0;
            let body = &mut self.world.bodies[d.body];
            body.set_position(Pose::from_parts(at, rotation), true);
            body.set_linvel(linvel, true);
            body.set_angvel(Vector::ZERO, true);
        }
    }

    /// Sets every die down at rest in a row across the tray with the given faces up (a replay
    /// shows its recorded roll so; a test makes the dice it needs). A roll in progress goes on
    /// and ends with these faces.
    pub fn set_down(&mut self, values: &[u8]) {
        let n = self.dice.len() as f32;
        for (i, d) in self.dice.iter_mut().enumerate() {
            let value = values.get(i).copied().unwrap_or(1);
            let up = faces(d.die)
                .into_iter()
                .find(|(_, v)| *v == value)
                .map_or(Vector::Y, |(n, _)| n);
            let half = match d.die {
                Die::D6 => D6_EDGE / 2.0,
                Die::D12 => D12_INRADIUS,
            };
            d.quiet = 0;
            let body = &mut self.world.bodies[d.body];
            let at = Vector::new((i as f32 - (n - 1.0) / 2.0) * 0.05, half + 0.0005, 0.0);
            let rotation = Rotation::from_rotation_arc(up, Vector::Y);
            body.set_position(Pose::from_parts(at, rotation), true);
            body.set_linvel(Vector::ZERO, true);
            body.set_angvel(Vector::ZERO, true);
        }
    }

    /// The last resort: every die laid flat in a row across the tray, on its highest face.
    fn lay_all_flat(&mut self, out: &mut DiceRoll) {
        let n = self.dice.len() as f32;
        for (i, d) in self.dice.iter_mut().enumerate() {
            let body = &mut self.world.bodies[d.body];
            let flat = laid_flat(d.die, *body.rotation());
            let x = (i as f32 - (n - 1.0) / 2.0) * 0.04;
            body.set_position(Pose::from_parts(Vector::new(x, 0.012, 0.0), flat), true);
            body.set_linvel(Vector::ZERO, true);
            body.set_angvel(Vector::ZERO, true);
            out.laid_flat += 1;
        }
    }

    /// A cocked die: nudged a few times, then thrown again, and at last laid flat.
    fn unstick(&mut self, i: usize, rng: &mut SplitMix, out: &mut DiceRoll) {
        let d = &mut self.dice[i];
        d.quiet = 0;
        if d.nudges < MAX_NUDGES {
            d.nudges += 1;
            out.nudges += 1;
            let kick = Vector::new(
                rng.below(200) as f32 / 1000.0 - 0.1,
                0.35,
                rng.below(200) as f32 / 1000.0 - 0.1,
            );
            let body = &mut self.world.bodies[d.body];
            body.set_linvel(kick, true);
            body.set_angvel(random_rotation(rng) * Vector::X * 8.0, true);
        } else {
            d.nudges = 0;
            self.rethrow(i, rng, out);
        }
    }

    /// Brings a die back to the hand and throws it again; past the attempts, lays it flat.
    fn rethrow(&mut self, i: usize, rng: &mut SplitMix, out: &mut DiceRoll) {
        if self.dice[i].attempts >= MAX_ATTEMPTS {
            let d = &mut self.dice[i];
            let body = &mut self.world.bodies[d.body];
            let flat = laid_flat(d.die, *body.rotation());
            let mut p = body.translation();
            p.x = p.x.clamp(-TRAY_HALF_W + 0.02, TRAY_HALF_W - 0.02);
            p.z = p.z.clamp(-TRAY_HALF_D + 0.02, TRAY_HALF_D - 0.02);
            p.y = 0.03;
            body.set_position(Pose::from_parts(p, flat), true);
            body.set_linvel(Vector::ZERO, true);
            body.set_angvel(Vector::ZERO, true);
            d.quiet = 0;
            d.attempts = 0;
            out.laid_flat += 1;
            return;
        }
        self.dice[i].attempts += 1;
        out.rethrows += 1;
        self.throw_die(i, rng, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_face_normal_touches_its_face_and_opposite_faces_add_up() {
        for (die, sides, vertices, per_face) in [
            (Die::D12, 12, d12_vertices(), 5),
            (
                Die::D6,
                6,
                [-1.0f32, 1.0]
                    .iter()
                    .flat_map(|x| {
                        [-1.0f32, 1.0].iter().flat_map(move |y| {
                            [-1.0f32, 1.0].iter().map(move |z| Vector::new(*x, *y, *z))
                        })
                    })
                    .collect(),
                4,
            ),
        ] {
            let f = faces(die);
            assert_eq!(f.len(), sides);
            let mut values: Vec<u8> = f.iter().map(|(_, v)| *v).collect();
            values.sort();
            assert_eq!(values, (1..=sides as u8).collect::<Vec<_>>());
            for (n, v) in &f {
                let top = vertices.iter().map(|p| p.dot(*n)).fold(f32::MIN, f32::max);
                let on_face = vertices
                    .iter()
                    .filter(|p| (p.dot(*n) - top).abs() < 1e-4 * top.abs().max(1e-3))
                    .count();
                assert_eq!(on_face, per_face, "{die:?} face {v}");
                let opposite = f.iter().find(|(m, _)| (*m + *n).length() < 1e-5).unwrap();
                assert_eq!(*v + opposite.1, sides as u8 + 1);
            }
        }
        // The d12's inradius is what it says.
        let n = faces(Die::D12)[0].0;
        let top = d12_vertices()
            .iter()
            .map(|p| p.dot(n))
            .fold(f32::MIN, f32::max);
        assert!((top - D12_INRADIUS).abs() < 1e-6);
    }
}
