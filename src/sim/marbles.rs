//! `muggins solve`, `muggins score` and `muggins replay` for MUGGINS!.

use std::process::ExitCode;
use std::time::Instant;

use serde_json::{Map, Value, json};

use crate::rules::Catalog;

use crate::rules::marbles::score::{SeatScore, parse_board, score_seat, seat_letter};
use crate::rules::marbles::solve::{Ops, solve};
use crate::rules::marbles::{GameRecord, MarblesGame, Phase};

/// Most characters of a one-line error.
pub const MESSAGE_CHARS: usize = 400;

/// Prints a one-line error (control characters escaped, a long line cut) and fails.
pub fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!(
        "muggins: {}",
        crate::files::one_line(&msg.to_string(), MESSAGE_CHARS)
    );
    ExitCode::FAILURE
}

/// `muggins solve A B C [--ops OPS] [--max N] [--json]`.
pub fn solve_cmd(dice: [u8; 3], ops: &str, max: u32, json: bool) -> ExitCode {
    if let Some(d) = dice.iter().find(|d| !(1..=12).contains(*d)) {
        return fail(format!("a die shows 1 to 6 (or 1 to 12 on a d12), not {d}"));
    }
    let ops = match Ops::parse(ops) {
        Ok(o) => o,
        Err(e) => return fail(format!("--ops: {e}")),
    };
    if !(1..=2000).contains(&max) {
        return fail(format!("--max must be 1 to 2000, not {max}"));
    }
    let found = solve(dice, ops, max);
    if json {
        let totals: Vec<u32> = found.iter().map(|(t, _)| *t).collect();
        let exprs: Map<String, Value> = found
            .iter()
            .map(|(t, e)| (t.to_string(), Value::String(e.to_string())))
            .collect();
        println!(
            "{}",
            json!({"dice": dice, "totals": totals, "expressions": exprs})
        );
    } else {
        let line: Vec<String> = found.iter().map(|(t, _)| t.to_string()).collect();
        println!("{}", line.join(" "));
        for (t, e) in &found {
            println!("{t} = {e}");
        }
    }
    ExitCode::SUCCESS
}

fn score_json(s: &SeatScore) -> Value {
    json!({"marbles": s.marbles, "runs": s.runs, "bonus": s.bonus, "total": s.total})
}

fn board_string(board: &[Option<u8>]) -> String {
    board.iter().map(|s| s.map_or('.', seat_letter)).collect()
}

/// `muggins score --board STRING [--json]`.
pub fn score_cmd(board: &str, json: bool) -> ExitCode {
    let board = match parse_board(board) {
        Ok(b) => b,
        Err(e) => return fail(format!("--board: {e}")),
    };
    let wrap = board.len() == 36;
    let mut seats: Vec<u8> = board.iter().flatten().copied().collect();
    seats.sort_unstable();
    seats.dedup();
    if json {
        let out: Map<String, Value> = seats
            .iter()
            .map(|s| {
                let sc = score_seat(&board, *s, wrap, true);
                (seat_letter(*s).to_string(), score_json(&sc))
            })
            .collect();
        println!("{}", Value::Object(out));
    } else {
        for s in seats {
            let sc = score_seat(&board, s, wrap, true);
            let runs: Vec<String> = sc.runs.iter().map(|r| r.to_string()).collect();
            println!(
                "{}: {} marbles, runs [{}], bonus {}, total {}",
                seat_letter(s),
                sc.marbles,
                runs.join(", "),
                sc.bonus,
                sc.total
            );
        }
    }
    ExitCode::SUCCESS
}

/// The final state of a replayed game, as JSON.
pub fn game_json(record: &GameRecord, game: &MarblesGame) -> Value {
    let scores: Map<String, Value> = game
        .scores()
        .iter()
        .enumerate()
        .map(|(s, sc)| (seat_letter(s as u8).to_string(), score_json(sc)))
        .collect();
    let outcome = game.outcome.as_ref();
    json!({
        "game": "marbles",
        "preset": record.preset,
        "seats": record.seats,
        "actions": record.actions.len(),
        "over": matches!(game.phase, Phase::Over),
        "reason": outcome.map(|o| format!("{:?}", o.reason)),
        "winners": outcome.map(|o| o.winners.iter().map(|w| seat_letter(*w).to_string()).collect::<Vec<_>>()),
        "solitaire_score": outcome.and_then(|o| o.solitaire_score),
        "board": board_string(&game.board()),
        "scores": scores,
    })
}

