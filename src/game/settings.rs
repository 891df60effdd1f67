//! Loads the player's settings at start, applies them (the window mode; the volume is the sound's
//! own) whenever they change, and writes them when asked.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode as BevyWindowMode};

use super::notices::Notices;
use crate::settings::{Settings, WindowMode};

/// Where the settings file lives; `None` keeps settings in memory only. Insert it before adding
/// the game's plugins to use another file (the tests do).
#[derive(Resource, Clone, Debug)]
pub struct SettingsPath(pub Option<PathBuf>);

/// Ask for the settings to be written to disk.
#[derive(Message, Clone, Copy, Debug)]
pub struct SaveSettings;

pub(super) fn plugin(app: &mut App) {
    let path = match app.world().get_resource::<SettingsPath>() {
        Some(p) => p.clone(),
        None => {
            let p = SettingsPath(crate::settings::default_path());
            app.insert_resource(p.clone());
            p
        }
    };
    let settings = match &path.0 {
        Some(file) => {
            let (settings, problem) = Settings::load(file);
            if let Some(problem) = problem {
                app.world_mut()
                    .get_resource_or_init::<Notices>()
                    .push(problem);
            } else {
                info!("settings from {}", file.display());
            }
            settings
        }
        None => Settings::default(),
    };
    app.insert_resource(settings)
        .add_message::<SaveSettings>()
        .add_systems(
            Update,
            (
                apply_settings.run_if(resource_changed::<Settings>),
                save_settings.run_if(on_message::<SaveSettings>),
            ),
        );
}

fn apply_settings(settings: Res<Settings>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    let mode = match settings.window_mode {
        WindowMode::Windowed => BevyWindowMode::Windowed,
        WindowMode::Fullscreen => BevyWindowMode::BorderlessFullscreen(MonitorSelection::Current),
    };
    for mut window in &mut windows {
        if window.mode != mode {
            window.mode = mode;
        }
    }
}

fn save_settings(
    mut requests: MessageReader<SaveSettings>,
    settings: Res<Settings>,
    path: Res<SettingsPath>,
    mut notices: ResMut<Notices>,
) {
    requests.clear();
    let Some(file) = &path.0 else { return };
    match settings.save(file) {
        Ok(()) => info!("settings saved to {}", file.display()),
        Err(e) => notices.push(format!("Settings not saved: {e}")),
    }
}
