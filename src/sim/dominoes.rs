//! `muggins replay` for dominoes records and `muggins sim dominoes`.

use std::process::ExitCode;
use std::time::Instant;

use serde_json::{Value, json};

use super::SimArgs;
use super::marbles::fail;
use super::playout::{DominoesPolicy, play_dominoes};
use crate::rules::Catalog;
use crate::rules::dominoes::{
    DominoesGame, DominoesRecord, Event, HandEnd, Phase, Why, replay_dominoes,
};
use crate::rules::marbles::score::seat_letter;

/// A side's name: a seat letter, or a partnership "A+C".
fn side_name(game: &DominoesGame, side: u8) -> String {
    (0..game.seats)
        .filter(|s| game.side(*s) == side)
        .map(|s| seat_letter(s).to_string())
        .collect::<Vec<_>>()
        .join("+")
}

/// The state of a replayed game, as JSON.
pub fn game_json(record: &DominoesRecord, game: &DominoesGame) -> Value {
    let outcome = game.outcome.as_ref();
    json!({
        "game": "dominoes",
        "preset": record.preset,
        "seats": record.seats,
        "partnerships": record.partnerships,
        "actions": record.actions.len(),
        "over": matches!(game.phase, Phase::Over),
        "hands": game.hand_no + 1,
        "winner": outcome.map(|o| side_name(game, o.winner)),
        "scores": game.side_scores(),
        "sides": (0..game.sides()).map(|s| side_name(game, s)).collect::<Vec<_>>(),
        "target": game.target(),
        "ends_total": game.layout.ends_total(),
        "expecting": game.expecting(),
    })
}

/// `muggins replay FILE [--json]` for a dominoes record (`text` is the file's contents).
pub fn replay_cmd(path: &std::path::Path, text: &str, json: bool) -> ExitCode {
    let (record, (game, _)) =
        match super::replay_record(path, text, DominoesRecord::parse, replay_dominoes) {
            Ok(r) => r,
            Err(code) => return code,
        };
    if json {
        println!("{}", game_json(&record, &game));
        return ExitCode::SUCCESS;
    }
    println!(
        "Muggins dominoes {}, {} seats{}, {} actions, hand {}",
        record.preset,
        record.seats,
        if record.partnerships {
            " in partnerships"
        } else {
            ""
        },
        record.actions.len(),
        game.hand_no + 1
    );
    match &game.outcome {
        Some(o) => println!(
            "over: {} reached {}",
            side_name(&game, o.winner),
            game.target()
        ),
        None => println!("in progress: waiting for {}", game.expecting()),
    }
    for side in 0..game.sides() {
        println!("{}: {}", side_name(&game, side), game.scores[side as usize]);
    }
    ExitCode::SUCCESS
}

/// What `muggins sim dominoes` counts.
#[derive(Default)]
struct Tally {
    hands: u32,
    blocked: u32,
    actions: u64,
    laid: u64,
    /// Per side: points from counts, and from end-of-hand bonuses and losses.
    counts: Vec<i64>,
    bonuses: Vec<i64>,
    wins: Vec<u32>,
    hand_actions_max: u32,
    hand_actions_min: u32,
}

