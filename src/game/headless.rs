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

/// What a soak run measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Soak {
    /// Whole games played to their results.
    pub games: usize,
    /// Games of each of the three, in `Game::ALL` order.
    pub of_each: [usize; 3],
    pub frames: u64,
    /// The process's memory after the first tenth of the games (the warm start), at the end,
    /// and its peak, kB (where the system says).
    pub rss_start_kb: Option<u64>,
    pub rss_end_kb: Option<u64>,
    pub peak_kb: Option<u64>,
    /// Games that did not finish within their frame budget (none expected).
    pub stuck: usize,
    pub seconds: f64,
}

/// The tables a soak run cycles through: every game, several presets, one to four seats, AI
/// seats of every level.
fn soak_table(i: usize) -> TableSetup {
    use crate::ai::Difficulty;
    const TABLES: &[(Game, &str, usize)] = &[
        (Game::Marbles, "junior", 2),
        (Game::Dominoes, "all-fives", 2),
        (Game::Kugelbox, "practice-box", 1),
        (Game::Marbles, "classic", 3),
        (Game::Dominoes, "block", 4),
        (Game::Kugelbox, "chikugo", 2),
        (Game::Marbles, "solitaire", 1),
        (Game::Dominoes, "sniff", 3),
        (Game::Kugelbox, "take-it", 3),
        (Game::Marbles, "starter", 4),
        (Game::Dominoes, "fives-and-threes", 2),
        (Game::Kugelbox, "smart-calculators", 2),
    ];
    let (game, preset, seats) = TABLES[i % TABLES.len()];
    let seats = (0..seats)
        .map(|s| SeatKind::Ai(Difficulty::ALL[(i + s) % Difficulty::ALL.len()]))
        .collect();
    TableSetup::new(game, preset.into(), seats)
}

/// Plays `games` whole AI games through the headless app in one process (the tables of
/// [`soak_table`] in turn, each game to its results screen), measuring the memory after the
/// first tenth and at the end. `each` hears of every finished game.
pub fn soak(games: usize, seed: u64, mut each: impl FnMut(usize, &Soak)) -> Soak {
    use super::table::referee::{NextSeed, TablePace};
    /// Game time a game may take before it counts as stuck: an hour of table time.
    const FRAME_MS: u64 = 50;
    const MAX_FRAMES: u64 = 3600 * 1000 / FRAME_MS;
    let began = Instant::now();
    let mut app = app(FRAME_MS);
    app.insert_resource(TablePace(0.05));
    let mut out = Soak::default();
    for i in 0..games {
        let setup = soak_table(i);
        let which = Game::ALL.iter().position(|g| *g == setup.game).unwrap_or(0);
        app.insert_resource(NextSeed(crate::rules::rng::splitmix(seed ^ i as u64)));
        if !start(&mut app, setup) {
            out.stuck += 1;
            continue;
        }
        let mut frames = 0;
        while *app.world().resource::<State<Screen>>().get() == Screen::Playing {
            app.update();
            frames += 1;
            if frames >= MAX_FRAMES {
                out.stuck += 1;
                break;
            }
        }
        app.world_mut().write_message(Nav::Title);
        app.update();
        out.frames += frames;
        out.games += 1;
        out.of_each[which] += 1;
        if out.games == games.div_ceil(10) {
            out.rss_start_kb = crate::sim::stats::rss_kb();
        }
        each(i, &out);
    }
    out.rss_end_kb = crate::sim::stats::rss_kb();
    out.peak_kb = crate::sim::stats::peak_rss_kb();
    out.seconds = began.elapsed().as_secs_f64();
    out
}

/// `muggins soak [--games N] [--seed S]`: the figures of a soak run, one per line; fails if a
/// game stuck or the memory at the end grew past the warm start by more than a fifth (and
/// 32 MB).
pub fn soak_cmd(games: usize, seed: u64) -> std::process::ExitCode {
    if games == 0 {
        return crate::sim::marbles::fail("--games must be at least 1");
    }
    let s = soak(games, seed, |i, s| {
        if (i + 1) % 50 == 0 {
            eprintln!(
                "soak: {} games, {} kB now",
                s.games,
                crate::sim::stats::rss_kb().unwrap_or(0)
            );
        }
    });
    let kb = |v: Option<u64>| v.map_or("?".to_string(), |k| format!("{k} kB"));
    println!(
        "soak.games: {} (MUGGINS! {}, dominoes {}, Kugelbox {})",
        s.games, s.of_each[0], s.of_each[1], s.of_each[2]
    );
    println!("soak.frames: {}", s.frames);
    println!("soak.rss_start: {}", kb(s.rss_start_kb));
    println!("soak.rss_end: {}", kb(s.rss_end_kb));
    println!("soak.peak: {}", kb(s.peak_kb));
    println!("soak.stuck: {}", s.stuck);
    println!("soak.seconds: {:.0}", s.seconds);
    let grew = match (s.rss_start_kb, s.rss_end_kb) {
        (Some(a), Some(b)) => b > a + (a / 5).max(32 * 1024),
        _ => false,
    };
    if s.stuck > 0 || grew {
        std::process::ExitCode::FAILURE
    } else {
        std::process::ExitCode::SUCCESS
    }
}
