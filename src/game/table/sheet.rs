//! The score sheet: each game fills one when it ends (columns, a row per seat, the winners and
//! the record to save), and the results screen draws it whatever the game.

use bevy::prelude::*;

use crate::game::screen::Screen;
use crate::rules::table::SeatIndex;
use crate::rules::{AnyRecord, Game};

/// One seat's line on the sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetRow {
    pub seat: SeatIndex,
    /// Who played it: "Seat 1 (AI Expert)".
    pub who: String,
    /// One cell per column after the player's.
    pub cells: Vec<String>,
}

/// A finished game's score sheet.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct ScoreSheet {
    pub game: Game,
    /// A line above the table (a Solitaire score, a shared board).
    pub note: Option<String>,
    /// The column headings after "Player".
    pub columns: Vec<String>,
    pub rows: Vec<SheetRow>,
    pub winners: Vec<SeatIndex>,
    /// The game's record, to save.
    pub record: AnyRecord,
}

impl ScoreSheet {
    /// "Seat 1 wins", "Seats 1 and 3 win", or "No winner".
    pub fn verdict(&self) -> String {
        match self.winners.as_slice() {
            [] => "No winner".into(),
            [one] => format!("{} wins", super::seat_name(*one)),
            many => {
                let names: Vec<String> = many.iter().map(|s| (s + 1).to_string()).collect();
                format!("Seats {} win", names.join(" and "))
            }
        }
    }
}

/// Fills the score sheet of game `G` with `sheet_of` as the rules end the game.
pub fn fill_when_over<G: super::Played>(
    app: &mut App,
    sheet_of: fn(&super::Referee<G>) -> Option<ScoreSheet>,
) {
    app.add_systems(
        Update,
        (move |mut happened: MessageReader<super::Happened<G::Event>>,
               play: Res<super::Referee<G>>,
               mut commands: Commands| {
            if happened.read().count() > 0
                && let Some(sheet) = sheet_of(&play)
            {
                commands.insert_resource(sheet);
            }
        })
        .in_set(super::TableSet::Present)
        .run_if(resource_exists::<super::Referee<G>>),
    );
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), forget_sheet);
}

fn forget_sheet(mut commands: Commands) {
    commands.remove_resource::<ScoreSheet>();
}
