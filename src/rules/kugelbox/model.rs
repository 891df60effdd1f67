//! A seeded random throw model for headless play until the physics throw exists: each ball
//! rests in a random hole with a probability, else it is out. It produces the same
//! [`Throw`] action physics will, so the rules never know the difference.

use super::throw::{Hole, Throw};
use super::variant::BoxLayout;
use crate::rules::rng::SplitMix;

/// Random throws: each ball in a uniformly random hole with probability `p_in` (the two never
/// share a hole), else out.
#[derive(Clone, Copy, Debug)]
pub struct RandomThrows {
    pub p_in: f64,
    rng: SplitMix,
}

impl RandomThrows {
    pub fn new(p_in: f64, seed: u64) -> RandomThrows {
        RandomThrows {
            p_in: p_in.clamp(0.0, 1.0),
            rng: SplitMix::new(seed, 0x7407),
        }
    }

    fn chance(&mut self) -> bool {
        ((self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < self.p_in
    }

    fn hole(&mut self, layout: &BoxLayout, not: Option<Hole>) -> Hole {
        let holes = layout.rows as u32 * layout.columns as u32;
        loop {
            let i = self.rng.below(holes);
            let h = Hole(
                (i / layout.columns as u32) as u8 + 1,
                (i % layout.columns as u32) as u8 + 1,
            );
            if Some(h) != not || holes < 2 {
                return h;
            }
        }
    }

    /// The next throw.
    pub fn throw(&mut self, layout: &BoxLayout) -> Throw {
        let red = self.chance().then(|| self.hole(layout, None));
        let other = self.chance().then(|| self.hole(layout, red));
        Throw { red, other }
    }
}
