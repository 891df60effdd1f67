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

/// The CPU time of each frame (ms) of 60-frames-a-second games of `game` at `preset` between AI
/// seats at `levels`, headless with the live physics, over `frames` frames (new games as games
/// end).
pub fn frame_times(
    game: Game,
    preset: &str,
    levels: &[crate::ai::Difficulty],
    frames: usize,
) -> Vec<f64> {
    let seats: Vec<SeatKind> = levels.iter().map(|l| SeatKind::Ai(*l)).collect();
    let mut app = app(16);
    let mut times = Vec::with_capacity(frames);
    while times.len() < frames {
        if *app.world().resource::<State<Screen>>().get() != Screen::Playing
            && !start(
                &mut app,
                TableSetup::new(game, preset.into(), seats.clone()),
            )
        {
            break;
        }
        let clock = Instant::now();
        app.update();
        times.push(clock.elapsed().as_secs_f64() * 1e3);
    }
    times
}

/// The running games, headless with their live physics: the CPU time of a frame over 3,000
/// frames of 4-seat AI games (Expert, Hard, Normal, Easy) at 60 frames a second, MUGGINS!
/// (`frame.cpu_ms_*`), dominoes (`frame.dominoes_cpu_ms_*`) and Kugelbox's Chikugo
/// (`frame.kugelbox_cpu_ms_*`) (`muggins bench frame`).
pub fn frame_figures(out: &mut Vec<crate::sim::bench::Figure>) {
    use crate::ai::Difficulty;
    use crate::sim::bench::{Figure, median};
    let levels = [
        Difficulty::Expert,
        Difficulty::Hard,
        Difficulty::Normal,
        Difficulty::Easy,
    ];
    for (game, preset, names) in [
        (
            Game::Marbles,
            "classic",
            ["frame.cpu_ms_median", "frame.cpu_ms_p99"],
        ),
        (
            Game::Dominoes,
            "all-fives",
            ["frame.dominoes_cpu_ms_median", "frame.dominoes_cpu_ms_p99"],
        ),
        (
            Game::Kugelbox,
            "chikugo",
            ["frame.kugelbox_cpu_ms_median", "frame.kugelbox_cpu_ms_p99"],
        ),
    ] {
        let mut times = frame_times(game, preset, &levels, 3000);
        if times.is_empty() {
            continue;
        }
        let p99 = crate::sim::stats::quantile(&mut times, 0.99);
        out.push(Figure {
            name: names[0],
            value: median(times),
            unit: "ms",
        });
        out.push(Figure {
            name: names[1],
            value: p99,
            unit: "ms",
        });
    }
}
