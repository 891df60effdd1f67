//! Kugelbox played through the app, headless: the referee resource, AI seats throwing through
//! the live box, a human seat's throws from the pad and from a mouse pull, the chip choices,
//! the chips in the scene, the score sheet and a saved game played back.
#![cfg(feature = "game")]

use bevy::prelude::*;
use muggins::ai::Difficulty;
use muggins::game::kugelbox::play::{KugelHappened, KugelIntent, KugelPlay};
use muggins::game::kugelbox::pointer::pull_flick;
use muggins::game::kugelbox::scene::chip_places;
use muggins::game::kugelbox::{Ball, ChipPiece};
use muggins::game::table::records::{ReplayRequest, replay_navs};
use muggins::game::table::referee::{NextSeed, TablePace};
use muggins::game::table::{Device, ScoreSheet, Seating};
use muggins::game::{Screen, headless};
use muggins::physics::kugel::{KugelThrow, Kugelbox};
use muggins::rules::kugelbox::{Action, Event, Finish, KugelGame, Phase, Stage};
use muggins::rules::{AnyRecord, Catalog, Game};
use muggins::table::{SeatKind, TableSetup};

/// A headless app whose tables play at a twentieth of the usual pauses.
fn app() -> App {
    let mut app = headless::app(50);
    app.insert_resource(TablePace(0.05));
    app
}

