//! `muggins replay` for dominoes records and `muggins sim dominoes`.

use std::process::ExitCode;
use std::time::Instant;

use serde_json::{Value, json};

use super::SimArgs;
use super::marbles::fail;
use super::playout::{DominoesPolicy, dominoes_choice};
use super::stats::{PlayerFigures, credit_wins};
use crate::rules::Catalog;
use crate::rules::dominoes::{DominoesGame, DominoesRecord, Event, HandEnd, Phase, Why};
use crate::rules::marbles::score::seat_letter;
use crate::rules::rng::SplitMix;

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
    let (record, (game, _)) = match super::replay_record(
        path,
        text,
        DominoesRecord::parse,
        crate::rules::record::play_through::<DominoesGame>,
    ) {
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
    /// Per side (chair): points from counts, and from end-of-hand bonuses and losses.
    counts: Vec<i64>,
    bonuses: Vec<i64>,
    hand_actions_max: u32,
    hand_actions_min: u32,
    /// Per listed player: games won, final points summed, decision times (ms).
    wins: Vec<u32>,
    points: Vec<i64>,
    decisions: Vec<Vec<f64>>,
}

impl Tally {
    fn new(sides: usize, players: usize) -> Tally {
        Tally {
            counts: vec![0; sides],
            bonuses: vec![0; sides],
            hand_actions_min: u32::MAX,
            wins: vec![0; players],
            points: vec![0; players],
            decisions: vec![Vec::new(); players],
            ..Tally::default()
        }
    }

    fn merge(&mut self, o: Tally) {
        self.hands += o.hands;
        self.blocked += o.blocked;
        self.actions += o.actions;
        self.laid += o.laid;
        self.hand_actions_max = self.hand_actions_max.max(o.hand_actions_max);
        self.hand_actions_min = self.hand_actions_min.min(o.hand_actions_min);
        for (a, b) in self.counts.iter_mut().zip(o.counts) {
            *a += b;
        }
        for (a, b) in self.bonuses.iter_mut().zip(o.bonuses) {
            *a += b;
        }
        for (a, b) in self.wins.iter_mut().zip(o.wins) {
            *a += b;
        }
        for (a, b) in self.points.iter_mut().zip(o.points) {
            *a += b;
        }
        for (a, b) in self.decisions.iter_mut().zip(o.decisions) {
            a.extend(b);
        }
    }
}

/// Plays the games numbered `games`; chair c of game g is listed player (c + g) mod n.
fn play_games(
    args: &SimArgs,
    variant: crate::rules::dominoes::DominoesVariant,
    listed: &[DominoesPolicy],
    games: &mut dyn Iterator<Item = u64>,
) -> Result<Tally, String> {
    let chairs = args.players();
    let n = listed.len();
    let sides = if args.partnerships {
        2
    } else {
        chairs as usize
    };
    let mut t = Tally::new(sides, n);
    let mut buf = Vec::with_capacity(32);
    let mut events = Vec::with_capacity(16);
    let mut legal = Vec::with_capacity(32);
    for g in games {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g);
        let mut game = DominoesGame::new(variant, chairs, args.partnerships, seed)?;
        let player = |c: u8| (c as usize + g as usize) % n;
        let mut rng = SplitMix::new(seed, 0x5EA7);
        let mut hand_actions = 0u32;
        for step in 0..1_000_000 {
            let Some(actor) = game.actor() else { break };
            let who = player(actor);
            let clock = Instant::now();
            let Some(action) = dominoes_choice(&game, listed[who], &mut rng, &mut buf) else {
                break;
            };
            let spent = clock.elapsed().as_secs_f64() * 1e3;
            // Decision times count the moments with a choice to make.
            game.legal_actions_into(&mut legal);
            if matches!(listed[who], DominoesPolicy::Level(_)) && legal.len() > 1 {
                t.decisions[who].push(spent);
            }
            events.clear();
            game.apply_into(action, &mut events)
                .map_err(|e| format!("game {g} (seed {seed}) action {step} ({action:?}): {e}"))?;
            hand_actions += 1;
            for e in &events {
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
        }
        if let Some(o) = &game.outcome {
            credit_wins(&mut t.wins, &o.winners, player);
        }
        for c in 0..chairs {
            t.points[player(c)] += game.scores[game.side(c) as usize] as i64;
        }
    }
    Ok(t)
}

