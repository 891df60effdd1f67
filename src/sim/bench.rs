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

pub const GROUPS: [&str; 2] = ["marbles", "dominoes"];

pub fn run(group: Option<&str>, json: bool) -> ExitCode {
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

fn round(v: f64) -> f64 {
    if v >= 100.0 {
        v.round()
    } else {
        (v * 1000.0).round() / 1000.0
    }
}

fn median(mut v: Vec<f64>) -> f64 {
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
