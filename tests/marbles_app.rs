//! MUGGINS! played through the app, headless: the physics dice, the referee resource, the AI
//! seats, the human seats' intents and the results screen, checked against the rules engine.
#![cfg(feature = "game")]

use bevy::prelude::*;
use muggins::ai::Difficulty;
use muggins::game::marbles::BoardMarble;
use muggins::game::marbles::play::{MarblesHappened, MarblesIntent, MarblesPlay};
use muggins::game::{Screen, headless};
use muggins::rules::Catalog;
use muggins::rules::marbles::{Action, Event, Phase, Seat, Window, replay};
use muggins::table::SeatKind;

/// Sits `seats` down at a table of `preset` and starts the game.
fn start(app: &mut App, preset: &str, seats: Vec<SeatKind>) {
    assert!(headless::start_marbles(app, preset, seats));
    assert!(app.world().get_resource::<MarblesPlay>().is_some());
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn play(app: &App) -> &MarblesPlay {
    app.world().resource::<MarblesPlay>()
}

/// Runs frames until `done` holds (at most `frames`).
fn until(app: &mut App, frames: u32, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..frames {
        if done(app) {
            return;
        }
        app.update();
    }
    assert!(done(app), "never happened: {what}");
}

fn intend(app: &mut App, intent: MarblesIntent) {
    app.world_mut().write_message(intent);
    app.update();
}

/// The rules events the app sent in the last frame.
fn happened(app: &App) -> Vec<Event> {
    let log = app.world().resource::<Messages<MarblesHappened>>();
    log.iter_current_update_messages()
        .map(|m| m.0.clone())
        .collect()
}

#[test]
fn four_ai_seats_play_a_whole_game_and_the_scores_match_the_rules() {
    let mut app = headless::app(50);
    let seats = [
        Difficulty::Expert,
        Difficulty::Hard,
        Difficulty::Normal,
        Difficulty::Easy,
    ]
    .map(SeatKind::Ai)
    .to_vec();
    start(&mut app, "classic", seats);
    let mut rolls = 0;
    let mut marbles_shown_at_end = None;
    for _ in 0..40_000 {
        app.update();
        rolls += happened(&app)
            .iter()
            .filter(|e| matches!(e, Event::Rolled { .. }))
            .count();
        if screen(&app) != Screen::Playing {
            break;
        }
        if play(&app).game.outcome.is_some() && marbles_shown_at_end.is_none() {
            // Let the last marble arrive, then count what the table shows.
            for _ in 0..20 {
                app.update();
            }
            let shown = app
                .world_mut()
                .query::<&BoardMarble>()
                .iter(app.world())
                .count();
            marbles_shown_at_end = Some(shown);
        }
    }
    assert_eq!(screen(&app), Screen::Results, "the game ends on its own");
    let p = play(&app);
    let outcome = p.game.outcome.clone().expect("over");
    // The rules engine's own recount: the record replayed from the start.
    let (catalog, _) = Catalog::builtin();
    let (again, _) = replay(&p.record, &catalog).expect("the record replays");
    assert_eq!(again.outcome.as_ref(), Some(&outcome));
    for s in 0..4u8 {
        assert_eq!(
            outcome.scores[s as usize],
            p.game.score_of(p.game.marbles[s as usize]),
            "seat {s}"
        );
    }
    // The dice were thrown by physics: faces vary and every turn's roll is in the record.
    let record_rolls = p
        .record
        .actions
        .iter()
        .filter(|a| matches!(a, Action::Roll(_)))
        .count();
    assert!(
        rolls >= 20 && record_rolls >= rolls,
        "{rolls} / {record_rolls}"
    );
    eprintln!(
        "{} actions, {rolls} turns rolled, {} spaces taken, {:?}, scores {:?}",
        p.record.actions.len(),
        p.game.taken().count_ones(),
        outcome.reason,
        outcome.scores.iter().map(|s| s.total).collect::<Vec<_>>()
    );
    assert_eq!(
        marbles_shown_at_end,
        Some(p.game.taken().count_ones() as usize),
        "the board shows every marble the rules hold"
    );
}

/// A game of human seats at the classic level, before the roll for the first turn.
fn humans(seats: usize) -> App {
    let mut app = headless::app(20);
    start(&mut app, "classic", vec![SeatKind::Human; seats]);
    assert!(matches!(play(&app).game.phase, Phase::RollOff { .. }));
    app
}

/// The seat whose turn it is throws; the dice are set down showing `faces` while they roll.
fn throw(app: &mut App, faces: [u8; 3]) -> Seat {
    until(app, 5_000, "a seat may throw", |app| {
        play(app).thrower().is_some()
    });
    let seat = play(app).thrower().unwrap();
    intend(app, MarblesIntent::Throw { seat, flick: None });
    assert!(play(app).table.dice.roller.rolling(), "the dice roll");
    app.world_mut()
        .resource_mut::<MarblesPlay>()
        .table
        .dice
        .roller
        .set_down(&faces);
    until(app, 2_000, "the dice rest", |app| {
        !play(app).table.dice.busy()
    });
    seat
}

#[test]
fn human_seats_roll_place_challenge_take_off_and_call_muggins() {
    let mut app = humans(3);
    // Roll-offs are over once a seat rolls for its turn.
    while matches!(play(&app).game.phase, Phase::RollOff { .. }) {
        throw(&mut app, [1, 2, 3]);
        throw(&mut app, [1, 2, 3]);
        throw(&mut app, [4, 5, 6]);
    }
    until(&mut app, 100, "a turn", |app| {
        matches!(play(app).game.phase, Phase::Roll { .. })
    });

    // Place: 1, 3, 6 make 8; the marble leaves the tray for hole 8 and the scene shows it.
    let a = throw(&mut app, [1, 3, 6]);
    assert!(matches!(play(&app).game.phase, Phase::Place { .. }));
    let tray = play(&app).game.trays[a as usize];
    intend(
        &mut app,
        MarblesIntent::Act {
            seat: a,
            action: Action::Place(8),
        },
    );
    assert_eq!(play(&app).game.at(8), Some(a));
    assert_eq!(play(&app).game.trays[a as usize], tray - 1);
    app.update();
    let shown: Vec<(u8, u8)> = app
        .world_mut()
        .query::<&BoardMarble>()
        .iter(app.world())
        .map(|m| (m.seat, m.space))
        .collect();
    assert_eq!(shown, vec![(a, 8)]);
    // Another seat may not place for it, nor roll before the window passes.
    let b = (a + 1) % 3;
    let c = (a + 2) % 3;
    assert!(play(&app).table.window_left > 0.0);
    assert_eq!(play(&app).thrower(), None);

    // A challenge of a good placement: the challenger loses a marble... it has none yet, so
    // nothing more; the proof is in the log.
    intend(
        &mut app,
        MarblesIntent::Act {
            seat: b,
            action: Action::Challenge(b),
        },
    );
    assert!(
        play(&app).log.iter().any(|l| l.contains("= 8")),
        "{:?}",
        play(&app).log
    );
    assert_eq!(play(&app).game.at(8), Some(a), "the good marble stays");

    // b rolls and places honestly; then c bluffs on 30 (2, 2, 5 cannot make 30) and a catches it.
    let b2 = throw(&mut app, [2, 4, 5]);
    assert_eq!(b2, b);
    intend(
        &mut app,
        MarblesIntent::Act {
            seat: b,
            action: Action::Place(11),
        },
    );
    intend(&mut app, MarblesIntent::Pass { seat: a });
    intend(&mut app, MarblesIntent::Pass { seat: c });
    assert_eq!(play(&app).table.window_left, 0.0, "everyone let it pass");
    let c2 = throw(&mut app, [2, 2, 5]);
    assert_eq!(c2, c);
    intend(
        &mut app,
        MarblesIntent::Act {
            seat: c,
            action: Action::Place(30),
        },
    );
    assert_eq!(play(&app).game.at(30), Some(c));
    intend(
        &mut app,
        MarblesIntent::Act {
            seat: a,
            action: Action::Challenge(a),
        },
    );
    assert_eq!(play(&app).game.at(30), None, "the bluff is taken off");
    assert!(play(&app).log.iter().any(|l| l.contains("bluff is caught")));

    // Triples: a rolls 4, 4, 4 and takes a marble from each opponent that has one (b's on 11).
    let a2 = throw(&mut app, [4, 4, 4]);
    assert_eq!(a2, a);
    match &play(&app).game.phase {
        Phase::Triples { from, .. } => assert_eq!(from, &vec![b]),
        other => panic!("{other:?}"),
    }
    // Not a marble of its own.
    intend(
        &mut app,
        MarblesIntent::Act {
            seat: a,
            action: Action::Remove(8),
        },
    );
    assert!(play(&app).refused.is_some());
    intend(
        &mut app,
        MarblesIntent::Act {
            seat: a,
            action: Action::Remove(11),
        },
    );
    assert_eq!(play(&app).game.at(11), None);
    assert!(matches!(play(&app).game.phase, Phase::Place { .. }));
    // 4, 4, 4 make 12 (4 + 4 + 4).
    intend(
        &mut app,
        MarblesIntent::Act {
            seat: a,
            action: Action::Place(12),
        },
    );
    intend(&mut app, MarblesIntent::Pass { seat: b });
    intend(&mut app, MarblesIntent::Pass { seat: c });

    // "No move" when 1, 2, 3 make 6: c calls Muggins! and places there.
    let b3 = throw(&mut app, [1, 2, 3]);
    assert_eq!(b3, b);
    intend(
        &mut app,
        MarblesIntent::Act {
            seat: b,
            action: Action::NoMove,
        },
    );
    assert!(matches!(
        play(&app).game.window,
        Some(Window::NoMove { .. })
    ));
    intend(
        &mut app,
        MarblesIntent::Act {
            seat: c,
            action: Action::Muggins { seat: c, space: 6 },
        },
    );
    assert_eq!(play(&app).game.at(6), Some(c));
    assert!(play(&app).log.iter().any(|l| l.starts_with("Muggins!")));

    // The record replays to the same board.
    let (catalog, _) = Catalog::builtin();
    let (again, _) = replay(&play(&app).record, &catalog).unwrap();
    assert_eq!(again.marbles, play(&app).game.marbles);
}

#[test]
fn every_preset_plays_to_its_end_at_the_table_and_a_saved_game_replays() {
    let (catalog, _) = Catalog::builtin();
    for (i, preset) in catalog.marbles.iter().enumerate() {
        let seats = if preset.seats.max == 1 {
            1
        } else {
            (preset.seats.min as usize + i % 3).min(preset.seats.max as usize)
        };
        let level = Difficulty::ALL[i % 4];
        let mut app = headless::app(50);
        start(&mut app, &preset.name, vec![SeatKind::Ai(level); seats]);
        until(&mut app, 60_000, &preset.name, |app| {
            screen(app) == Screen::Results
        });
        let record = play(&app).record.clone();
        let outcome = play(&app).game.outcome.clone();
        assert!(outcome.is_some(), "{}", preset.name);

        // The saved game, played back from the title: the same game to the same end.
        if i % 3 == 0 {
            let json = record.to_json();
            let parsed = muggins::rules::AnyRecord::parse(&json).unwrap();
            app.world_mut()
                .insert_resource(muggins::game::table::records::ReplayRequest(parsed.clone()));
            app.world_mut().write_message(muggins::game::Nav::Title);
            app.update();
            app.update();
            for n in muggins::game::table::records::replay_navs(&parsed) {
                app.world_mut().write_message(n);
            }
            until(&mut app, 20, "the replay starts", |app| {
                screen(app) == Screen::Playing
            });
            assert!(play(&app).replay.is_some());
            until(&mut app, 60_000, "the replay ends", |app| {
                screen(app) == Screen::Results
            });
            assert_eq!(play(&app).game.outcome, outcome, "{}", preset.name);
            assert_eq!(play(&app).record, record);
        }
    }
}

#[test]
fn saved_games_are_listed_and_a_malformed_file_is_named_not_fatal() {
    use muggins::game::table::records::{save_record, saved_records};
    use muggins::rules::AnyRecord;
    let dir = std::env::temp_dir().join(format!("muggins-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = headless::app(50);
    start(
        &mut app,
        "starter",
        vec![SeatKind::Ai(Difficulty::Normal); 2],
    );
    until(&mut app, 60_000, "the game ends", |app| {
        screen(app) == Screen::Results
    });
    let saved = save_record(&AnyRecord::Marbles(play(&app).record.clone()), &dir).unwrap();
    std::fs::write(
        dir.join("broken.json"),
        "{\"game\": \"marbles\", \"actions\": 7",
    )
    .unwrap();
    let listed = saved_records(&dir);
    assert_eq!(listed.len(), 2);
    let good = listed.iter().find(|(p, _)| *p == saved).unwrap();
    assert_eq!(
        good.1.as_ref().unwrap(),
        &AnyRecord::Marbles(play(&app).record.clone())
    );
    let bad = listed
        .iter()
        .find(|(p, _)| p.ends_with("broken.json"))
        .unwrap();
    assert!(
        bad.1.as_ref().unwrap_err().contains("not a game record"),
        "{:?}",
        bad.1
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_click_finds_the_hole_under_it() {
    use muggins::game::marbles::pointer::space_on_ray;
    use muggins::game::marbles::{BOARD_TOP, space_position};
    // Rays from above the player's chair, as the camera casts them.
    let eye = Vec3::new(0.2, 1.3, 1.12);
    let ray = |to: Vec3| Ray3d::new(eye, Dir3::new(to - eye).unwrap());
    for n in 1..=36u8 {
        let hole = space_position(n as usize) + Vec3::Y * BOARD_TOP;
        assert_eq!(space_on_ray(ray(hole), 36), Some(n));
        // A little off the centre still finds it.
        assert_eq!(
            space_on_ray(ray(hole + Vec3::new(0.012, 0.0, -0.01)), 36),
            Some(n)
        );
        // On the 18-space board the covered holes do not count.
        assert_eq!(space_on_ray(ray(hole), 18), (n <= 18).then_some(n));
    }
    // The board's middle finds none, nor does a look at the sky.
    assert_eq!(space_on_ray(ray(Vec3::Y * BOARD_TOP), 36), None);
    assert_eq!(space_on_ray(Ray3d::new(eye, Dir3::Y), 36), None);
}

#[test]
fn the_tables_dice_are_fair_over_six_thousand_dice() {
    // The dice as the table rolls them: one tray per game, stepped frame by frame, thrown by
    // four Easy seats at a quick pace, new games as games end; every die of every roll counted.
    use muggins::game::table::referee::TablePace;
    use muggins::physics::stats::uniform_p_value;
    let mut app = headless::app(100);
    app.insert_resource(TablePace(0.05));
    let seats = vec![SeatKind::Ai(Difficulty::Easy); 4];
    let mut counts = [0u64; 6];
    let mut games = 0;
    for _ in 0..200_000 {
        if counts.iter().sum::<u64>() >= 6_000 {
            break;
        }
        if screen(&app) != Screen::Playing {
            start(&mut app, "classic", seats.clone());
            games += 1;
        }
        app.update();
        for e in happened(&app) {
            let dice = match e {
                Event::Rolled { dice, .. } | Event::RollOff { dice, .. } => dice,
                _ => continue,
            };
            for d in dice {
                counts[d as usize - 1] += 1;
            }
        }
    }
    let n: u64 = counts.iter().sum();
    assert!(n >= 6_000, "{n} dice rolled");
    let p = uniform_p_value(&counts);
    eprintln!("{n} dice over {games} games: {counts:?}, p = {p:.3}");
    assert!(p > 0.001, "{counts:?} p = {p}");
}