/// `muggins sim dominoes --preset P --players N --games G --seed S --seats expert,normal`.
/// The listed players take the chairs in turn, one chair further on every game, so each sits
/// everywhere; win rates are per listed player.
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
            crate::files::shown(args.preset.as_deref().unwrap_or("")),
            names.join(", ")
        ));
    };
    let words = match args.seat_words("greedy") {
        Ok(w) => w,
        Err(e) => return fail(e),
    };
    let mut listed = Vec::new();
    for s in words {
        match DominoesPolicy::parse(s) {
            Some(p) => listed.push(p),
            None => {
                return fail(format!(
                    "--seats: \"{}\" is not random, greedy, easy, normal, hard or expert",
                    crate::files::shown(s)
                ));
            }
        }
    }
    let chairs = args.players();
    let probe = match DominoesGame::new(preset.variant, chairs, args.partnerships, 0) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    let start = Instant::now();
    let parts = super::stats::on_every_core(args.games as u64, |games| {
        play_games(args, preset.variant, &listed, games)
    });
    let mut t = Tally::new(probe.sides() as usize, listed.len());
    match parts {
        Ok(parts) => parts.into_iter().for_each(|part| t.merge(part)),
        Err(e) => return fail(e),
    }
    report(
        args,
        preset,
        &probe,
        &listed,
        &mut t,
        start.elapsed().as_secs_f64(),
    )
}

fn report(
    args: &SimArgs,
    preset: &crate::rules::Preset<crate::rules::dominoes::DominoesVariant>,
    probe: &DominoesGame,
    listed: &[DominoesPolicy],
    t: &mut Tally,
    secs: f64,
) -> ExitCode {
    let sides = probe.sides() as usize;
    let hands = t.hands.max(1) as f64;
    let per_hand = |v: &[i64]| -> Vec<f64> {
        v.iter()
            .map(|p| (*p as f64 / hands * 100.0).round() / 100.0)
            .collect()
    };
    let names: Vec<String> = (0..sides as u8).map(|s| side_name(probe, s)).collect();
    let blocked_share = t.blocked as f64 / hands;
    let hand_len = t.actions as f64 / hands;
    let laid = t.laid as f64 / hands;
    let games = args.games as f64;
    let games_per_s = games / secs.max(1e-9);
    // Chairs per listed player per game, for the average points.
    let chair_games = |i: usize| {
        (0..args.games as usize)
            .map(|g| {
                (0..args.players() as usize)
                    .filter(|c| (c + g) % listed.len() == i)
                    .count()
            })
            .sum::<usize>()
            .max(1) as f64
    };
    let f = PlayerFigures::of(&t.wins, args.games, &mut t.decisions);
    let (win_rate, ci) = (&f.win_rate, &f.ci95);
    let avg_points: Vec<f64> = (0..listed.len())
        .map(|i| (t.points[i] as f64 / chair_games(i) * 10.0).round() / 10.0)
        .collect();
    let (p50, p99) = (&f.decision_p50, &f.decision_p99);
    let player_names: Vec<String> = listed.iter().map(|p| p.name()).collect();
    if args.json {
        println!(
            "{}",
            json!({
                "game": "dominoes",
                "preset": preset.name,
                "players": args.players(),
                "partnerships": args.partnerships,
                "seats": player_names,
                "games": args.games,
                "win_rate": win_rate,
                "ci95": f.ci95_json(),
                "points_mean": avg_points,
                "decision_ms_p50": p50,
                "decision_ms_p99": p99,
                "games_per_s": games_per_s,
                "wins": t.wins,
                "hands": t.hands,
                "blocked_share": blocked_share,
                "hand_actions_mean": hand_len,
                "hand_actions_min": t.hand_actions_min,
                "hand_actions_max": t.hand_actions_max,
                "tiles_laid_per_hand": laid,
                "sides": names,
                "count_points_per_hand": per_hand(&t.counts),
                "bonus_points_per_hand": per_hand(&t.bonuses),
            })
        );
        return ExitCode::SUCCESS;
    }
    println!(
        "{} ({}), {} players{}, {} games from seed {}: {} (taking the chairs in turn)",
        preset.title,
        preset.name,
        args.players(),
        if args.partnerships {
            " in partnerships"
        } else {
            ""
        },
        args.games,
        args.seed,
        player_names.join(", ")
    );
    println!(
        "hands: {} ({:.1} a game), blocked {:.1}%",
        t.hands,
        hands / games,
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
            "chair {name}: {:.2} points a hand from counts, {:+.2} at the end of hands",
            counts[i], bonuses[i]
        );
    }
    for (i, name) in player_names.iter().enumerate() {
        let timing = if t.decisions[i].is_empty() {
            String::new()
        } else {
            format!(", decisions {:.2} ms median, {:.2} ms p99", p50[i], p99[i])
        };
        println!(
            "{name}: won {} of {} ({:.1}%, 95% CI {:.1}–{:.1}%), {:.1} points a game{timing}",
            t.wins[i],
            args.games,
            win_rate[i] * 100.0,
            ci[i].0 * 100.0,
            ci[i].1 * 100.0,
            avg_points[i]
        );
    }
    println!("games/s: {games_per_s:.1}");
    ExitCode::SUCCESS
}
