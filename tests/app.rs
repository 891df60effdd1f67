//! The game's logic plugins, headless: MinimalPlugins + TransformPlugin + StatesPlugin, driven
//! through the same navigation messages the menus send.
#![cfg(feature = "game")]

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use muggins::ai::Difficulty;
use muggins::game::{Lobby, MainCamera, Nav, Notices, Pause, Screen, Table, TableScene};
use muggins::rules::Game;
use muggins::settings::Settings;
use muggins::table::SeatKind;

fn config_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muggins-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn headless(config: &Path) -> App {
    muggins::game::headless::app_with_settings(16, Some(config.join("settings.ron")))
}

/// Sends a navigation request and lets the transition happen.
fn nav(app: &mut App, n: Nav) {
    app.world_mut().write_message(n);
    app.update();
    app.update();
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut().query::<&C>().iter(app.world()).count()
}

fn scenes(app: &mut App) -> Vec<Game> {
    app.world_mut()
        .query::<&TableScene>()
        .iter(app.world())
        .map(|s| s.0)
        .collect()
}

/// Every entity below `root`, itself excluded.
fn descendants(app: &mut App, root: Entity) -> usize {
    let mut q = app.world_mut().query::<&Children>();
    let mut stack = vec![root];
    let mut n = 0;
    while let Some(e) = stack.pop() {
        if let Ok(children) = q.get(app.world(), e) {
            n += children.len();
            stack.extend(children.iter());
        }
    }
    n
}