/// `muggins replay FILE [--json]` for a MUGGINS! record (`text` is the file's contents).
pub fn replay_cmd(path: &std::path::Path, text: &str, json: bool) -> ExitCode {
    let (record, (game, _)) = match super::replay_record(
        path,
        text,
        GameRecord::parse,
        crate::rules::record::play_through::<MarblesGame>,
    ) {
        Ok(r) => r,
        Err(code) => return code,
    };
    if json {
        println!("{}", game_json(&record, &game));
        return ExitCode::SUCCESS;
    }
    println!(
        "MUGGINS! {}, {} seats, {} actions",
        record.preset,
        record.seats,
        record.actions.len()
    );
    println!("board {}", board_string(&game.board()));
    match &game.outcome {
        Some(o) => {
            println!("over: {:?}", o.reason);
            if let Some(s) = o.solitaire_score {
                println!("solitaire score {s}");
            }
            let w: Vec<String> = o
                .winners
                .iter()
                .map(|w| seat_letter(*w).to_string())
                .collect();
            if !w.is_empty() {
                println!("winners {}", w.join(" "));
            }
        }
        None => println!("in progress: waiting for {}", game.expecting()),
    }
    for (s, sc) in game.scores().iter().enumerate() {
        println!(
            "{}: {} marbles, runs {:?}, bonus {}, total {}",
            seat_letter(s as u8),
            sc.marbles,
            sc.runs,
            sc.bonus,
            sc.total
        );
    }
    ExitCode::SUCCESS
}

/// What `muggins sim marbles` counts, per listed player.
struct MarblesTally {
    wins: Vec<u32>,
    points: Vec<i64>,
    chair_games: Vec<u32>,
    decisions: Vec<Vec<f64>>,
    /// Summed solitaire scores (only games whose board was filled have one).
    solitaire: Vec<u32>,
    /// Games whose board was filled in Solitaire.
    solitaire_games: Vec<u32>,
}

impl MarblesTally {
    fn new(n: usize) -> MarblesTally {
        MarblesTally {
            wins: vec![0; n],
            points: vec![0; n],
            chair_games: vec![0; n],
            decisions: vec![Vec::new(); n],
            solitaire: vec![0; n],
            solitaire_games: vec![0; n],
        }
    }

    fn merge(&mut self, o: MarblesTally) {
        let add = |a: &mut Vec<u32>, b: Vec<u32>| a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
        add(&mut self.wins, o.wins);
        add(&mut self.chair_games, o.chair_games);
        add(&mut self.solitaire, o.solitaire);
        add(&mut self.solitaire_games, o.solitaire_games);
        self.points
            .iter_mut()
            .zip(o.points)
            .for_each(|(a, b)| *a += b);
        self.decisions
            .iter_mut()
            .zip(o.decisions)
            .for_each(|(a, b)| a.extend(b));
    }
}

/// Plays one MUGGINS! game with AI seats; chair c is listed player (c + g) mod n. Opponents speak
/// on an open window in seat order after the player who made the move, before the next roll.
fn play_marbles(
    variant: &crate::rules::marbles::MarblesVariant,
    chairs: u8,
    seed: u64,
    g: u64,
    listed: &[crate::ai::Difficulty],
    t: &mut MarblesTally,
) -> Result<(), String> {
    use crate::ai::marbles::MarblesAi;
    let n = listed.len();
    let player = |c: u8| (c as usize + g as usize) % n;
    let mut game = MarblesGame::new(variant.clone(), chairs, seed)?;
    let mut ais: Vec<MarblesAi> = (0..chairs)
        .map(|c| MarblesAi::new(listed[player(c)], seed ^ (c as u64) << 32))
        .collect();
    let mut referee = crate::ai::marbles::Referee::default();
    for step in 0..200_000 {
        let deciding = matches!(game.phase, Phase::Place { .. } | Phase::Triples { .. });
        let clock = Instant::now();
        let Some((seat, action)) = referee.next(&game, &mut ais) else {
            break;
        };
        if deciding && game.actor() == Some(seat) {
            t.decisions[player(seat)].push(clock.elapsed().as_secs_f64() * 1e3);
        }
        game.apply(action)
            .map_err(|e| format!("game {g} (seed {seed}) action {step} ({action:?}): {e}"))?;
    }
    let outcome = game
        .outcome
        .as_ref()
        .ok_or_else(|| format!("game {g} (seed {seed}) did not end"))?;
    super::stats::credit_wins(&mut t.wins, &outcome.winners, player);
    for (c, s) in outcome.scores.iter().enumerate() {
        let p = player(c as u8);
        t.points[p] += s.total as i64;
        t.chair_games[p] += 1;
    }
    if let Some(s) = outcome.solitaire_score {
        t.solitaire[player(0)] += s;
        t.solitaire_games[player(0)] += 1;
    }
    Ok(())
}

