//! The dominoes score sheet: what each player (or side) made in every hand, and the total,
//! filled when the rules say the game is over.

use bevy::prelude::*;

use super::play::DominoesPlay;
use crate::game::table::sheet::SheetRow;
use crate::game::table::{ScoreSheet, seats::seat_who};
use crate::rules::AnyRecord;

/// Hands shown one column each; a longer game lists its hands in one column.
const HAND_COLUMNS: usize = 8;

pub(super) fn plugin(app: &mut App) {
    crate::game::table::sheet::fill_when_over(app, sheet_of);
}

/// The sheet of a finished game (none before its end).
pub fn sheet_of(play: &DominoesPlay) -> Option<ScoreSheet> {
    let o = play.game.outcome.as_ref()?;
    // Hands that scored nothing at all at the end (the one dealt after the last) are left off.
    let mut hands: Vec<&Vec<i32>> = play.table.hand_points.iter().collect();
    while hands.len() > o.hands as usize {
        hands.pop();
    }
    let sides = play.game.sides();
    let rows = (0..sides)
        .map(|side| {
            let seats: Vec<u8> = (0..play.game.seats)
                .filter(|s| play.game.side(*s) == side)
                .collect();
            let who = if play.game.partnerships {
                let names: Vec<String> = seats
                    .iter()
                    .map(|s| seat_who(*s, play.seats.get(*s as usize), None))
                    .collect();
                names.join(" + ")
            } else {
                seat_who(side, play.seats.get(side as usize), None)
            };
            let points: Vec<i32> = hands.iter().map(|h| h[side as usize]).collect();
            let mut cells: Vec<String> = if points.len() <= HAND_COLUMNS {
                points.iter().map(|p| p.to_string()).collect()
            } else {
                vec![
                    points
                        .iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                ]
            };
            cells.push(o.scores[side as usize].to_string());
            SheetRow {
                seat: seats[0],
                who,
                cells,
            }
        })
        .collect();
    let mut columns: Vec<String> = if hands.len() <= HAND_COLUMNS {
        (1..=hands.len()).map(|h| format!("Hand {h}")).collect()
    } else {
        vec![format!("Hands 1–{}", hands.len())]
    };
    columns.push("Total".into());
    let note = Some(format!(
        "{} hands, to {} points{}",
        o.hands,
        play.game.target(),
        if play.game.partnerships {
            " · partnerships"
        } else {
            ""
        }
    ));
    Some(ScoreSheet {
        game: crate::rules::Game::Dominoes,
        note,
        columns,
        rows,
        winners: o.winners.clone(),
        record: AnyRecord::Dominoes(play.record.clone()),
    })
}
