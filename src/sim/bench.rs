//! `muggins bench [GROUP] [--json]`: the speed figures, one per line as `name: value unit`.
//! Run it from a release build (`make bench`).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use crate::rules::Catalog;
use crate::rules::marbles::solve::{Ops, reachable};

/// A measured figure.
pub struct Figure {
    pub name: &'static str,
    pub value: f64,
    pub unit: &'static str,
}

pub const GROUPS: [&str; 5] = ["marbles", "dominoes", "physics", "live", "frame"];

/// A bench group that lives above this layer (the running game's `frame`), handed in by the
/// binary's entry point.
pub type Group = (&'static str, fn(&mut Vec<Figure>));

pub fn run(group: Option<&str>, json: bool, above: &[Group]) -> ExitCode {
    if let Some(g) = group
        && !GROUPS.contains(&g)
    {
        eprintln!(
            "muggins: no bench group \"{g}\"; groups: {}",
            GROUPS.join(", ")
        );
        return ExitCode::from(2);
    }
    let mut figures = Vec::new();
    if group.is_none_or(|g| g == "marbles") {
        marbles(&mut figures);
    }
    if group.is_none_or(|g| g == "dominoes") {
        dominoes(&mut figures);
    }
    if group.is_none_or(|g| g == "physics") {
        physics(&mut figures);
    }
    for (name, bench) in above {
        if group.is_none_or(|g| g == *name) {
            bench(&mut figures);
        }
    }
    if let Some(g @ ("frame" | "live")) = group
        && !above.iter().any(|(n, _)| *n == g)
    {
        eprintln!(
            "muggins: the {g} figures need the game built in: `cargo run --release -- bench {g}`"
        );
    }
    if json {
        let map: serde_json::Map<String, serde_json::Value> = figures
            .iter()
            .map(|f| (f.name.to_string(), serde_json::json!(round(f.value))))
            .collect();
        println!("{}", serde_json::Value::Object(map));
    } else {
        for f in &figures {
            println!("{}: {} {}", f.name, round(f.value), f.unit);
        }
    }
    ExitCode::SUCCESS
}

/// Whole numbers from 100 up, three decimals from 1, four significant digits below (so a small
/// p-value does not print as 0).
fn round(v: f64) -> f64 {
    let a = v.abs();
    if a >= 100.0 {
        v.round()
    } else if a >= 1.0 || a == 0.0 {
        (v * 1000.0).round() / 1000.0
    } else {
        let scale = 10f64.powi(3 - a.log10().floor() as i32);
        (v * scale).round() / scale
    }
}

pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn marbles(out: &mut Vec<Figure>) {
    // Every roll of three d12, all four operations.
    let runs: Vec<f64> = (0..51)
        .map(|_| {
            let t = Instant::now();
            let mut acc = 0u64;
            for a in 1..=12u8 {
                for b in 1..=12u8 {
                    for c in 1..=12u8 {
                        acc ^= reachable(black_box([a, b, c]), Ops::ALL, 36);
                    }
                }
            }
            black_box(acc);
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    out.push(Figure {
        name: "marbles.solve_all_d12_ms",
        value: median(runs),
        unit: "ms",
    });

    let (catalog, _) = Catalog::builtin();
    let Some(classic) = catalog.marbles.iter().find(|p| p.name == "classic") else {
        return;
    };
    // Random classic games, four seats (see `playout`), for about a second on this thread.
    let mut games = 0u64;
    let mut actions = 0usize;
    let t = Instant::now();
    while t.elapsed().as_secs_f64() < 1.0 {
        for _ in 0..100 {
            let played =
                super::playout::random_marbles(&classic.variant, 4, games, 100_000, |_, _| {});
            actions += black_box(played).map_or(0, |(_, a)| a.len());
            games += 1;
        }
    }
    out.push(Figure {
        name: "marbles.random_games_per_s",
        value: games as f64 / t.elapsed().as_secs_f64(),
        unit: "games/s",
    });
    out.push(Figure {
        name: "marbles.random_game_actions",
        value: actions as f64 / games as f64,
        unit: "actions/game",
    });
}

fn dominoes(out: &mut Vec<Figure>) {
    use crate::rules::dominoes::DominoesGame;
    use crate::rules::rng::SplitMix;

    let (catalog, _) = Catalog::builtin();
    let Some(muggins) = catalog.dominoes.iter().find(|p| p.name == "muggins") else {
        return;
    };
    // Random 2-player double-six hands, deal to end of hand, for about a second on this thread.
    let mut rng = SplitMix::new(7, 0);
    let mut buf = Vec::with_capacity(32);
    let mut events = Vec::with_capacity(16);
    let mut hands = 0u64;
    let mut actions = 0u64;
    let t = Instant::now();
    while t.elapsed().as_secs_f64() < 1.0 {
        for _ in 0..1000 {
            let Ok(mut game) = DominoesGame::new(muggins.variant, 2, false, hands) else {
                return;
            };
            actions +=
                super::playout::random_hand(&mut game, &mut rng, &mut buf, &mut events) as u64;
            black_box(&game);
            hands += 1;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    out.push(Figure {
        name: "dominoes.playout_hands_per_s",
        value: hands as f64 / secs,
        unit: "hands/s",
    });
    out.push(Figure {
        name: "dominoes.playout_hand_actions",
        value: actions as f64 / hands as f64,
        unit: "actions/hand",
    });
}

fn physics(out: &mut Vec<Figure>) {
    use crate::rules::marbles::Die;

    let mut settles = Vec::new();
    let mut cpus = Vec::new();
    for (die, name, faces) in [
        (Die::D6, "dice.d6_chi2_p", "dice.d6_faces"),
        (Die::D12, "dice.d12_chi2_p", "dice.d12_faces"),
    ] {
        // 20,000 throws of three: 60,000 dice of each kind (`muggins dice` samples the same).
        let sample = super::dice::dice_sample(die, 3, 20_000, 1);
        let list: Vec<String> = sample.counts.iter().map(|c| c.to_string()).collect();
        // The face table goes to stderr so stdout keeps one figure per line.
        eprintln!(
            "{faces}: {} (rethrown {}, nudged {}, laid flat {})",
            list.join(" "),
            sample.rethrows,
            sample.nudges,
            sample.laid_flat
        );
        out.push(Figure {
            name,
            value: sample.p(),
            unit: "p",
        });
        settles.extend(sample.settle_s);
        cpus.extend(sample.cpu_ms);
    }
    out.push(Figure {
        name: "dice.settle_s_median",
        value: median(settles),
        unit: "s",
    });
    out.push(Figure {
        name: "dice.roll_cpu_ms",
        value: median(cpus),
        unit: "ms",
    });

    let k = kugel_sample(1000, 1);
    let mut spread = [0u32; 26];
    for s in &k.scores {
        spread[(*s as usize).min(25)] += 1;
    }
    let table: Vec<String> = spread
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(s, n)| format!("{s}:{n}"))
        .collect();
    eprintln!(
        "kugel.score_spread (score:throws of 1000): {}",
        table.join(" ")
    );
    out.push(Figure {
        name: "kugel.settled_share",
        value: k.settled as f64 / k.scores.len() as f64,
        unit: "share",
    });
    out.push(Figure {
        name: "kugel.throw_cpu_ms",
        value: median(k.cpu_ms),
        unit: "ms",
    });
    out.push(Figure {
        name: "kugel.settle_s_median",
        value: median(k.settle_s),
        unit: "s",
    });
    out.push(Figure {
        name: "kugel.score_mean",
        value: k.scores.iter().sum::<u32>() as f64 / k.scores.len() as f64,
        unit: "points",
    });
}

/// The time limit of the sampled Kugelbox throws, seconds.
pub const KUGEL_LIMIT_S: f32 = 6.0;

/// `throws` seeded random throws (direction ±0.3 rad, any strength, a little spin), each with
/// its own seed.
pub fn kugel_plans(throws: u32, seed: u64) -> Vec<(crate::physics::kugel::KugelThrow, u64)> {
    use crate::physics::kugel::KugelThrow;
    use crate::rules::rng::SplitMix;
    let mut rng = SplitMix::new(seed, 0x70);
    let mut unit = || rng.below(2001) as f32 / 1000.0 - 1.0;
    (0..throws)
        .map(|i| {
            let t = KugelThrow {
                direction: unit() * 0.3,
                strength: (unit() + 1.0) / 2.0,
                spin: unit() * 0.3,
            };
            (t, seed.wrapping_add(i as u64))
        })
        .collect()
}

/// A sample of seeded random Kugelbox throws.
pub struct KugelSample {
    pub scores: Vec<u32>,
    pub settle_s: Vec<f64>,
    pub cpu_ms: Vec<f64>,
    /// Throws whose balls all rested (or left the box) within 6 s of game time.
    pub settled: u32,
    pub outcomes: Vec<crate::rules::kugelbox::Throw>,
}

/// `throws` seeded random throws (direction ±0.3 rad, any strength, a little spin), each from a
/// fresh box with a 6-second limit.
pub fn kugel_sample(throws: u32, seed: u64) -> KugelSample {
    use crate::physics::kugel::Kugelbox;
    let mut b = Kugelbox::new(KUGEL_LIMIT_S);
    let mut k = KugelSample {
        scores: Vec::new(),
        settle_s: Vec::new(),
        cpu_ms: Vec::new(),
        settled: 0,
        outcomes: Vec::new(),
    };
    for (t, seed) in kugel_plans(throws, seed) {
        let start = Instant::now();
        let o = b.throw(t, seed);
        k.cpu_ms.push(start.elapsed().as_secs_f64() * 1e3);
        k.settle_s.push(o.settle_s as f64);
        k.settled += u32::from(o.settled);
        k.scores.push(o.throw.geometry().score);
        k.outcomes.push(o.throw);
    }
    k
}
