//! The MUGGINS! score sheet: each seat's marbles, its runs with their bonuses, and its total,
//! filled when the rules say the game is over.

use bevy::prelude::*;

use super::play::MarblesPlay;
use crate::game::table::sheet::SheetRow;
use crate::game::table::{ScoreSheet, seats::seat_who};
use crate::rules::AnyRecord;
use crate::rules::marbles::score::run_bonus;

pub(super) fn plugin(app: &mut App) {
    crate::game::table::sheet::fill_when_over(app, sheet_of);
}

/// The sheet of a finished game (none before its end).
pub fn sheet_of(play: &MarblesPlay) -> Option<ScoreSheet> {
    let o = play.game.outcome.as_ref()?;
    let note = if let Some(s) = o.solitaire_score {
        Some(format!(
            "Board filled: Solitaire score {s} (lower is better)"
        ))
    } else if o.winners.is_empty() {
        Some(format!("{} of the spaces filled", o.filled))
    } else {
        None
    };
    let rows = o
        .scores
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let runs: Vec<String> = s
                .runs
                .iter()
                .map(|len| format!("{len} ({})", run_bonus(*len)))
                .collect();
            SheetRow {
                seat: i as u8,
                who: seat_who(i as u8, play.seats.get(i), None),
                cells: vec![
                    s.marbles.to_string(),
                    if runs.is_empty() {
                        "—".into()
                    } else {
                        runs.join(", ")
                    },
                    s.total.to_string(),
                ],
            }
        })
        .collect();
    Some(ScoreSheet {
        game: crate::rules::Game::Marbles,
        note,
        columns: vec!["Marbles".into(), "Runs (bonus)".into(), "Total".into()],
        rows,
        winners: o.winners.clone(),
        record: AnyRecord::Marbles(play.record.clone()),
    })
}
