//! The game in progress, kept on disk after every action so that nothing is lost when the
//! window is closed, the process killed or the power cut: `autosave.json` beside the settings
//! holds the record (game, preset, seed, every action) and who sat in each seat. Resuming
//! replays the record, so the table comes back exactly as it was. A finished game's autosave
//! becomes a saved record in `records/`; an autosave that cannot be read is renamed aside with
//! its reason, never deleted or overwritten.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::files::{read_capped, write_atomic};
use crate::rules::AnyRecord;
use crate::rules::record::RECORD_CAP;
use crate::table::{SeatKind, TableSetup};

/// The autosave's file name, in the config folder.
pub const AUTOSAVE: &str = "autosave.json";

/// The folder of saved records, in the config folder.
pub const RECORDS: &str = "records";

/// A game in progress: its record and its seats.
#[derive(Clone, Debug, PartialEq)]
pub struct Autosave {
    /// Who sat in each seat (a human seat is bound to a device again when the game resumes).
    pub seats: Vec<SeatKind>,
    /// Dominoes: every human's hand face up.
    pub open_hands: bool,
    pub record: AnyRecord,
}

/// The file as written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    seats: Vec<SeatKind>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    open_hands: bool,
    record: serde_json::Value,
}

impl Autosave {
    pub fn to_json(&self) -> String {
        let record = serde_json::from_str(&self.record.to_json()).unwrap_or_default();
        serde_json::to_string(&File {
            seats: self.seats.clone(),
            open_hands: self.open_hands,
            record,
        })
        .unwrap_or_default()
    }

    /// Reads an autosave; why not, in words.
    pub fn parse(text: &str) -> Result<Autosave, String> {
        let f: File = serde_json::from_str(text).map_err(|e| format!("not an autosave: {e}"))?;
        let record = AnyRecord::parse(&f.record.to_string())?;
        let seats = record.summary().seats as usize;
        if f.seats.len() != seats {
            return Err(format!(
                "the record has {seats} seats but the autosave names {}",
                f.seats.len()
            ));
        }
        Ok(Autosave {
            seats: f.seats,
            open_hands: f.open_hands,
            record,
        })
    }

    /// The table the game was played at.
    pub fn setup(&self) -> TableSetup {
        let s = self.record.summary();
        let mut setup = TableSetup::new(s.game, s.preset, self.seats.clone());
        setup.partnerships = s.partnerships;
        setup.set = s.set;
        setup.scoring = s.scoring;
        setup.open_hands = self.open_hands;
        setup
    }

    /// Writes the autosave into `dir`, atomically.
    pub fn save(&self, dir: &Path) -> Result<(), String> {
        write_atomic(&dir.join(AUTOSAVE), self.to_json().as_bytes())
    }
}

/// What lies in the config folder's autosave.
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    Nothing,
    /// A game to resume.
    Game(Autosave),
    /// An autosave that cannot be read, now at `kept` (renamed so that the next game cannot
    /// overwrite it), and why.
    Unreadable {
        kept: PathBuf,
        why: String,
    },
}

/// Reads the autosave in `dir`. One that cannot be read is moved aside to
/// `autosave-unreadable-<seconds>.json` (never deleted); the reason is returned to show.
pub fn load(dir: &Path) -> Found {
    let (path, why) = match peek(dir) {
        Found::Unreadable { kept, why } => (kept, crate::files::one_line(&why, 300)),
        found => return found,
    };
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut kept = dir.join(format!("autosave-unreadable-{stamp}.json"));
    let mut n = 1;
    while kept.exists() {
        kept = dir.join(format!("autosave-unreadable-{stamp}-{n}.json"));
        n += 1;
    }
    match std::fs::rename(&path, &kept) {
        Ok(()) => Found::Unreadable { kept, why },
        // Not even renamed: it stays where it is, and is still not overwritten (saving refuses
        // while it is there, see `may_overwrite`).
        Err(e) => Found::Unreadable {
            kept: path,
            why: format!("{why}; it could not be moved aside ({e})"),
        },
    }
}

