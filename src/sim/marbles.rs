//! `muggins solve`, `muggins score` and `muggins replay` for MUGGINS!.

use std::process::ExitCode;

use serde_json::{Map, Value, json};

use crate::rules::marbles::score::{SeatScore, parse_board, score_seat, seat_letter};
use crate::rules::marbles::solve::{Ops, solve};
use crate::rules::marbles::{GameRecord, MarblesGame, Phase, replay};

pub fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("muggins: {msg}");
    ExitCode::FAILURE
}

/// `muggins solve A B C [--ops OPS] [--max N] [--json]`.
pub fn solve_cmd(dice: [u8; 3], ops: &str, max: u32, json: bool) -> ExitCode {
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
    let (record, (game, _)) = match super::replay_record(path, text, GameRecord::parse, replay) {
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
