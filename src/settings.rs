//! Player settings, kept in `settings.ron` in the user's config directory (or in
//! `$MUGGINS_CONFIG_DIR`). A missing file gives the defaults; a malformed one gives the defaults
//! and a message saying what was wrong, and is left on disk untouched until the next save.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::table::TableSetup;

/// How the window is shown.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WindowMode {
    #[default]
    Windowed,
    /// Borderless, the size of the monitor.
    Fullscreen,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "game", derive(bevy::prelude::Resource))]
pub struct Settings {
    pub window_mode: WindowMode,
    /// Master volume, 0 to 1.
    pub volume: f32,
    /// No sound at all (the volume is kept for when it comes back).
    pub muted: bool,
    /// The size of the menus and the table's labels: 1 as designed, 0.75 to 2.
    pub ui_scale: f32,
    /// The table set up last, offered again on the setup screen.
    pub last_setup: Option<TableSetup>,
    /// How the tables play.
    pub table: TableOptions,
}

/// How the tables play: the pace, and what the table may do for a human seat.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct TableOptions {
    /// How fast AI seats act and the table's pauses pass: 0.5 (slow) to 3 (fast), 1 usual.
    pub speed: f32,
    /// Dominoes: a human seat that cannot play draws (or passes) by itself.
    pub auto_draw: bool,
    /// Dominoes: a human seat's only legal play is made for it (announcing its true count).
    pub auto_play: bool,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            speed: 1.0,
            auto_draw: false,
            auto_play: false,
        }
    }
}

/// The smallest and largest UI scales.
pub const UI_SCALES: (f32, f32) = (0.75, 2.0);

/// The slowest and fastest table speeds.
pub const SPEEDS: (f32, f32) = (0.5, 3.0);

impl Default for Settings {
    fn default() -> Self {
        Settings {
            window_mode: WindowMode::Windowed,
            volume: 0.8,
            muted: false,
            ui_scale: 1.0,
            last_setup: None,
            table: TableOptions::default(),
        }
    }
}

/// The largest settings file read: a real one is well under a kilobyte.
pub const SETTINGS_CAP: u64 = 64 * 1024;

/// The file name inside the config directory.
pub const FILE_NAME: &str = "settings.ron";

/// Where settings live: `$MUGGINS_CONFIG_DIR`, else `<config dir>/muggins`.
pub fn default_path() -> Option<PathBuf> {
    let dir = match std::env::var_os("MUGGINS_CONFIG_DIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => dirs::config_dir()?.join("muggins"),
    };
    Some(dir.join(FILE_NAME))
}

impl Settings {
    /// Parses settings text; out-of-range values are brought into range.
    pub fn parse(text: &str) -> Result<Settings, String> {
        let mut s: Settings = ron::from_str(text).map_err(|e| e.to_string())?;
        s.volume = if s.volume.is_finite() {
            s.volume.clamp(0.0, 1.0)
        } else {
            Settings::default().volume
        };
        s.ui_scale = if s.ui_scale.is_finite() {
            s.ui_scale.clamp(UI_SCALES.0, UI_SCALES.1)
        } else {
            1.0
        };
        s.table.speed = if s.table.speed.is_finite() {
            s.table.speed.clamp(SPEEDS.0, SPEEDS.1)
        } else {
            1.0
        };
        Ok(s)
    }

    /// Reads the settings at `path`. Never fails: a missing file gives the defaults and no
    /// message; an unreadable or malformed one gives the defaults and a message for the log.
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        if std::fs::metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
            return (Settings::default(), None);
        }
        match crate::files::read_capped(path, SETTINGS_CAP) {
            Ok(text) => match Settings::parse(&text) {
                Ok(s) => (s, None),
                Err(e) => (
                    Settings::default(),
                    Some(format!(
                        "settings file {} is malformed ({}); using defaults",
                        path.display(),
                        crate::files::one_line(&e, 200)
                    )),
                ),
            },
            Err(e) => (Settings::default(), Some(format!("{e}; using defaults"))),
        }
    }

    /// Writes the settings to `path` atomically (a kill at any moment leaves the old file or the
    /// new, never a torn one), creating the directory.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        crate::files::write_atomic(path, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Difficulty;
    use crate::rules::Game;
    use crate::table::SeatKind;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("muggins-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn round_trip_through_a_file() {
        let dir = temp_dir("round-trip");
        let path = dir.join("nested").join(FILE_NAME);
        let s = Settings {
            window_mode: WindowMode::Fullscreen,
            volume: 0.25,
            muted: true,
            ui_scale: 1.5,
            last_setup: Some(TableSetup::new(
                Game::Dominoes,
                "hoyle".into(),
                vec![SeatKind::Human, SeatKind::Ai(Difficulty::Expert)],
            )),
            table: TableOptions {
                speed: 2.0,
                auto_draw: true,
                auto_play: false,
            },
        };
        s.save(&path).unwrap();
        assert_eq!(Settings::load(&path), (s, None));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn missing_file_gives_defaults_quietly() {
        let path = temp_dir("missing").join(FILE_NAME);
        assert_eq!(Settings::load(&path), (Settings::default(), None));
    }

    #[test]
    fn malformed_file_gives_defaults_and_a_message() {
        let dir = temp_dir("malformed");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE_NAME);
        for bad in [
            "(volume: \"loud\")",
            "not ron at all {",
            "(colour: Blue)",
            "\u{0}\u{1}",
        ] {
            std::fs::write(&path, bad).unwrap();
            let (s, msg) = Settings::load(&path);
            assert_eq!(s, Settings::default());
            let msg = msg.expect("a message");
            assert!(
                msg.contains("malformed") && msg.contains(FILE_NAME),
                "{msg}"
            );
            // The bad file is left for the player to look at.
            assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn partial_files_keep_defaults_and_clamp_volume() {
        let s = Settings::parse("(volume: 7.5)").unwrap();
        assert_eq!(s.volume, 1.0);
        assert_eq!(s.window_mode, WindowMode::Windowed);
        assert_eq!(Settings::parse("()").unwrap(), Settings::default());
        assert_eq!(Settings::parse("(volume: -1.0)").unwrap().volume, 0.0);
        assert_eq!(
            Settings::parse("(ui_scale: 9.0)").unwrap().ui_scale,
            UI_SCALES.1
        );
        assert_eq!(
            Settings::parse("(ui_scale: 0.1)").unwrap().ui_scale,
            UI_SCALES.0
        );
        assert!(Settings::parse("(muted: true)").unwrap().muted);
    }
}
