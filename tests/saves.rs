//! Nothing lost: a game in progress, killed (SIGKILL) while it writes its autosave, resumes to
//! the same state for each of the three games; a settings file cannot be torn; undo against the
//! AI takes the game back exactly, and only one human against the AI may undo.
#![cfg(feature = "game")]

use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use muggins::ai::Difficulty;
use muggins::game::table::autosave::{Resumable, ResumeRequest, resume_navs};
use muggins::game::table::referee::{NextSeed, TablePace};
use muggins::game::table::undo::UndoOffer;
use muggins::game::table::{Intent, Played, Referee};
use muggins::game::{Nav, Screen, headless};
use muggins::rules::dominoes::DominoesGame;
use muggins::rules::kugelbox::KugelGame;
use muggins::rules::marbles::{MarblesGame, Phase};
use muggins::rules::record::{GameAction, replay};
use muggins::rules::{Catalog, Game, TableGame};
use muggins::saves::{self, AUTOSAVE, Found};
use muggins::settings::Settings;
use muggins::table::{SeatKind, TableSetup};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muggins-saves-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// This test binary again, running only the helper `name` with `env` set.
fn child(name: &str, env: &[(&str, String)]) -> Child {
    let mut c = Command::new(std::env::current_exe().unwrap());
    c.args([
        name,
        "--exact",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ]);
    for (k, v) in env {
        c.env(k, v);
    }
    c.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    c.spawn().unwrap()
}

/// A table of AI seats for `game` (its default preset).
fn ai_table(game: Game) -> TableSetup {
    let (catalog, _) = Catalog::builtin();
    let mut setup = TableSetup::default_for(game, &catalog);
    setup.seats = vec![
        SeatKind::Ai(Difficulty::Hard),
        SeatKind::Ai(Difficulty::Easy),
    ];
    setup
}

/// Helper, run as a child process by the tests below: plays AI games of
/// `$MUGGINS_CHILD_GAME` at a hurried pace with its settings (and autosave) in
/// `$MUGGINS_CHILD_DIR`, until it is killed.
#[test]
#[ignore = "a child process of the kill tests"]
fn child_plays_until_killed() {
    let (Ok(slug), Ok(dir)) = (
        std::env::var("MUGGINS_CHILD_GAME"),
        std::env::var("MUGGINS_CHILD_DIR"),
    ) else {
        return;
    };
    let game = Game::from_slug(&slug).unwrap();
    let mut app = headless::app_with_settings(16, Some(Path::new(&dir).join("settings.ron")));
    app.insert_resource(TablePace(0.05));
    let mut seed = 11;
    loop {
        app.insert_resource(NextSeed(seed));
        seed += 1;
        assert!(headless::start(&mut app, ai_table(game)));
        while *app.world().resource::<State<Screen>>().get() == Screen::Playing {
            app.update();
        }
        app.world_mut().write_message(Nav::Title);
        app.update();
    }
}

/// Waits until the autosave in `dir` holds at least `moves` actions.
fn wait_for_moves(dir: &Path, moves: usize) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(240) {
        if let Found::Game(a) = saves::peek(dir)
            && a.record.summary().moves >= moves
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!(
        "the child wrote no autosave of {moves} moves in {}",
        dir.display()
    );
}

/// Resumes the autosave in `dir` in a headless app as the title's Resume would: the same
/// table, then Start.
fn resume(dir: &Path) -> App {
    let mut app = headless::app_with_settings(16, Some(dir.join("settings.ron")));
    app.update();
    let save = app
        .world()
        .resource::<Resumable>()
        .0
        .clone()
        .expect("the title offers the game to resume");
    app.insert_resource(ResumeRequest(save.clone()));
    for n in resume_navs(&save) {
        app.world_mut().write_message(n);
    }
    app.update();
    app.world_mut().write_message(Nav::Start);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    app
}

/// The resumed table's game is the record's game, with the seats as they were.
fn same_state<G: Played + PartialEq + std::fmt::Debug>(
    app: &App,
    dir: &Path,
    save: &saves::Autosave,
) {
    let (catalog, _) = Catalog::builtin();
    let record = <G::Action as GameAction>::of(&save.record).unwrap();
    let (want, _) = replay::<G>(record, &catalog).unwrap();
    let referee = app.world().resource::<Referee<G>>();
    assert_eq!(referee.record, *record, "{}", dir.display());
    assert_eq!(referee.seats, save.seats);
    assert_eq!(referee.game.actor(), want.actor());
    assert_eq!(
        referee.game, want,
        "the resumed game differs from its record"
    );
}

