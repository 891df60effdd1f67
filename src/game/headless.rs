//! The game's logic without a window: the plugins the tests and the frame bench run, stepped by a
//! fixed frame time.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

use super::{Nav, Screen, SettingsPath};
use crate::rules::Game;
use crate::table::{SeatKind, TableSetup};

/// The game's plugins on `MinimalPlugins`, each frame `frame_ms` of game time, settings in
/// memory only.
pub fn app(frame_ms: u64) -> App {
    app_with_settings(frame_ms, None)
}

/// The same, with the settings (and saved games) kept in `settings` (a settings file's path).
pub fn app_with_settings(frame_ms: u64, settings: Option<std::path::PathBuf>) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        TransformPlugin,
        StatesPlugin,
        AssetPlugin::default(),
    ))
    .init_asset::<Mesh>()
    .init_asset::<StandardMaterial>()
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        frame_ms,
    )))
    .insert_resource(SettingsPath(settings))
    .add_plugins(super::plugin);
    app.update();
    app
}

/// Sits `seats` down at a MUGGINS! table of `preset` and starts the game; false if it did not
/// start.
pub fn start_marbles(app: &mut App, preset: &str, seats: Vec<SeatKind>) -> bool {
    start(app, TableSetup::new(Game::Marbles, preset.into(), seats))
}

/// Sits a table down as set up and starts the game; false if it did not start.
pub fn start(app: &mut App, setup: TableSetup) -> bool {
    let game = setup.game;
    for n in [Nav::SetUp(game), Nav::Configure(setup), Nav::Start] {
        app.world_mut().write_message(n);
    }
    for _ in 0..3 {
        app.update();
    }
    *app.world().resource::<State<Screen>>().get() == Screen::Playing
}

/// The CPU time of each frame (ms) of 60-frames-a-second MUGGINS! games between AI seats at
/// `levels`, headless with the physics dice, over `frames` frames (new games as games end).
pub fn marbles_frame_times(levels: &[crate::ai::Difficulty], frames: usize) -> Vec<f64> {
    let seats: Vec<SeatKind> = levels.iter().map(|l| SeatKind::Ai(*l)).collect();
    let mut app = app(16);
    let mut times = Vec::with_capacity(frames);
    while times.len() < frames {
        if *app.world().resource::<State<Screen>>().get() != Screen::Playing
            && !start_marbles(&mut app, "classic", seats.clone())
        {
            break;
        }
        let clock = Instant::now();
        app.update();
        times.push(clock.elapsed().as_secs_f64() * 1e3);
    }
    times
}

/// The running MUGGINS! game, headless with its physics dice: the CPU time of a frame over
/// 3,000 frames of 4-seat AI games (Expert, Hard, Normal, Easy) at 60 frames a second
/// (`muggins bench frame`).
pub fn frame_figures(out: &mut Vec<crate::sim::bench::Figure>) {
    use crate::ai::Difficulty;
    use crate::sim::bench::{Figure, median};
    let levels = [
        Difficulty::Expert,
        Difficulty::Hard,
        Difficulty::Normal,
        Difficulty::Easy,
    ];
    let mut times = marbles_frame_times(&levels, 3000);
    if times.is_empty() {
        return;
    }
    let p99 = crate::sim::stats::quantile(&mut times, 0.99);
    out.push(Figure {
        name: "frame.cpu_ms_median",
        value: median(times),
        unit: "ms",
    });
    out.push(Figure {
        name: "frame.cpu_ms_p99",
        value: p99,
        unit: "ms",
    });
}
