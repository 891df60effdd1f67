//! The windowed game: Bevy's default plugins, the game's logic, the menus and the input; and the
//! scripted screenshot run used by `make screenshots` and the smoke test.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use crate::game::{self, Nav, SettingsPath};
use crate::rules::Game;

/// Opens the window and plays; with `screenshots`, runs the scripted tour instead and saves
/// PNGs there.
pub fn run(screenshots: Option<PathBuf>) -> ExitCode {
    let mut app = App::new();
    if screenshots.is_some() {
        // The tour must not read or change the player's own settings.
        app.insert_resource(SettingsPath(None));
    }
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Muggins".into(),
            resolution: (1280, 720).into(),
            ..default()
        }),
        ..default()
    }))
    .add_plugins((game::plugin, crate::ui::plugin, crate::input::plugin));
    if let Some(dir) = screenshots {
        if let Err(e) = std::fs::create_dir_all(&dir) {
            eprintln!("muggins: cannot create {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
        app.insert_resource(Tour::new(dir))
            .add_systems(Update, tour.before(game::screen::AppSet::Navigate));
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

enum Step {
    /// Let this many frames and at least this long pass (pipelines compile, egui lays out).
    Wait(u32, Duration),
    Nav(Nav),
    Shot(&'static str),
    /// Wait for every screenshot to be written, check them, quit.
    Finish,
}

/// The scripted tour of every screen.
#[derive(Resource)]
struct Tour {
    dir: PathBuf,
    steps: VecDeque<Step>,
    frames_left: u32,
    until: Instant,
    shots: Vec<PathBuf>,
    deadline: Instant,
}

impl Tour {
    fn new(dir: PathBuf) -> Tour {
        let settle = || Step::Wait(8, Duration::from_millis(500));
        let mut steps = vec![
            Step::Wait(30, Duration::from_secs(3)),
            Step::Shot("01-title"),
        ];
        steps.extend([
            Step::Nav(Nav::SetUp(Game::Marbles)),
            settle(),
            Step::Shot("02-setup"),
        ]);
        for (game, shot) in [
            (Game::Marbles, "03-marbles"),
            (Game::Dominoes, "04-dominoes"),
            (Game::Kugelbox, "05-kugelbox"),
        ] {
            steps.extend([
                Step::Nav(Nav::Title),
                settle(),
                Step::Nav(Nav::SetUp(game)),
                settle(),
                Step::Nav(Nav::Start),
                Step::Wait(14, Duration::from_millis(1500)),
                Step::Shot(shot),
            ]);
        }
        steps.extend([
            Step::Nav(Nav::TogglePause),
            settle(),
            Step::Shot("06-pause"),
            Step::Nav(Nav::EndGame),
            settle(),
            Step::Shot("07-results"),
            Step::Finish,
        ]);
        Tour {
            dir,
            steps: steps.into(),
            frames_left: 0,
            until: Instant::now(),
            shots: Vec::new(),
            deadline: Instant::now() + Duration::from_secs(300),
        }
    }
}

fn tour(
    mut commands: Commands,
    mut script: ResMut<Tour>,
    mut nav: MessageWriter<Nav>,
    mut exit: MessageWriter<AppExit>,
) {
    if Instant::now() > script.deadline {
        error!("the screenshot tour took over five minutes; giving up");
        exit.write(AppExit::error());
        return;
    }
    if script.frames_left > 0 || Instant::now() < script.until {
        script.frames_left = script.frames_left.saturating_sub(1);
        return;
    }
    let Some(step) = script.steps.pop_front() else {
        return;
    };
    match step {
        Step::Wait(frames, time) => {
            script.frames_left = frames;
            script.until = Instant::now() + time;
        }
        Step::Nav(n) => {
            nav.write(n);
        }
        Step::Shot(name) => {
            let path = script.dir.join(format!("{name}.png"));
            let _ = std::fs::remove_file(&path);
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path.clone()));
            script.shots.push(path);
            // Let the capture come back before moving on.
            script.frames_left = 5;
        }
        Step::Finish => {
            if !all_written(&script.shots) {
                // Not all captured yet: look again next frame.
                script.steps.push_front(Step::Finish);
                return;
            }
            println!("screenshots in {}:", script.dir.display());
            let ok = crate::sim::shots::report(&script.shots);
            exit.write(if ok {
                AppExit::Success
            } else {
                AppExit::error()
            });
        }
    }
}

fn all_written(shots: &[PathBuf]) -> bool {
    shots.iter().all(|p| Path::exists(p))
}