/// What lies in `dir`'s autosave, read without moving anything (a file that cannot be read is
/// named where it lies).
pub fn peek(dir: &Path) -> Found {
    let path = dir.join(AUTOSAVE);
    if !path.exists() {
        return Found::Nothing;
    }
    match read_capped(&path, RECORD_CAP).and_then(|t| Autosave::parse(&t)) {
        Ok(a) => Found::Game(a),
        Err(why) => Found::Unreadable { kept: path, why },
    }
}

/// Whether the autosave in `dir` may be written over: there is none, or it reads as a game.
pub fn may_overwrite(dir: &Path) -> bool {
    !matches!(peek(dir), Found::Unreadable { .. })
}

/// Saves a record in `dir` (the records folder) atomically, named by its game and seed; the
/// file's path.
pub fn save_record(record: &AnyRecord, dir: &Path) -> Result<PathBuf, String> {
    let s = record.summary();
    let path = dir.join(format!("{}-{:016x}.json", s.game.slug(), s.seed));
    write_atomic(&path, record.to_json().as_bytes())?;
    Ok(path)
}

/// The game in `config`'s autosave is over or set aside: its record goes to the saved records
/// and the autosave is removed. The record's path.
pub fn retire(config: &Path, record: &AnyRecord) -> Result<PathBuf, String> {
    let saved = save_record(record, &config.join(RECORDS))?;
    let path = config.join(AUTOSAVE);
    if path.exists() {
        std::fs::remove_file(&path)
            .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    Ok(saved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Difficulty;
    use crate::rules::{Catalog, Game, Record};

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("muggins-saves-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn game() -> Autosave {
        let (catalog, _) = Catalog::builtin();
        let record = crate::sim::fuzz::random_record(Game::Dominoes, &catalog, 5).unwrap();
        Autosave {
            seats: vec![SeatKind::Human, SeatKind::Ai(Difficulty::Hard)],
            open_hands: true,
            record,
        }
    }

    #[test]
    fn an_autosave_round_trips_and_sets_its_table_up() {
        let dir = temp_dir("round");
        let a = game();
        a.save(&dir).unwrap();
        assert_eq!(load(&dir), Found::Game(a.clone()));
        let setup = a.setup();
        assert_eq!(setup.game, Game::Dominoes);
        assert_eq!(setup.seats, a.seats);
        assert!(setup.open_hands);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn an_unreadable_autosave_is_kept_aside_with_its_reason() {
        let dir = temp_dir("bad");
        for (bad, reason) in [
            ("{\"seats\": [], \"record\": 7}", "not a game record"),
            ("{\"seats\": [\"Human\"", "not an autosave"),
            ("", "not an autosave"),
        ] {
            std::fs::write(dir.join(AUTOSAVE), bad).unwrap();
            assert!(!may_overwrite(&dir));
            match load(&dir) {
                Found::Unreadable { kept, why } => {
                    assert!(why.contains(reason), "{why}");
                    assert_eq!(std::fs::read_to_string(&kept).unwrap(), bad);
                    assert!(!dir.join(AUTOSAVE).exists());
                }
                other => panic!("{other:?}"),
            }
            assert!(may_overwrite(&dir));
        }
        // Three files kept, none lost.
        let kept = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(kept, 3);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn seats_must_match_the_record() {
        let mut a = game();
        a.seats.push(SeatKind::Human);
        let e = Autosave::parse(&a.to_json()).unwrap_err();
        assert!(e.contains("2 seats"), "{e}");
    }

    #[test]
    fn retiring_saves_the_record_and_removes_the_autosave() {
        let dir = temp_dir("retire");
        let a = game();
        a.save(&dir).unwrap();
        let saved = retire(&dir, &a.record).unwrap();
        assert!(!dir.join(AUTOSAVE).exists());
        let text = std::fs::read_to_string(saved).unwrap();
        assert_eq!(AnyRecord::parse(&text).unwrap(), a.record);
        let _: Record<crate::rules::dominoes::Action> = Record::parse(&text).unwrap();
        std::fs::remove_dir_all(dir).unwrap();
    }
}
