//! `muggins kugel`, `muggins replay` for Kugelbox records and `muggins sim kugelbox`.

use std::process::ExitCode;
use std::time::Instant;

use serde_json::{Value, json};

use super::SimArgs;
use super::marbles::fail;
use crate::rules::Catalog;
use crate::rules::kugelbox::{
    Action, CHIKUGO, Event, KugelGame, KugelRecord, Phase, RandomThrows, Scoring, Throw, parse_ball,
};
use crate::rules::marbles::score::seat_letter;
use crate::rules::rng::SplitMix;

/// `muggins kugel BALL1 [BALL2] [--calc] [--json]`: BALL1 is the red ball.
pub fn kugel_cmd(red: &str, other: Option<&str>, calc: bool, json: bool) -> ExitCode {
    let balls = parse_ball(red).and_then(|r| Ok((r, other.map(parse_ball).transpose()?.flatten())));
    let (red, other) = match balls {
        Ok(b) => b,
        Err(e) => return fail(e),
    };
    let throw = Throw { red, other };
    let (catalog, _) = Catalog::builtin();
    let layout = catalog
        .kugelbox
        .iter()
        .find(|p| p.variant.scoring == Scoring::SmartCalculators)
        .or(catalog.kugelbox.first())
        .map(|p| p.variant.layout.clone());
    let Some(layout) = layout else {
        return fail("no Kugelbox preset describes the box");
    };
    if let Err(e) = throw.check(&layout) {
        return fail(e);
    }
    let s = if calc {
        throw.calculators(&layout)
    } else {
        throw.geometry()
    };
    if json {
        // Written out by hand: the issue fixes the key order.
        println!(
            "{{\"score\":{},\"row\":{},\"square\":{}}}",
            s.score, s.row, s.square
        );
    } else {
        let mut words = vec![s.score.to_string()];
        if s.row {
            words.push("row".into());
        }
        if s.square {
            words.push("square".into());
        }
        println!("{}", words.join(" "));
    }
    ExitCode::SUCCESS
}

/// The state of a replayed game, as JSON.
pub fn game_json(record: &KugelRecord, game: &KugelGame) -> Value {
    let outcome = game.outcome.as_ref();
    let letters = |v: &[u8]| {
        v.iter()
            .map(|s| seat_letter(*s).to_string())
            .collect::<Vec<_>>()
    };
    json!({
        "game": "kugelbox",
        "preset": record.preset,
        "seats": record.seats,
        "actions": record.actions.len(),
        "over": matches!(game.phase, Phase::Over),
        "stage": format!("{:?}", game.stage),
        "winners": outcome.map(|o| letters(&o.winners)),
        "loser": outcome.and_then(|o| o.loser).map(|l| seat_letter(l).to_string()),
        "order": outcome.map(|o| o.order.iter().map(|(s, f)| json!([seat_letter(*s).to_string(), format!("{f:?}")])).collect::<Vec<_>>()),
        "points": game.points(),
        "expecting": game.expecting(),
    })
}

/// `muggins replay FILE [--json]` for a Kugelbox record (`text` is the file's contents).
pub fn replay_cmd(path: &std::path::Path, text: &str, json: bool) -> ExitCode {
    let (record, (game, _)) = match super::replay_record(
        path,
        text,
        KugelRecord::parse,
        crate::rules::record::play_through::<KugelGame>,
    ) {
        Ok(r) => r,
        Err(code) => return code,
    };
    if json {
        println!("{}", game_json(&record, &game));
        return ExitCode::SUCCESS;
    }
    println!(
        "Kugelbox {}, {} seats, {} actions",
        record.preset,
        record.seats,
        record.actions.len()
    );
    match &game.outcome {
        Some(o) => {
            let w: Vec<String> = o
                .winners
                .iter()
                .map(|s| seat_letter(*s).to_string())
                .collect();
            println!("over: winners {}", w.join(" "));
            if let Some(l) = o.loser {
                println!("loser {}", seat_letter(l));
            }
        }
        None => println!("in progress: waiting for {}", game.expecting()),
    }
    for (s, p) in game.points().iter().enumerate() {
        println!("{}: {p}", seat_letter(s as u8));
    }
    ExitCode::SUCCESS
}

/// Plays one game with the random throw model and seats that pick a chip at random (or the one
/// worth most, when `greedy`). Calls `each` after every action.
pub fn play_kugel(
    game: &mut KugelGame,
    p_in: f64,
    greedy: bool,
    seed: u64,
    max_actions: usize,
    mut each: impl FnMut(&KugelGame, Action, &[Event]),
) -> Result<usize, String> {
    let mut model = RandomThrows::new(p_in, seed);
    let mut rng = SplitMix::new(seed, 0xC);
    let mut n = 0;
    while n < max_actions {
        let action = match game.phase {
            Phase::Over => break,
            Phase::Throw { .. } => Action::Throw(model.throw(&game.variant.layout)),
            Phase::Choose { .. } => {
                let choices = game.chip_choices();
                let pick = if greedy {
                    choices.iter().copied().max_by_key(|a| match a {
                        Action::Chip(c) => game.face(*c).points(),
                        Action::Throw(_) => 0,
                    })
                } else {
                    choices
                        .get(rng.below(choices.len().max(1) as u32) as usize)
                        .copied()
                };
                let Some(a) = pick else {
                    return Err(format!("{}: no choice offered", game.expecting()));
                };
                a
            }
        };
        let events = game
            .apply(action)
            .map_err(|e| format!("action {n} ({action:?}) refused: {e}"))?;
        n += 1;
        each(game, action, &events);
    }
    Ok(n)
}

