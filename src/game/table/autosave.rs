//! The game in progress kept on disk: written after every action (atomically, beside the
//! settings), offered as "Resume" on the title, and made a saved record when the game ends.
//! Resuming sits the same seats down (human seats bind their devices again on the setup
//! screen) and replays the record at once, so every piece, the turn, the dice and the windows
//! come back as the last action left them. A game played back from the saved games is not a
//! game in progress and is not written.

use std::path::PathBuf;

use bevy::prelude::*;

use super::records::config_dir;
use super::{Played, Referee};
use crate::game::screen::{Nav, Screen, Table};
use crate::game::{Notices, SettingsPath};
use crate::rules::record::GameAction;
use crate::saves::{self, Autosave, Found};

/// A game in progress to sit down to again: set with the table before the game starts.
#[derive(Resource, Clone, Debug)]
pub struct ResumeRequest(pub Autosave);

/// The game the title offers to resume, read from disk each time the title opens.
#[derive(Resource, Default, Debug)]
pub struct Resumable(pub Option<Autosave>);

/// Where the last finished game's record went, or why it did not (the results screen says).
#[derive(Resource, Default, Debug)]
pub struct LastSaved(pub Option<Result<PathBuf, String>>);

/// What the game at the table has written so far.
#[derive(Resource, Default, Debug)]
pub struct Written {
    /// The game's seed, once its first autosave was written.
    seed: Option<u64>,
    /// The record's length last written.
    len: usize,
    /// The game ended and its record went to the saved records.
    retired: bool,
    /// The last write failed (said once, not every action).
    failed: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Resumable>()
        .init_resource::<LastSaved>()
        .init_resource::<Written>()
        .add_systems(OnEnter(Screen::Title), find)
        .add_systems(OnEnter(Screen::Playing), new_game);
}

/// The navigation that sits a game in progress down at its table again: the setup screen with
/// its seats, where human seats bind their devices and Start resumes it.
pub fn resume_navs(save: &Autosave) -> Vec<Nav> {
    let setup = save.setup();
    vec![Nav::SetUp(setup.game), Nav::Configure(setup)]
}

/// On the title: the game to resume, if one was left; an autosave that cannot be read is set
/// aside and named.
fn find(
    mut commands: Commands,
    settings: Res<SettingsPath>,
    mut resumable: ResMut<Resumable>,
    mut notices: ResMut<Notices>,
) {
    commands.remove_resource::<ResumeRequest>();
    resumable.0 = None;
    let Some(dir) = config_dir(&settings) else {
        return;
    };
    crate::files::sweep_temporaries(&dir);
    crate::files::sweep_temporaries(&dir.join(saves::RECORDS));
    match saves::load(&dir) {
        Found::Game(save) => resumable.0 = Some(save),
        Found::Unreadable { kept, why } => notices.push(format!(
            "The game in progress could not be read ({why}); the file is kept as {}",
            kept.display()
        )),
        Found::Nothing => {}
    }
}

fn new_game(mut written: ResMut<Written>, mut last: ResMut<LastSaved>) {
    *written = Written::default();
    last.0 = None;
}

/// After every action of the game at the table: the autosave written again; when the game
/// ends, its record saved and the autosave removed.
pub fn keep<G: Played>(
    referee: Res<Referee<G>>,
    table: Res<Table>,
    settings: Res<SettingsPath>,
    mut written: ResMut<Written>,
    mut last: ResMut<LastSaved>,
    mut notices: ResMut<Notices>,
) {
    if written.retired {
        return;
    }
    if referee.replay.is_some() {
        // A saved game played back: already a record, not a game in progress.
        written.retired = true;
        return;
    }
    let Some(dir) = config_dir(&settings) else {
        return;
    };
    let len = referee.record.actions.len();
    let over = referee.game.is_over();
    if written.seed.is_some() && written.len == len && !over {
        return;
    }
    if written.seed.is_none() {
        // Another game's autosave is kept as a saved record before this one takes its place;
        // one that cannot be read is set aside.
        match saves::load(&dir) {
            Found::Game(old) if old.record.summary().seed != referee.record.seed => {
                if let Err(e) = saves::save_record(&old.record, &dir.join(saves::RECORDS)) {
                    notices.push(format!(
                        "The game you left could not be kept ({e}), so this one is not saved"
                    ));
                    written.retired = true;
                    return;
                }
            }
            Found::Unreadable { kept, why } => {
                notices.push(format!(
                    "The game in progress could not be read ({why}); the file is kept as {}",
                    kept.display()
                ));
                // Not moved aside: it stays, and this game is not written over it.
                if !saves::may_overwrite(&dir) {
                    written.retired = true;
                    return;
                }
            }
            _ => {}
        }
        written.seed = Some(referee.record.seed);
    }
    written.len = len;
    let record = <G::Action as GameAction>::any(referee.record.clone());
    if over {
        written.retired = true;
        last.0 = Some(saves::retire(&dir, &record));
        return;
    }
    let save = Autosave {
        seats: table.seats.clone(),
        open_hands: table.open_hands,
        record,
    };
    match save.save(&dir) {
        Ok(()) => written.failed = false,
        Err(e) => {
            if !written.failed {
                notices.push(format!("The game is not being saved: {e}"));
            }
            written.failed = true;
        }
    }
}