fn start(app: &mut App, preset: &str, seats: Vec<SeatKind>, seed: u64) {
    app.insert_resource(NextSeed(seed));
    let setup = TableSetup::new(Game::Kugelbox, preset.into(), seats);
    assert!(headless::start(app, setup), "{preset} starts");
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn play(app: &App) -> &KugelPlay {
    app.world().resource::<KugelPlay>()
}

fn happened(app: &App) -> Vec<Event> {
    let log = app.world().resource::<Messages<KugelHappened>>();
    log.iter_current_update_messages()
        .map(|m| m.0.clone())
        .collect()
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

/// The chips in the scene agree with the rules: each chip once, where the game has it.
fn chips_conserved(app: &mut App) {
    let want = chip_places(&play(app).game);
    let mut seen: Vec<(u8, _)> = app
        .world_mut()
        .query::<&ChipPiece>()
        .iter(app.world())
        .map(|c| (c.chip, c.place))
        .collect();
    seen.sort_by_key(|(c, _)| *c);
    assert_eq!(
        want.len(),
        play(app).game.variant.chips.len(),
        "every chip is somewhere"
    );
    assert_eq!(seen, want, "the scene's chips are the game's");
}

/// Plays an all-AI game to the results, checking the chips after every action, and returns the
/// app on the results screen.
fn ai_game(preset: &str, levels: &[Difficulty], seed: u64) -> App {
    let mut app = app();
    start(
        &mut app,
        preset,
        levels.iter().map(|l| SeatKind::Ai(*l)).collect(),
        seed,
    );
    let mut actions = 0;
    let mut throws = 0;
    for _ in 0..80_000 {
        app.update();
        if screen(&app) != Screen::Playing {
            break;
        }
        throws += happened(&app)
            .iter()
            .filter(|e| matches!(e, Event::Thrown { .. }))
            .count();
        let n = play(&app).record.actions.len();
        if n != actions {
            actions = n;
            // The scene follows in the frame after the rules moved.
            app.update();
            if screen(&app) == Screen::Playing {
                chips_conserved(&mut app);
            }
        }
    }
    assert_eq!(screen(&app), Screen::Results, "{preset}: the game ends");
    let p = play(&app);
    let outcome = p.game.outcome.clone().expect("over");
    assert!(throws > levels.len(), "{preset}: the balls were thrown");
    let (catalog, _) = Catalog::builtin();
    let (again, _) = muggins::rules::record::replay::<KugelGame>(&p.record, &catalog)
        .expect("the record replays");
    assert_eq!(again.outcome.as_ref(), Some(&outcome), "{preset}");
    let sheet = app.world().resource::<ScoreSheet>();
    assert_eq!(sheet.game, Game::Kugelbox);
    assert_eq!(sheet.winners, outcome.winners);
    assert_eq!(sheet.rows.len(), levels.len(), "a row per seat");
    eprintln!(
        "{preset}: {} actions, {throws} throws, winners {:?}, loser {:?}",
        p.record.actions.len(),
        outcome.winners,
        outcome.loser
    );
    app
}

#[test]
fn four_ai_seats_play_chikugo_to_the_results_and_a_saved_game_replays() {
    let levels = [
        Difficulty::Normal,
        Difficulty::Easy,
        Difficulty::Hard,
        Difficulty::Easy,
    ];
    let mut app = ai_game("chikugo", &levels, 7);
    let p = play(&app);
    let outcome = p.game.outcome.clone().unwrap();
    // Everyone left in order, the loser last.
    assert_eq!(outcome.order.len(), 4);
    assert!(outcome.loser.is_some());
    assert_eq!(outcome.order.last().map(|(_, f)| *f), Some(Finish::Loser));
    let record = AnyRecord::Kugelbox(p.record.clone());
    // The saved game played back at the table lands every throw as recorded.
    app.insert_resource(ReplayRequest(record.clone()));
    for n in replay_navs(&record) {
        app.world_mut().write_message(n);
    }
    until(&mut app, 20, "the replay starts", |app| {
        screen(app) == Screen::Playing && app.world().get_resource::<KugelPlay>().is_some()
    });
    assert!(play(&app).replay.is_some());
    until(&mut app, 60_000, "the replay ends", |app| {
        screen(app) == Screen::Results
    });
    assert_eq!(play(&app).game.outcome.as_ref(), Some(&outcome));
    let AnyRecord::Kugelbox(saved) = record else {
        unreachable!()
    };
    assert_eq!(play(&app).record.actions, saved.actions);
}

#[test]
fn take_it_plays_to_the_results_with_chip_points() {
    let app = ai_game(
        "take-it",
        &[Difficulty::Normal, Difficulty::Hard, Difficulty::Easy],
        3,
    );
    let p = play(&app);
    let o = p.game.outcome.as_ref().unwrap();
    let points = p.game.points();
    assert_eq!(o.points, points);
    let best = *points.iter().max().unwrap();
    for w in &o.winners {
        assert_eq!(points[*w as usize], best);
    }
}

/// A table of seat 0 human (bound to a pad) against Normal AI seats.
fn human_table(preset: &str, others: usize, seed: u64) -> (App, Entity) {
    let mut app = app();
    let mut seats = vec![SeatKind::Human];
    seats.extend(std::iter::repeat_n(
        SeatKind::Ai(Difficulty::Normal),
        others,
    ));
    start(&mut app, preset, seats, seed);
    let pad = app.world_mut().spawn(Gamepad::default()).id();
    app.world_mut()
        .resource_mut::<Seating>()
        .bind(0, Device::Pad(pad));
    app.update();
    (app, pad)
}

fn pad(app: &mut App, pad: Entity) -> Mut<'_, Gamepad> {
    app.world_mut().get_mut::<Gamepad>(pad).unwrap()
}

/// Seat 0's throw has been scored: the throw action the rules took, and how it was thrown.
fn scored_throw(app: &mut App, before: usize) -> Action {
    until(app, 2_000, "the throw is scored", |app| {
        play(app).record.actions.len() > before
    });
    play(app).record.actions[before]
}

#[test]
fn a_pad_seat_aims_charges_and_throws_and_the_box_decides_the_throw() {
    let (mut app, p) = human_table("take-it", 1, 21);
    until(&mut app, 200, "seat 0 may throw", |app| {
        play(app).thrower() == Some(0)
    });
    for _ in 0..12 {
        app.update();
    }
    // Aim a little right, lean the right stick for spin, hold the trigger a while.
    pad(&mut app, p)
        .analog_mut()
        .set(GamepadAxis::LeftStickX, 0.5);
    pad(&mut app, p)
        .analog_mut()
        .set(GamepadAxis::RightStickX, -0.4);
    pad(&mut app, p)
        .analog_mut()
        .set(GamepadButton::RightTrigger2, 1.0);
    for _ in 0..10 {
        app.update();
    }
    let aim = app
        .world()
        .resource::<muggins::game::kugelbox::pointer::Aim>()
        .clone();
    let flick = aim.pull.expect("the trigger charges a throw");
    assert!(flick.strength > 0.2 && flick.strength < 1.0, "{flick:?}");
    assert!(flick.direction > 0.0, "aimed right");
    assert!(flick.spin < 0.0, "spin from the right stick");
    let before = play(&app).record.actions.len();
    let seed = play(&app).next_seed();
    pad(&mut app, p)
        .analog_mut()
        .set(GamepadButton::RightTrigger2, 0.0);
    app.update();
    assert!(play(&app).table.busy(), "letting go throws");
    let Action::Throw(t) = scored_throw(&mut app, before) else {
        panic!("a throw")
    };
    // The same throw from the same hand and seed ends the same way in the pure box.
    let limit = play(&app).table.time_limit_s;
    let pure = Kugelbox::new(limit)
        .throw(KugelThrow::from(flick), seed)
        .throw;
    assert_eq!(t, pure);
    // The balls rest where the rules' throw says.
    let last = play(&app).table.last.expect("shown");
    assert_eq!(last.throw, t);
    let hand = last.hand.expect("thrown here");
    assert_eq!(hand.seed, seed);
    app.update();
    let balls: Vec<(u8, Vec3)> = app
        .world_mut()
        .query::<(&Ball, &Transform)>()
        .iter(app.world())
        .map(|(b, t)| (b.0, t.translation))
        .collect();
    assert_eq!(balls.len(), 2);
    for (i, at) in balls {
        let hole = [t.red, t.other][i as usize];
        if let Some(h) = hole {
            let (x, z) = muggins::physics::kugel::hole_centre(h);
            assert!(
                (at.x - x).abs() < 0.02 && (at.z - z).abs() < 0.02,
                "ball {i} in {h}"
            );
        }
    }
}

#[test]
fn a_mouse_pull_throws_as_its_flick_says() {
    // Pulled straight back 160 px throws straight up the box at half strength; a pull bowed
    // to one side spins.
    let f = pull_flick(Vec2::new(600.0, 400.0), Vec2::new(600.0, 560.0), 0.0);
    assert!(f.direction.abs() < 1e-6 && (f.strength - 0.5).abs() < 1e-6 && f.spin == 0.0);
    let right = pull_flick(Vec2::new(600.0, 400.0), Vec2::new(560.0, 560.0), 30.0);
    assert!(right.direction > 0.0, "pulled left aims right: {right:?}");
    assert!(right.spin > 0.0);
    // The pull's throw goes through the table as the seat's intent.
    let (mut app, _) = human_table("smart-calculators", 1, 4);
    until(&mut app, 200, "seat 0 may throw", |app| {
        play(app).thrower() == Some(0)
    });
    let before = play(&app).record.actions.len();
    let seed = play(&app).next_seed();
    app.world_mut().write_message(KugelIntent::Throw {
        seat: 0,
        flick: Some(right),
    });
    app.update();
    let Action::Throw(t) = scored_throw(&mut app, before) else {
        panic!("a throw")
    };
    let limit = play(&app).table.time_limit_s;
    assert_eq!(t, Kugelbox::new(limit).throw(right.into(), seed).throw);
    // Another seat may not throw for it, and a throw is never an action a seat sends.
    let n = play(&app).record.actions.len();
    app.world_mut().write_message(KugelIntent::Act {
        seat: 0,
        action: Action::Throw(t),
    });
    app.update();
    assert_eq!(play(&app).record.actions.len(), n);
    assert!(play(&app).refused.is_some());
}

/// Puts seat 0 (human) to choosing after a throw in a state built from the game's own rules.
fn choose_state(app: &mut App, stage: Stage) {
    let mut referee = app.world_mut().resource_mut::<KugelPlay>();
    let game = &mut referee.game;
    let scored = muggins::rules::kugelbox::Scored {
        score: 6,
        row: false,
        square: false,
    };
    match stage {
        Stage::TakeIt => {
            // The middle is empty of face-up chips; seat 1 holds a 6 (chip 7 of the list is an
            // 8: find the 6 by its face).
            let six = (0..game.variant.chips.len() as u8)
                .find(|c| game.face(*c) == muggins::rules::kugelbox::Chip::UpTo(6))
                .unwrap();
            game.down.retain(|c| *c != six);
            game.up = 0;
            game.held[1] |= 1 << six;
        }
        Stage::LayOut => {
            let all = game.all_chips();
            game.down.clear();
            game.up = 0;
            game.stage = Stage::LayOut;
            game.held = vec![0; game.seats as usize];
            game.held[0] = all & 0b1111;
            game.held[1] = all & !0b1111;
        }
        _ => unreachable!(),
    }
    game.phase = Phase::Choose { seat: 0, scored };
    let choices = game.choices(0, scored);
    assert!(!choices.is_empty(), "{stage:?}: the state offers a choice");
}

#[test]
fn a_human_seat_steals_in_take_it_and_lays_out_in_chikugo_by_pad() {
    for (preset, stage) in [("take-it", Stage::TakeIt), ("chikugo", Stage::LayOut)] {
        let (mut app, p) = human_table(preset, 1, 9);
        until(&mut app, 200, "seat 0 may throw", |app| {
            play(app).thrower() == Some(0)
        });
        choose_state(&mut app, stage);
        for _ in 0..12 {
            app.update();
        }
        let choices = play(&app).choices();
        let want = choices[1 % choices.len()];
        // ▶ to the second choice (if there is one), then South takes it.
        for button in [GamepadButton::DPadRight, GamepadButton::South] {
            if button == GamepadButton::DPadRight && choices.len() < 2 {
                continue;
            }
            pad(&mut app, p).digital_mut().press(button);
            app.update();
            pad(&mut app, p).digital_mut().release(button);
            pad(&mut app, p).digital_mut().clear();
            if button == GamepadButton::South {
                break;
            }
            app.update();
        }
        let events = happened(&app);
        match stage {
            Stage::TakeIt => assert!(
                events.iter().any(|e| matches!(e,
                    Event::Took { seat: 0, chip, from: Some(1), .. } if *chip == want.0)),
                "{events:?}"
            ),
            _ => assert!(
                events
                    .iter()
                    .any(|e| matches!(e, Event::LaidOut { seat: 0, chip, .. } if *chip == want.0)),
                "{events:?}"
            ),
        }
        app.update();
        chips_conserved(&mut app);
    }
}

#[test]
fn the_tours_chikugo_reaches_its_lay_out() {
    // The screenshot tour pictures this game's lay-out: three AI seats, its seed.
    let mut app = app();
    start(
        &mut app,
        "chikugo",
        [Difficulty::Hard, Difficulty::Normal, Difficulty::Easy]
            .map(SeatKind::Ai)
            .to_vec(),
        muggins::app::TOUR_CHIKUGO_SEED,
    );
    until(&mut app, 40_000, "a lay-out throw", |app| {
        let p = play(app);
        p.game.stage == Stage::LayOut && p.table.last.is_some() && p.game.outcome.is_none()
    });
}

#[test]
fn take_it_scored_by_smart_calculators_keeps_its_scoring_in_the_record() {
    use muggins::rules::kugelbox::Scoring;
    let mut app = app();
    app.insert_resource(NextSeed(12));
    let mut setup = TableSetup::new(
        Game::Kugelbox,
        "take-it".into(),
        vec![
            SeatKind::Ai(Difficulty::Normal),
            SeatKind::Ai(Difficulty::Easy),
        ],
    );
    setup.scoring = Some(Scoring::SmartCalculators);
    assert!(headless::start(&mut app, setup));
    assert_eq!(play(&app).game.variant.scoring, Scoring::SmartCalculators);
    until(&mut app, 4_000, "a few throws", |app| {
        play(app).record.actions.len() >= 4
    });
    let p = play(&app);
    assert_eq!(p.record.scoring, Some(Scoring::SmartCalculators));
    // Every throw was scored by the box's values and operators.
    let layout = &p.game.variant.layout;
    let mut game = p.record.start(&Catalog::builtin().0).unwrap();
    for a in &p.record.actions {
        if let Action::Throw(t) = a {
            let events = game.apply(*a).unwrap();
            let scored = events.iter().find_map(|e| match e {
                Event::Thrown { scored, .. } => Some(*scored),
                _ => None,
            });
            assert_eq!(scored, Some(t.calculators(layout)));
        } else {
            game.apply(*a).unwrap();
        }
    }
    // The record says so in its JSON, and reads back the same.
    let json = p.record.to_json();
    assert!(json.contains("\"scoring\":\"SmartCalculators\""), "{json}");
    let back = muggins::rules::Record::<Action>::parse(&json).unwrap();
    assert_eq!(back, p.record);
}