/// `muggins sim kugelbox --game chikugo|take-it --players N --games G [--seed S] [--json]`.
pub fn sim_cmd(args: &SimArgs) -> ExitCode {
    let (catalog, _) = Catalog::builtin();
    let name = args
        .kugel_game
        .clone()
        .or(args.preset.clone())
        .unwrap_or_else(|| "chikugo".into());
    let Some(preset) = catalog.kugelbox.iter().find(|p| p.name == name) else {
        let names: Vec<&str> = catalog.kugelbox.iter().map(|p| p.name.as_str()).collect();
        return fail(format!(
            "no Kugelbox game \"{}\"; games: {}",
            crate::files::shown(&name),
            names.join(", ")
        ));
    };
    if let Err(e) = KugelGame::new(preset.variant.clone(), args.players(), 0) {
        return fail(e);
    }
    // AI levels throw through the physics box; "random" (or no --seats) is the throw model.
    let words = match args.seat_words("random") {
        Ok(w) => w,
        Err(e) => return fail(e),
    };
    if words.iter().any(|w| !w.eq_ignore_ascii_case("random")) {
        let mut listed = Vec::new();
        for w in words {
            match crate::ai::Difficulty::parse(w) {
                Some(d) => listed.push(d),
                None => {
                    return fail(format!(
                        "--seats: \"{}\" is not easy, normal, hard or expert (or random for \
                         the throw model, alone)",
                        crate::files::shown(w)
                    ));
                }
            }
        }
        if args.p_in.is_some() {
            return fail("--p-in sets the random throws; AI seats throw through the physics box");
        }
        return sim_levels(args, preset, &listed);
    }
    let n = args.players() as usize;
    let mut wins = vec![0u32; n];
    let mut losses = vec![0u32; n];
    let mut points = vec![0u64; n];
    let (mut throws, mut score_sum, mut chikugos) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    for g in 0..args.games as u64 {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g);
        let Ok(mut game) = KugelGame::new(preset.variant.clone(), args.players(), seed) else {
            continue;
        };
        let played = play_kugel(
            &mut game,
            args.p_in(),
            false,
            seed,
            100_000,
            |_, _, events| {
                for e in events {
                    if let Event::Thrown { scored, .. } = e {
                        throws += 1;
                        score_sum += scored.score as u64;
                        chikugos += u64::from(scored.score == CHIKUGO);
                    }
                }
            },
        );
        if let Err(e) = played {
            return fail(format!("game {g} (seed {seed}): {e}"));
        }
        if let Some(o) = &game.outcome {
            for w in &o.winners {
                wins[*w as usize] += 1;
            }
            if let Some(l) = o.loser {
                losses[l as usize] += 1;
            }
            for (p, v) in points.iter_mut().zip(&o.points) {
                *p += *v as u64;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let games = args.games as f64;
    let avg_points: Vec<f64> = points
        .iter()
        .map(|p| (*p as f64 / games * 100.0).round() / 100.0)
        .collect();
    let throws_per_game = throws as f64 / games;
    let avg_score = score_sum as f64 / throws.max(1) as f64;
    let chikugo = game_is_chikugo(&preset.variant);
    if args.json {
        println!(
            "{}",
            json!({
                "game": "kugelbox",
                "preset": preset.name,
                "players": args.players(),
                "games": args.games,
                "p_in": args.p_in(),
                "wins": wins,
                "losses": losses,
                "points_mean": avg_points,
                "throws_per_game": throws_per_game,
                "throw_score_mean": avg_score,
                "chikugo_throws": chikugos,
                "games_per_s": games / secs,
            })
        );
        return ExitCode::SUCCESS;
    }
    println!(
        "{} ({}), {} players, {} games from seed {}, random throws (each ball in with p = {})",
        preset.title,
        preset.name,
        args.players(),
        args.games,
        args.seed,
        args.p_in()
    );
    println!(
        "throws: {throws_per_game:.1} a game, mean score {avg_score:.2}, {chikugos} throws of 25"
    );
    for s in 0..n {
        if chikugo {
            println!(
                "{}: won {} ({:.1}%), lost {} ({:.1}%)",
                seat_letter(s as u8),
                wins[s],
                wins[s] as f64 * 100.0 / games,
                losses[s],
                losses[s] as f64 * 100.0 / games
            );
        } else {
            println!(
                "{}: won {} ({:.1}%), {:.2} points a game",
                seat_letter(s as u8),
                wins[s],
                wins[s] as f64 * 100.0 / games,
                avg_points[s]
            );
        }
    }
    println!("games/s: {:.0}", games / secs);
    ExitCode::SUCCESS
}

fn game_is_chikugo(v: &crate::rules::kugelbox::KugelboxVariant) -> bool {
    v.mode == crate::rules::kugelbox::KugelboxMode::Chikugo
}

/// `muggins sim kugelbox --game G --seats expert,normal ...`: AI players throwing through the
/// physics box; chair c of game g is listed player (c + g) mod n.
fn sim_levels(
    args: &SimArgs,
    preset: &crate::rules::Preset<crate::rules::kugelbox::KugelboxVariant>,
    listed: &[crate::ai::Difficulty],
) -> ExitCode {
    use super::stats::{PlayerFigures, credit_wins};
    use crate::ai::kugelbox::KugelAi;
    use crate::physics::kugel::Kugelbox;
    let n = listed.len();
    let mut wins = vec![0u32; n];
    let mut losses = vec![0u32; n];
    let mut points = vec![0i64; n];
    let mut chair_games = vec![0u32; n];
    let mut throw_scores = vec![(0u64, 0u64); n];
    let mut decisions: Vec<Vec<f64>> = vec![Vec::new(); n];
    let start = Instant::now();
    let mut model = Kugelbox::new(preset.variant.throw_time_limit_ms as f32 / 1000.0);
    for g in 0..args.games as u64 {
        let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g);
        let mut game = match KugelGame::new(preset.variant.clone(), args.players(), seed) {
            Ok(game) => game,
            Err(e) => return fail(e),
        };
        let player = |c: u8| (c as usize + g as usize) % n;
        let mut ais: Vec<KugelAi> = (0..args.players())
            .map(|c| KugelAi::new(listed[player(c)], seed ^ (c as u64) << 40))
            .collect();
        for step in 0..10_000u64 {
            let Some(seat) = game.actor() else { break };
            let clock = Instant::now();
            let Some(action) =
                ais[seat as usize].act(&game, seat, &mut model, seed.wrapping_add(step))
            else {
                return fail(format!("seat {seat} had no action: {}", game.expecting()));
            };
            decisions[player(seat)].push(clock.elapsed().as_secs_f64() * 1e3);
            if let Action::Throw(t) = action {
                let s = t.score(game.variant.scoring, &game.variant.layout).score;
                let e = &mut throw_scores[player(seat)];
                e.0 += s as u64;
                e.1 += 1;
            }
            if let Err(e) = game.apply(action) {
                return fail(format!("game {g} step {step} ({action:?}): {e}"));
            }
        }
        if let Some(o) = &game.outcome {
            credit_wins(&mut wins, &o.winners, player);
            if let Some(l) = o.loser {
                losses[player(l)] += 1;
            }
            for (c, p) in o.points.iter().enumerate() {
                points[player(c as u8)] += *p as i64;
                chair_games[player(c as u8)] += 1;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let games = args.games as f64;
    let names: Vec<String> = listed
        .iter()
        .map(|d| d.to_string().to_lowercase())
        .collect();
    let f = PlayerFigures::of(&wins, args.games, &mut decisions);
    let (win_rate, ci) = (&f.win_rate, &f.ci95);
    let mean_throw: Vec<f64> = throw_scores
        .iter()
        .map(|(s, k)| *s as f64 / (*k).max(1) as f64)
        .collect();
    let mean_points: Vec<f64> = (0..n)
        .map(|i| points[i] as f64 / chair_games[i].max(1) as f64)
        .collect();
    let (p50, p99) = (&f.decision_p50, &f.decision_p99);
    if args.json {
        println!(
            "{}",
            json!({
                "game": "kugelbox",
                "preset": preset.name,
                "players": args.players(),
                "seats": names,
                "games": args.games,
                "win_rate": win_rate,
                "ci95": f.ci95_json(),
                "losses": losses,
                "throw_score_mean": mean_throw,
                "points_mean": mean_points,
                "decision_ms_p50": p50,
                "decision_ms_p99": p99,
                "games_per_s": games / secs,
            })
        );
        return ExitCode::SUCCESS;
    }
    println!(
        "{} ({}), {} players, {} games from seed {}, throws through the physics box: {}",
        preset.title,
        preset.name,
        args.players(),
        args.games,
        args.seed,
        names.join(", ")
    );
    for (i, name) in names.iter().enumerate() {
        println!(
            "{name}: won {} ({:.1}%, 95% CI {:.1}–{:.1}%), lost {}, mean throw {:.2}, {:.2} points a game, decisions {:.1} ms median, {:.1} ms p99",
            wins[i],
            win_rate[i] * 100.0,
            ci[i].0 * 100.0,
            ci[i].1 * 100.0,
            losses[i],
            mean_throw[i],
            mean_points[i],
            p50[i],
            p99[i]
        );
    }
    println!("games/s: {:.2}", games / secs);
    ExitCode::SUCCESS
}
