//! Saved games of every game, through one path: saved as JSON beside the settings, listed on
//! the title by game, preset and players (a file that cannot be read is named with its
//! reason), and replayed at the table.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::game::Nav;
use crate::game::settings::SettingsPath;
use crate::rules::AnyRecord;
use crate::table::{SeatKind, TableSetup};

/// A saved game to play back at the table: set with the table before the game starts.
#[derive(Resource, Clone, Debug)]
pub struct ReplayRequest(pub AnyRecord);

pub(super) fn plugin(_app: &mut App) {}

/// Where saved games are kept: `records/` beside the settings file (none when settings live in
/// memory only).
pub fn records_dir(settings: &SettingsPath) -> Option<PathBuf> {
    Some(config_dir(settings)?.join(crate::saves::RECORDS))
}

/// The folder of the settings file, where the autosave and the records live (none when
/// settings live in memory only).
pub fn config_dir(settings: &SettingsPath) -> Option<PathBuf> {
    Some(settings.0.as_ref()?.parent()?.to_path_buf())
}

pub use crate::saves::save_record;

/// The records saved in `dir`, newest first: each file with its record or why it cannot be
/// read.
pub fn saved_records(dir: &Path) -> Vec<(PathBuf, Result<AnyRecord, String>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let when = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (when, p)
        })
        .collect();
    files.sort_by_key(|f| std::cmp::Reverse(f.0));
    files
        .into_iter()
        .map(|(_, p)| {
            let record = crate::files::read_capped(&p, crate::rules::record::RECORD_CAP)
                .and_then(|text| AnyRecord::parse(&text));
            (p, record)
        })
        .collect()
}

/// The navigation that sits a saved game down at its table to be played back (every seat
/// played by the record).
pub fn replay_navs(record: &AnyRecord) -> Vec<Nav> {
    let s = record.summary();
    let mut setup = TableSetup::new(
        s.game,
        s.preset,
        vec![SeatKind::Ai(crate::ai::Difficulty::Normal); s.seats as usize],
    );
    setup.partnerships = s.partnerships;
    setup.set = s.set;
    setup.scoring = s.scoring;
    vec![Nav::SetUp(s.game), Nav::Configure(setup), Nav::Start]
}
