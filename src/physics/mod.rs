//! The physics layer: dice that really roll, balls that really drop into holes, tiles that really
//! land. Pure rapier at a fixed timestep, headless and deterministic for a seed on one build; the
//! game draws what these worlds hold, and each piece hands the rules an outcome, nothing more.

pub mod body;
pub mod dice;
pub mod kugel;
pub mod stats;
pub mod tiles;

use rapier3d::prelude::*;

use crate::rules::rng::SplitMix;

/// The fixed timestep, seconds.
pub const STEP_S: f32 = 1.0 / 120.0;

/// How a player throws: a direction (radians, 0 = straight away from the thrower, positive to the
/// right), a strength from 0 to 1 (a drag's length, a stick's push) and a spin from −1 to 1 (a
/// pull's sideways curve, a stick held aside; the Kugelbox's balls take it, the dice do not).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Flick {
    pub direction: f32,
    pub strength: f32,
    pub spin: f32,
}

/// A uniformly random rotation (Shoemake's method), from the seeded stream.
pub fn random_rotation(rng: &mut SplitMix) -> Rotation {
    let mut u = || (rng.next_u64() >> 11) as f32 / (1u64 << 53) as f32;
    let (u1, u2, u3) = (u(), u(), u());
    let tau = std::f32::consts::TAU;
    let (a, b) = ((1.0 - u1).sqrt(), u1.sqrt());
    Rotation::from_xyzw(
        a * (tau * u2).sin(),
        a * (tau * u2).cos(),
        b * (tau * u3).sin(),
        b * (tau * u3).cos(),
    )
    .normalize()
}