/// `muggins sim dominoes --preset P --players N --games G --seed S [--seats random,greedy]`.
pub fn sim_cmd(args: &SimArgs) -> ExitCode {
    let (catalog, _) = Catalog::builtin();
    let preset = match &args.preset {
        Some(name) => catalog.dominoes.iter().find(|p| &p.name == name),
        None => catalog.dominoes.iter().find(|p| p.default),
    };
    let Some(preset) = preset else {
        let names: Vec<&str> = catalog.dominoes.iter().map(|p| p.name.as_str()).collect();
        return fail(format!(
            "no dominoes preset \"{}\"; presets: {}",
            args.preset.as_deref().unwrap_or(""),
            names.join(", ")
        ));
    };
    let mut policies = Vec::new();
    for s in args.seats.split(',') {
        match DominoesPolicy::parse(s.trim()) {
            Some(p) => policies.push(p),
            None => return fail(format!("--seats: \"{s}\" is not random or greedy")),
        }
    }
    if args.games == 0 {
        return fail("--games must be at least 1");
    }
    let probe = match DominoesGame::new(preset.variant, args.players, args.partnerships, 0) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    let sides = probe.sides() as usize;
    let mut t = Tally {
        counts: vec![0; sides],
        bonuses: vec![0; sides],
        wins: vec![0; sides],
        hand_actions_min: u32::MAX,
        ..Tally::default()
    };
    let start = Instant::now();
    for g in 0..args.games as u64 {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g);
        let Ok(mut game) = DominoesGame::new(preset.variant, args.players, args.partnerships, seed)
        else {
            continue;
        };
        let mut hand_actions = 0u32;
        let played = play_dominoes(&mut game, &policies, seed, 1_000_000, |_, _, events| {
            hand_actions += 1;
            for e in events {
                match e {
                    Event::Played { .. } => t.laid += 1,
                    Event::Scored {
                        side, points, why, ..
                    } => match why {
                        Why::Count { .. } | Why::Stolen { .. } => {
                            t.counts[*side as usize] += *points as i64
                        }
                        Why::Bonus | Why::PipsLeft { .. } => {
                            t.bonuses[*side as usize] += *points as i64
                        }
                    },
                    // A hand ends, or the game ends in the middle of one.
                    Event::HandEnded { .. } | Event::GameOver(_) if hand_actions > 0 => {
                        t.hands += 1;
                        t.blocked += u32::from(matches!(
                            e,
                            Event::HandEnded {
                                end: HandEnd::Blocked,
                                ..
                            }
                        ));
                        t.hand_actions_max = t.hand_actions_max.max(hand_actions);
                        t.hand_actions_min = t.hand_actions_min.min(hand_actions);
                        t.actions += hand_actions as u64;
                        hand_actions = 0;
                    }
                    _ => {}
                }
            }
        });
        if let Err(e) = played {
            return fail(format!("game {g} (seed {seed}): {e}"));
        }
        if let Some(o) = &game.outcome {
            t.wins[o.winner as usize] += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let hands = t.hands.max(1) as f64;
    let per_hand = |v: &[i64]| -> Vec<f64> {
        v.iter()
            .map(|p| (*p as f64 / hands * 100.0).round() / 100.0)
            .collect()
    };
    let names: Vec<String> = (0..sides as u8).map(|s| side_name(&probe, s)).collect();
    let blocked_share = t.blocked as f64 / hands;
    let hand_len = t.actions as f64 / hands;
    let laid = t.laid as f64 / hands;
    let games_per_s = args.games as f64 / secs.max(1e-9);
    if args.json {
        println!(
            "{}",
            json!({
                "game": "dominoes",
                "preset": preset.name,
                "players": args.players,
                "partnerships": args.partnerships,
                "seats": policies.iter().map(|p| format!("{p:?}").to_lowercase()).collect::<Vec<_>>(),
                "games": args.games,
                "hands": t.hands,
                "blocked_share": blocked_share,
                "hand_actions_mean": hand_len,
                "hand_actions_min": t.hand_actions_min,
                "hand_actions_max": t.hand_actions_max,
                "tiles_laid_per_hand": laid,
                "sides": names,
                "count_points_per_hand": per_hand(&t.counts),
                "bonus_points_per_hand": per_hand(&t.bonuses),
                "wins": t.wins,
                "games_per_s": games_per_s,
            })
        );
        return ExitCode::SUCCESS;
    }
    let seats: Vec<String> = (0..args.players as usize)
        .map(|s| {
            format!(
                "{} {}",
                seat_letter(s as u8),
                format!("{:?}", policies[s % policies.len()]).to_lowercase()
            )
        })
        .collect();
    println!(
        "{} ({}), {} players{}, {} games from seed {}: {}",
        preset.title,
        preset.name,
        args.players,
        if args.partnerships {
            " in partnerships"
        } else {
            ""
        },
        args.games,
        args.seed,
        seats.join(", ")
    );
    println!(
        "hands: {} ({:.1} a game), blocked {:.1}%",
        t.hands,
        hands / args.games as f64,
        blocked_share * 100.0
    );
    println!(
        "hand length: {hand_len:.1} actions (min {}, max {}), {laid:.1} tiles laid",
        t.hand_actions_min, t.hand_actions_max
    );
    let counts = per_hand(&t.counts);
    let bonuses = per_hand(&t.bonuses);
    for (i, name) in names.iter().enumerate() {
        println!(
            "{name}: {:.2} points a hand from counts, {:+.2} at the end of hands, won {} ({:.1}%)",
            counts[i],
            bonuses[i],
            t.wins[i],
            t.wins[i] as f64 * 100.0 / args.games as f64
        );
    }
    println!("games/s: {games_per_s:.0}");
    ExitCode::SUCCESS
}
