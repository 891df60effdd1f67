//! `muggins dice d6|d12 [--dice N] [--throws N] [--seed S] [--json]`: rolls dice through the pure
//! physics world, on every core, and prints how often each face came up, the chi-square p-value
//! of those counts against a fair die, and how often a die was thrown again, nudged or laid
//! flat. The bench's fairness figures come from the same sampling.

use std::process::ExitCode;
use std::time::Instant;

use crate::physics::dice::DiceTray;
use crate::physics::stats::uniform_p_value;
use crate::rules::marbles::Die;

/// A sample of physics throws of `dice` dice of one kind.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DiceSample {
    /// How often each face came up (index 0 is face 1).
    pub counts: Vec<u64>,
    /// Game seconds until each throw rested.
    pub settle_s: Vec<f64>,
    /// CPU milliseconds each throw took to simulate.
    pub cpu_ms: Vec<f64>,
    pub rethrows: u64,
    pub nudges: u64,
    pub laid_flat: u64,
}

impl DiceSample {
    fn merge(&mut self, other: DiceSample) {
        if self.counts.len() < other.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a += b;
        }
        self.settle_s.extend(other.settle_s);
        self.cpu_ms.extend(other.cpu_ms);
        self.rethrows += other.rethrows;
        self.nudges += other.nudges;
        self.laid_flat += other.laid_flat;
    }

    /// The chi-square p-value of the face counts against a fair die.
    pub fn p(&self) -> f64 {
        uniform_p_value(&self.counts)
    }
}

/// Throw `k`'s own seed: a hash of the sample's seed and `k`, so samples from different seeds
/// share no throws (with `seed + k`, seeds 1 and 2 were the same sample shifted by one throw).
pub fn throw_seed(seed: u64, k: u64) -> u64 {
    crate::rules::rng::splitmix(crate::rules::rng::splitmix(seed) ^ k)
}

/// Throws `throws` throws of `dice` dice of kind `die`, throw k from [`throw_seed`], shared out
/// over the cores; the same seed gives the same counts on any machine, with any number of
/// cores.
pub fn dice_sample(die: Die, dice: usize, throws: u32, seed: u64) -> DiceSample {
    let parts = super::stats::on_every_core(throws as u64, |ks| {
        let mut s = DiceSample {
            counts: vec![0; die.sides() as usize],
            ..DiceSample::default()
        };
        for k in ks {
            let t = Instant::now();
            // A fresh tray each throw: no throw depends on the one before, so the counts are
            // the same however the throws are shared out over the cores.
            let mut tray = DiceTray::new(&vec![die; dice]);
            let roll = tray.roll(throw_seed(seed, k), None);
            s.cpu_ms.push(t.elapsed().as_secs_f64() * 1e3);
            s.settle_s.push(roll.settle_s as f64);
            s.rethrows += roll.rethrows as u64;
            s.nudges += roll.nudges as u64;
            s.laid_flat += roll.laid_flat as u64;
            for f in roll.faces {
                s.counts[f as usize - 1] += 1;
            }
        }
        Ok(s)
    })
    .unwrap_or_default();
    let mut all = DiceSample {
        counts: vec![0; die.sides() as usize],
        ..DiceSample::default()
    };
    for p in parts {
        all.merge(p);
    }
    all
}

/// `muggins dice`.
pub fn dice_cmd(kind: &str, dice: usize, throws: u32, seed: u64, json: bool) -> ExitCode {
    let die = match kind {
        "d6" => Die::D6,
        "d12" => Die::D12,
        other => return super::marbles::fail(format!("dice are d6 or d12, not \"{other}\"")),
    };
    if dice == 0 || dice > 6 {
        return super::marbles::fail(format!("--dice takes 1 to 6 dice a throw, not {dice}"));
    }
    if throws == 0 {
        return super::marbles::fail("--throws must be at least 1".to_string());
    }
    let s = dice_sample(die, dice, throws, seed);
    let total: u64 = s.counts.iter().sum();
    if json {
        let v = serde_json::json!({
            "die": kind,
            "dice": dice,
            "throws": throws,
            "seed": seed,
            "counts": s.counts,
            "p": s.p(),
            "rethrows": s.rethrows,
            "nudges": s.nudges,
            "laid_flat": s.laid_flat,
        });
        println!("{v}");
        return ExitCode::SUCCESS;
    }
    println!("{throws} throws of {dice} {kind} from seed {seed}: {total} dice");
    let expected = total as f64 / s.counts.len() as f64;
    for (i, c) in s.counts.iter().enumerate() {
        println!(
            "  {:>2}: {c:>7}  ({:+.1} %)",
            i + 1,
            (*c as f64 / expected - 1.0) * 100.0
        );
    }
    println!("chi-square p = {:.3e}", s.p());
    println!(
        "thrown again {}, nudged {}, laid flat {}",
        s.rethrows, s.nudges, s.laid_flat
    );
    ExitCode::SUCCESS
}