#[test]
fn title_setup_playing_results_and_back_for_each_game() {
    let dir = config_dir("tour");
    let mut app = headless(&dir);
    assert_eq!(screen(&app), Screen::Title);
    assert_eq!(count::<MainCamera>(&mut app), 1);
    assert!(app.world().get_resource::<State<Lobby>>().is_some());
    let lobby_pieces = count::<Mesh3d>(&mut app);
    assert!(
        lobby_pieces > 5,
        "the lobby shows pieces on the table ({lobby_pieces})"
    );

    for game in Game::ALL {
        nav(&mut app, Nav::SetUp(game));
        assert_eq!(screen(&app), Screen::Setup);
        assert_eq!(app.world().resource::<Table>().game, game);
        assert!(scenes(&mut app).is_empty());

        nav(&mut app, Nav::Start);
        assert_eq!(screen(&app), Screen::Playing, "{game:?} starts");
        assert_eq!(
            scenes(&mut app),
            vec![game],
            "exactly the {game:?} table is set"
        );
        assert!(app.world().get_resource::<State<Lobby>>().is_none());
        let root = app
            .world_mut()
            .query_filtered::<Entity, With<TableScene>>()
            .single(app.world())
            .unwrap();
        let mut pieces = descendants(&mut app, root);
        if game == Game::Dominoes {
            // The tiles stand on their own (a laid one is a live body): every one of the set.
            app.update();
            let world = app.world_mut();
            pieces += world
                .query_filtered::<(), Or<(
                    With<muggins::game::dominoes::RackTile>,
                    With<muggins::game::dominoes::BoneyardTile>,
                    With<muggins::game::dominoes::LaidTile>,
                )>>()
                .iter(world)
                .count();
        }
        let least = match game {
            Game::Marbles => 1 + 36 + 2 * 20 + 3, // board, holes, two trays of marbles, dice
            Game::Dominoes => 1 + 28,             // felt, every tile
            Game::Kugelbox => 1 + 4 + 25 + 2,     // floor, walls, holes, balls
        };
        assert!(
            pieces >= least,
            "{game:?} table has {pieces} pieces, wants {least}"
        );
        assert_eq!(
            *app.world().resource::<State<Pause>>().get(),
            Pause::Running
        );

        nav(&mut app, Nav::TogglePause);
        assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause::Paused);
        nav(&mut app, Nav::Back);
        assert_eq!(
            *app.world().resource::<State<Pause>>().get(),
            Pause::Running
        );
        nav(&mut app, Nav::Back);
        assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause::Paused);
        nav(&mut app, Nav::Resume);
        assert_eq!(
            *app.world().resource::<State<Pause>>().get(),
            Pause::Running
        );

        nav(&mut app, Nav::EndGame);
        assert_eq!(screen(&app), Screen::Results);
        assert!(scenes(&mut app).is_empty(), "the table is cleared");
        assert!(app.world().get_resource::<State<Pause>>().is_none());

        nav(&mut app, Nav::Title);
        assert_eq!(screen(&app), Screen::Title);
    }
    // Every scene despawned: only the lobby's pieces and the table remain, as at the start.
    assert_eq!(count::<Mesh3d>(&mut app), lobby_pieces);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn leaving_a_game_midway_clears_its_scene() {
    let dir = config_dir("midway");
    let mut app = headless(&dir);
    let before = count::<Mesh3d>(&mut app);
    nav(&mut app, Nav::SetUp(Game::Kugelbox));
    nav(&mut app, Nav::Start);
    nav(&mut app, Nav::TogglePause);
    nav(&mut app, Nav::Title);
    assert_eq!(screen(&app), Screen::Title);
    assert!(scenes(&mut app).is_empty());
    assert_eq!(count::<Mesh3d>(&mut app), before);
    // Back from setup goes to the title; back on the title does nothing.
    nav(&mut app, Nav::SetUp(Game::Dominoes));
    nav(&mut app, Nav::Back);
    assert_eq!(screen(&app), Screen::Title);
    nav(&mut app, Nav::Back);
    assert_eq!(screen(&app), Screen::Title);
    // A request that means nothing here is ignored.
    nav(&mut app, Nav::EndGame);
    assert_eq!(screen(&app), Screen::Title);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_table_the_preset_cannot_seat_is_refused_with_a_notice() {
    let dir = config_dir("refused");
    let mut app = headless(&dir);
    nav(&mut app, Nav::SetUp(Game::Dominoes));
    let mut setup = app.world().resource::<Table>().0.clone();
    setup.fit_seats(6);
    nav(&mut app, Nav::Configure(setup));
    nav(&mut app, Nav::Start);
    assert_eq!(screen(&app), Screen::Setup);
    let notices = &app.world().resource::<Notices>().0;
    assert!(
        notices.iter().any(|n| n.contains("2–4 seats, not 6")),
        "{notices:?}"
    );
    assert!(
        !dir.join("settings.ron").exists(),
        "nothing saved for a refused table"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_last_setup_is_saved_and_offered_again() {
    let dir = config_dir("last-setup");
    let mut app = headless(&dir);
    nav(&mut app, Nav::SetUp(Game::Marbles));
    let mut setup = app.world().resource::<Table>().0.clone();
    setup.choose_preset(
        "challenge-12",
        &app.world().resource::<muggins::game::Presets>().0,
    );
    setup.fit_seats(3);
    setup.seats[2] = SeatKind::Ai(Difficulty::Expert);
    nav(&mut app, Nav::Configure(setup.clone()));
    nav(&mut app, Nav::Start);
    assert_eq!(screen(&app), Screen::Playing);
    app.update();
    let (saved, problem) = Settings::load(&dir.join("settings.ron"));
    assert_eq!(problem, None);
    assert_eq!(saved.last_setup.as_ref(), Some(&setup));

    // A new run starts with it, and setting up that game offers it again.
    let mut again = headless(&dir);
    assert_eq!(again.world().resource::<Table>().0, setup);
    nav(&mut again, Nav::SetUp(Game::Dominoes));
    assert_eq!(again.world().resource::<Table>().game, Game::Dominoes);
    nav(&mut again, Nav::Back);
    nav(&mut again, Nav::SetUp(Game::Marbles));
    assert_eq!(again.world().resource::<Table>().0, setup);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_malformed_settings_file_gives_defaults_and_a_notice() {
    let dir = config_dir("malformed");
    let file = dir.join("settings.ron");
    std::fs::write(&file, "(volume: \"very loud\", last_setup: 12)").unwrap();
    let mut app = headless(&dir);
    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
    let notices = &app.world().resource::<Notices>().0;
    assert!(
        notices.iter().any(|n| n.contains("malformed")),
        "{notices:?}"
    );
    // The game goes on normally.
    nav(&mut app, Nav::SetUp(Game::Kugelbox));
    nav(&mut app, Nav::Start);
    assert_eq!(screen(&app), Screen::Playing);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_saved_setup_that_no_longer_fits_falls_back_to_the_default() {
    let dir = config_dir("stale");
    std::fs::write(
        dir.join("settings.ron"),
        "(last_setup: Some((game: Kugelbox, preset: \"bowling\", seats: [Human])))",
    )
    .unwrap();
    let app = headless(&dir);
    let table = &app.world().resource::<Table>().0;
    assert_eq!(table.game, Game::Kugelbox);
    assert_eq!(table.preset, "chikugo");
    std::fs::remove_dir_all(dir).unwrap();
}
