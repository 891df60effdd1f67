//! The Kugelbox score sheet, filled when the rules say the game is over: Chikugo's order of
//! finish with how each player left and the loser last; Take It's chips and their points;
//! practice's throws and totals.

use bevy::prelude::*;

use super::play::{KugelPlay, finish_name};
use crate::game::table::ScoreSheet;
use crate::game::table::seats::seat_who;
use crate::game::table::sheet::SheetRow;
use crate::rules::AnyRecord;
use crate::rules::kugelbox::{KugelGame, Stage};

pub(super) fn plugin(app: &mut App) {
    crate::game::table::sheet::fill_when_over(app, sheet_of);
}

/// The sheet of a finished game (none before its end).
pub fn sheet_of(play: &KugelPlay) -> Option<ScoreSheet> {
    let game = &play.game;
    let o = game.outcome.as_ref()?;
    let chips = |s: u8| -> String {
        let faces: Vec<String> = KugelGame::chips_of(game.held[s as usize])
            .map(|c| game.face(c).label())
            .collect();
        if faces.is_empty() {
            "—".into()
        } else {
            faces.join(" ")
        }
    };
    let (columns, order): (Vec<&str>, Vec<u8>) = match game.stage {
        Stage::PickUp | Stage::LayOut => (
            vec!["Place", "How", "Chips"],
            o.order.iter().map(|(s, _)| *s).collect(),
        ),
        Stage::TakeIt => (vec!["Chips", "Points"], (0..game.seats).collect()),
        Stage::Practice => (vec!["Throws", "Total"], (0..game.seats).collect()),
    };
    let rows = order
        .iter()
        .enumerate()
        .map(|(place, s)| {
            let cells = match game.stage {
                Stage::PickUp | Stage::LayOut => {
                    let how = o
                        .order
                        .iter()
                        .find(|(who, _)| who == s)
                        .map_or("", |(_, f)| finish_name(*f));
                    vec![(place + 1).to_string(), how.to_string(), chips(*s)]
                }
                Stage::TakeIt => vec![chips(*s), o.points[*s as usize].to_string()],
                Stage::Practice => vec![
                    game.throws[*s as usize].to_string(),
                    o.points[*s as usize].to_string(),
                ],
            };
            SheetRow {
                seat: *s,
                who: seat_who(*s, play.seats.get(*s as usize), None),
                cells,
            }
        })
        .collect();
    let note = Some(format!(
        "{} · {}",
        play.record.preset,
        game.variant.summary()
    ));
    Some(ScoreSheet {
        game: crate::rules::Game::Kugelbox,
        note,
        columns: columns.into_iter().map(String::from).collect(),
        rows,
        winners: o.winners.clone(),
        record: AnyRecord::Kugelbox(play.record.clone()),
    })
}
