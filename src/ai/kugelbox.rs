//! Kugelbox players. A player plans a throw (direction, strength, spin) by trying candidate plans
//! in a [`ThrowModel`] (the physics box, which the physics layer provides through this trait, so
//! this module never sees rapier) and keeping the one whose outcome serves it best now; its level
//! sets how many plans it tries and how much its hand shakes when it throws. It picks chips well:
//! in Take It the chip worth most, in Chikugo's lay-out the chip hardest to meet later.

use super::Difficulty;
use crate::rules::kugelbox::{Action, Chip, KugelGame, Phase, Scored, Seat, Stage, Throw};
use crate::rules::rng::SplitMix;

/// A throw as the player means it: direction (radians, 0 straight up the box, positive to the
/// right), strength 0–1, spin −1 (backspin) to 1 (topspin).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct ThrowPlan {
    pub direction: f32,
    pub strength: f32,
    pub spin: f32,
}

/// Whatever turns a throw into where the balls rest: the physics box, or a model of it.
pub trait ThrowModel {
    fn outcome(&mut self, plan: ThrowPlan, seed: u64) -> Throw;
}

/// A Kugelbox player at a level.
#[derive(Clone, Debug)]
pub struct KugelAi {
    pub level: Difficulty,
    rng: SplitMix,
}

impl KugelAi {
    pub fn new(level: Difficulty, seed: u64) -> KugelAi {
        KugelAi {
            level,
            rng: SplitMix::new(seed, 0x4B0B),
        }
    }

    /// Plans tried per throw.
    pub fn candidates(&self) -> u32 {
        match self.level {
            Difficulty::Easy => 1,
            Difficulty::Normal => 4,
            Difficulty::Hard => 10,
            Difficulty::Expert => 24,
        }
    }

    /// How much the hand shakes: (direction in radians, strength), one standard deviation.
    pub fn shake(&self) -> (f32, f32) {
        match self.level {
            Difficulty::Easy => (0.10, 0.15),
            Difficulty::Normal => (0.05, 0.08),
            Difficulty::Hard => (0.025, 0.04),
            Difficulty::Expert => (0.01, 0.015),
        }
    }

    fn unit(&mut self) -> f32 {
        self.rng.below(20001) as f32 / 10000.0 - 1.0
    }

    /// About normal noise (the sum of three uniforms), scaled.
    fn noise(&mut self, sd: f32) -> f32 {
        (self.unit() + self.unit() + self.unit()) * sd
    }

    /// The plan for `seat`'s throw: candidates tried in the model, the best kept.
    pub fn plan(&mut self, game: &KugelGame, seat: Seat, model: &mut impl ThrowModel) -> ThrowPlan {
        let mut best: Option<(f64, ThrowPlan)> = None;
        for _ in 0..self.candidates() {
            let plan = ThrowPlan {
                direction: self.unit() * 0.3,
                strength: (self.unit() + 1.0) / 2.0,
                spin: self.unit() * 0.3,
            };
            // The player pictures the throw as its hand means it (one fixed imagining).
            let t = model.outcome(plan, 0);
            let u = utility(
                game,
                seat,
                t.score(game.variant.scoring, &game.variant.layout),
            );
            if best.is_none_or(|(b, _)| u > b) {
                best = Some((u, plan));
            }
        }
        best.map(|(_, p)| p).unwrap_or_default()
    }

    /// The throw as its hand makes it: the plan and the level's shake.
    pub fn execute(&mut self, plan: ThrowPlan) -> ThrowPlan {
        let (sd_dir, sd_strength) = self.shake();
        ThrowPlan {
            direction: plan.direction + self.noise(sd_dir),
            strength: (plan.strength + self.noise(sd_strength)).clamp(0.0, 1.0),
            spin: plan.spin,
        }
    }

    /// The chip to take or lay out, when the game asks for one.
    pub fn choose_chip(&mut self, game: &KugelGame) -> Option<Action> {
        let choices = game.chip_choices();
        if choices.is_empty() {
            return None;
        }
        if self.level == Difficulty::Easy {
            return Some(choices[self.rng.below(choices.len() as u32) as usize]);
        }
        let key = |a: &Action| match a {
            Action::Chip(c) => {
                let face = game.face(*c);
                if game.stage == Stage::LayOut {
                    // Lay out first what is hardest to meet again.
                    hardness(face)
                } else {
                    face.points() * 10 + hardness(face)
                }
            }
            Action::Throw(_) => 0,
        };
        choices.iter().copied().max_by_key(key)
    }

    /// The whole action for `seat` now: a throw through `model` (planned, then shaken), or a
    /// chip.
    pub fn act(
        &mut self,
        game: &KugelGame,
        seat: Seat,
        model: &mut impl ThrowModel,
        seed: u64,
    ) -> Option<Action> {
        match game.phase {
            Phase::Throw { seat: s } if s == seat => {
                let plan = self.plan(game, seat, model);
                let thrown = self.execute(plan);
                Some(Action::Throw(model.outcome(thrown, seed)))
            }
            Phase::Choose { seat: s, .. } if s == seat => self.choose_chip(game),
            _ => None,
        }
    }
}

/// How hard a chip is to meet with a throw, as a rank (higher is harder).
fn hardness(c: Chip) -> u32 {
    match c {
        Chip::Square => 12,
        Chip::Number(n) => n as u32,
        Chip::Line => 3,
        Chip::UpTo(n) => 8 - n as u32,
    }
}

/// What a throw scoring `s` is worth to `seat` now.
pub fn utility(game: &KugelGame, seat: Seat, s: Scored) -> f64 {
    if s.score == 25 && matches!(game.stage, Stage::PickUp | Stage::LayOut) {
        return 1000.0;
    }
    match game.stage {
        Stage::PickUp => match game.lowest {
            // The first throw sets the bar the others must clear: the higher the safer.
            None => s.score as f64,
            Some((_, low)) if s.score > low => 100.0 + s.score as f64,
            Some(_) => s.score as f64 * 0.1,
        },
        Stage::LayOut => KugelGame::chips_of(game.held[seat as usize])
            .filter(|c| game.face(*c).met_by(s))
            .map(|c| 100.0 + hardness(game.face(c)) as f64)
            .fold(0.0, f64::max),
        Stage::TakeIt => {
            let middle = KugelGame::chips_of(game.up)
                .filter(|c| game.face(*c).met_by(s))
                .map(|c| game.face(c).points())
                .max();
            let steal = (0..game.seats)
                .filter(|o| *o != seat)
                .flat_map(|o| KugelGame::chips_of(game.held[o as usize]))
                .filter(|c| game.face(*c).met_exactly_by(s))
                .map(|c| 2 * game.face(c).points())
                .max();
            // Any throw may meet the chip turned up this turn: a high score meets most numbers.
            middle.or(steal).unwrap_or(0) as f64 + s.score as f64 * 0.01
        }
        Stage::Practice => s.score as f64,
    }
}