#[test]
fn a_game_killed_while_it_writes_resumes_where_it_was_for_each_game() {
    for game in Game::ALL {
        let dir = temp_dir(game.slug());
        for (round, moves) in [(0u64, 3usize), (1, 12), (2, 25)] {
            let mut c = child(
                "child_plays_until_killed",
                &[
                    ("MUGGINS_CHILD_GAME", game.slug().into()),
                    ("MUGGINS_CHILD_DIR", dir.display().to_string()),
                ],
            );
            wait_for_moves(&dir, moves);
            // Somewhere in the next writes, never the same moment twice.
            std::thread::sleep(Duration::from_millis(7 * round + 3));
            c.kill().unwrap(); // SIGKILL
            c.wait().unwrap();
            // The file is whole: the old game or the new, never torn.
            let Found::Game(save) = saves::peek(&dir) else {
                panic!("{game:?}: no readable autosave after the kill");
            };
            let app = resume(&dir);
            match game {
                Game::Marbles => same_state::<MarblesGame>(&app, &dir, &save),
                Game::Dominoes => same_state::<DominoesGame>(&app, &dir, &save),
                Game::Kugelbox => same_state::<KugelGame>(&app, &dir, &save),
            }
            drop(app);
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// Helper, run as a child process: writes two settings in turn into `$MUGGINS_CHILD_DIR` as
/// fast as it can, until it is killed.
#[test]
#[ignore = "a child process of the kill tests"]
fn child_saves_settings_until_killed() {
    let Ok(dir) = std::env::var("MUGGINS_CHILD_DIR") else {
        return;
    };
    let path = Path::new(&dir).join("settings.ron");
    let [a, b] = two_settings();
    loop {
        a.save(&path).unwrap();
        b.save(&path).unwrap();
    }
}

fn two_settings() -> [Settings; 2] {
    let (catalog, _) = Catalog::builtin();
    let a = Settings {
        volume: 0.1,
        ..Settings::default()
    };
    let b = Settings {
        volume: 0.9,
        muted: true,
        last_setup: Some(TableSetup::default_for(Game::Dominoes, &catalog)),
        ..Settings::default()
    };
    [a, b]
}

#[test]
fn a_settings_file_killed_mid_write_is_never_torn() {
    let dir = temp_dir("settings");
    let path = dir.join("settings.ron");
    let [a, b] = two_settings();
    a.save(&path).unwrap();
    for round in 0..6u64 {
        let mut c = child(
            "child_saves_settings_until_killed",
            &[("MUGGINS_CHILD_DIR", dir.display().to_string())],
        );
        std::thread::sleep(Duration::from_millis(150 + 13 * round));
        c.kill().unwrap();
        c.wait().unwrap();
        let (s, problem) = Settings::load(&path);
        assert_eq!(problem, None, "round {round}");
        assert!(s == a || s == b, "round {round}: {s:?}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A MUGGINS! table: one human (the keyboard) against an AI, or two humans.
fn marbles_app(seats: Vec<SeatKind>) -> App {
    let mut app = headless::app(16);
    app.insert_resource(NextSeed(3));
    app.insert_resource(TablePace(0.2));
    assert!(headless::start_marbles(&mut app, "classic", seats));
    app
}

fn referee(app: &App) -> &Referee<MarblesGame> {
    app.world().resource::<Referee<MarblesGame>>()
}

/// Frames until `done`, at most `n`.
fn until(app: &mut App, n: usize, done: impl Fn(&Referee<MarblesGame>) -> bool) -> bool {
    for _ in 0..n {
        if done(referee(app)) {
            return true;
        }
        app.update();
    }
    done(referee(app))
}

#[test]
fn undo_takes_back_the_humans_move_exactly_until_the_ai_moves() {
    let mut app = marbles_app(vec![SeatKind::Human, SeatKind::Ai(Difficulty::Normal)]);
    let intent = |app: &mut App, i: Intent<muggins::rules::marbles::Action>| {
        app.world_mut().write_message(i);
        app.update();
    };
    // Play on until the human has rolled and may place a marble.
    let mut placed = false;
    for _ in 0..20_000 {
        let r = referee(&app);
        if r.game.is_over() {
            break;
        }
        if r.game.actor() == Some(0)
            && matches!(r.game.phase, Phase::Place { .. })
            && !<MarblesGame as Played>::busy(r)
        {
            let before = r.game.clone();
            let len = r.record.actions.len();
            let Some(action) = r
                .game
                .legal_actions()
                .into_iter()
                .find(|a| matches!(a, muggins::rules::marbles::Action::Place(_)))
            else {
                app.update();
                continue;
            };
            intent(&mut app, Intent::Act { seat: 0, action });
            assert_eq!(referee(&app).record.actions.len(), len + 1);
            assert!(app.world().resource::<UndoOffer>().ready);
            intent(&mut app, Intent::Undo { seat: 0 });
            let r = referee(&app);
            assert_eq!(
                r.record.actions.len(),
                len,
                "the move is gone from the record"
            );
            assert_eq!(r.game, before, "the state is exactly as before the move");
            assert!(r.undo.is_empty());
            // Nothing more to take back: refused with a reason, the game untouched.
            intent(&mut app, Intent::Undo { seat: 0 });
            assert_eq!(referee(&app).game, before);
            assert!(referee(&app).refused.is_some());
            // The same move again, and then the AI (or the roll) moves on: out of reach.
            intent(&mut app, Intent::Act { seat: 0, action });
            assert!(referee(&app).may_undo(0));
            let placed_len = referee(&app).record.actions.len();
            assert!(until(&mut app, 20_000, |r| r.record.actions.len() > placed_len));
            assert!(referee(&app).undo.is_empty());
            let now = referee(&app).game.clone();
            intent(&mut app, Intent::Undo { seat: 0 });
            assert_eq!(referee(&app).game, now);
            placed = true;
            break;
        }
        if r.game.actor() == Some(0) && r.may_undo(0) {
            panic!("undo offered before the human moved");
        }
        // The human rolls when it is its turn; the AI plays itself.
        if let Some(i) = r.routine(0) {
            intent(&mut app, i);
        } else {
            app.update();
        }
    }
    assert!(placed, "the human never came to place a marble");
}

/// What the human seat of the undo test does besides placing: roll, let windows pass.

#[test]
fn two_humans_have_no_undo() {
    let mut app = marbles_app(vec![SeatKind::Human, SeatKind::Human]);
    app.update();
    assert_eq!(*app.world().resource::<UndoOffer>(), UndoOffer::default());
    assert_eq!(referee(&app).sole_human(), None);
    app.world_mut()
        .write_message(Intent::<muggins::rules::marbles::Action>::Undo { seat: 0 });
    app.update();
    assert!(
        referee(&app)
            .refused
            .as_deref()
            .is_some_and(|r| r.contains("one player against the AI"))
    );
}

#[test]
fn a_finished_games_autosave_becomes_a_saved_record() {
    let dir = temp_dir("finished");
    let mut app = headless::app_with_settings(16, Some(dir.join("settings.ron")));
    app.insert_resource(TablePace(0.05));
    app.insert_resource(NextSeed(21));
    let mut setup = ai_table(Game::Kugelbox);
    setup.preset = "practice-box".into();
    setup.seats.truncate(1);
    assert!(headless::start(&mut app, setup));
    let mut wrote = false;
    for _ in 0..100_000 {
        wrote |= dir.join(AUTOSAVE).exists();
        if *app.world().resource::<State<Screen>>().get() != Screen::Playing {
            break;
        }
        app.update();
    }
    assert!(wrote, "an autosave was written during the game");
    assert!(
        !dir.join(AUTOSAVE).exists(),
        "the finished game's autosave is gone"
    );
    let records: Vec<_> = std::fs::read_dir(dir.join(saves::RECORDS))
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(records.len(), 1);
    let text = std::fs::read_to_string(records[0].path()).unwrap();
    let record = muggins::rules::AnyRecord::parse(&text).unwrap();
    assert_eq!(record.game(), Game::Kugelbox);
    let (catalog, _) = Catalog::builtin();
    record.check(&catalog).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_short_soak_plays_whole_games_of_each_game_in_one_process() {
    // `make soak` plays 1,000; three here (one of each game) keep `make test` lean.
    let s = headless::soak(3, 5, |_, _| {});
    assert_eq!(s.games, 3);
    assert_eq!(s.of_each, [1, 1, 1]);
    assert_eq!(s.stuck, 0);
    assert!(s.frames > 100);
}