/// `muggins sim marbles --preset P --players N --games G --seed S --seats expert,normal [--json]`.
pub fn sim_cmd(args: &super::SimArgs) -> ExitCode {
    use super::stats::PlayerFigures;
    use crate::ai::Difficulty;
    let (catalog, _) = Catalog::builtin();
    let name = args.preset.clone().unwrap_or_else(|| "classic".into());
    let Some(preset) = catalog.marbles.iter().find(|p| p.name == name) else {
        let names: Vec<&str> = catalog.marbles.iter().map(|p| p.name.as_str()).collect();
        return fail(format!(
            "no MUGGINS! preset \"{}\"; presets: {}",
            crate::files::shown(&name),
            names.join(", ")
        ));
    };
    let words = match args.seat_words("normal") {
        Ok(w) => w,
        Err(e) => return fail(e),
    };
    let mut listed = Vec::new();
    for s in words {
        match Difficulty::parse(s) {
            Some(d) => listed.push(d),
            None => {
                return fail(format!(
                    "--seats: \"{}\" is not easy, normal, hard or expert",
                    crate::files::shown(s)
                ));
            }
        }
    }
    let chairs = if preset.variant.mode == crate::rules::marbles::MarblesMode::Solitaire {
        if args.players.is_some_and(|n| n != 1) {
            return fail(format!(
                "{} is played by one: leave out --players (or say 1)",
                preset.title
            ));
        }
        1
    } else {
        args.players()
    };
    if let Err(e) = MarblesGame::new(preset.variant.clone(), chairs, 0) {
        return fail(e);
    }
    let n = listed.len();
    let start = Instant::now();
    let parts = super::stats::on_every_core(args.games as u64, |games| {
        let mut t = MarblesTally::new(n);
        for g in games {
            let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g);
            play_marbles(&preset.variant, chairs, seed, g, &listed, &mut t)?;
        }
        Ok(t)
    });
    let mut t = MarblesTally::new(n);
    match parts {
        Ok(parts) => parts.into_iter().for_each(|part| t.merge(part)),
        Err(e) => return fail(e),
    }
    let solitaire_games = &t.solitaire_games;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let games = args.games as f64;
    let names: Vec<String> = listed
        .iter()
        .map(|d| d.to_string().to_lowercase())
        .collect();
    let f = PlayerFigures::of(&t.wins, args.games, &mut t.decisions);
    let (win_rate, ci) = (&f.win_rate, &f.ci95);
    let points: Vec<f64> = (0..n)
        .map(|i| (t.points[i] as f64 / t.chair_games[i].max(1) as f64 * 10.0).round() / 10.0)
        .collect();
    let (p50, p99) = (&f.decision_p50, &f.decision_p99);
    let solitaire: Vec<Option<f64>> = (0..n)
        .map(|i| {
            (solitaire_games[i] > 0).then(|| t.solitaire[i] as f64 / solitaire_games[i] as f64)
        })
        .collect();
    if args.json {
        println!(
            "{}",
            json!({
                "game": "marbles",
                "preset": preset.name,
                "players": chairs,
                "seats": names,
                "games": args.games,
                "win_rate": win_rate,
                "ci95": f.ci95_json(),
                "points_mean": points,
                "solitaire_score_mean": solitaire,
                "decision_ms_p50": p50,
                "decision_ms_p99": p99,
                "games_per_s": games / secs,
            })
        );
        return ExitCode::SUCCESS;
    }
    println!(
        "MUGGINS! {} ({}), {} players, {} games from seed {}: {} (taking the chairs in turn)",
        preset.title,
        preset.name,
        chairs,
        args.games,
        args.seed,
        names.join(", ")
    );
    for (i, name) in names.iter().enumerate() {
        let sol = solitaire[i]
            .map(|s| {
                format!(
                    ", solitaire score {s:.2} (boards filled {:.1}%)",
                    100.0 * solitaire_games[i] as f64 / games
                )
            })
            .unwrap_or_default();
        // Solitaire has nobody to beat: its figure is the score.
        let won = if chairs > 1 {
            format!(
                "won {} of {} ({:.1}%, 95% CI {:.1}–{:.1}%), ",
                t.wins[i],
                args.games,
                win_rate[i] * 100.0,
                ci[i].0 * 100.0,
                ci[i].1 * 100.0,
            )
        } else {
            String::new()
        };
        println!(
            "{name}: {won}{:.1} points a game{sol}, decisions {:.3} ms median, {:.3} ms p99",
            points[i], p50[i], p99[i]
        );
    }
    println!("games/s: {:.1}", games / secs);
    ExitCode::SUCCESS
}
