//! Muggins dominoes played through the app, headless: the referee resource, the AI seats, the
//! human seats' intents and pads, the live tiles, the pass screen and the results screen,
//! checked against the rules engine.
#![cfg(feature = "game")]

use std::collections::HashSet;

use bevy::prelude::*;
use muggins::ai::Difficulty;
use muggins::game::dominoes::play::{DominoesHappened, DominoesIntent, DominoesPlay, HandChoices};
use muggins::game::dominoes::{LaidTile, TileFace};
use muggins::game::table::referee::{NextSeed, TablePace};
use muggins::game::table::{Device, ScoreSheet, Seating};
use muggins::game::{Screen, headless};
use muggins::rules::dominoes::{Action, Event, Phase, Placement, Seat, Tile};
use muggins::rules::{Catalog, Game, TableGame};
use muggins::table::{SeatKind, TableSetup};

/// A headless app whose tables play at a twentieth of the usual pauses.
fn app() -> App {
    let mut app = headless::app(50);
    app.insert_resource(TablePace(0.05));
    app
}

/// Sits a dominoes table down with this seed.
fn start(app: &mut App, preset: &str, seats: Vec<SeatKind>, partnerships: bool, seed: u64) {
    let mut setup = TableSetup::new(Game::Dominoes, preset.into(), seats);
    setup.partnerships = partnerships;
    app.insert_resource(NextSeed(seed));
    assert!(headless::start(app, setup), "{preset} starts");
    assert!(app.world().get_resource::<DominoesPlay>().is_some());
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn play(app: &App) -> &DominoesPlay {
    app.world().resource::<DominoesPlay>()
}

fn intend(app: &mut App, intent: DominoesIntent) {
    app.world_mut().write_message(intent);
    app.update();
}

/// The rules events the app sent in the last frame.
fn happened(app: &App) -> Vec<Event> {
    let log = app.world().resource::<Messages<DominoesHappened>>();
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

/// Plays an all-AI game to the results screen and checks it against the rules engine.
fn ai_game(preset: &str, partnerships: bool, seed: u64) {
    let mut app = app();
    let seats = [
        Difficulty::Normal,
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Easy,
    ]
    .map(SeatKind::Ai)
    .to_vec();
    start(&mut app, preset, seats, partnerships, seed);
    let mut laid_seen = 0;
    for _ in 0..60_000 {
        app.update();
        if screen(&app) != Screen::Playing {
            break;
        }
        let shown = play(&app).shown_slots().len();
        laid_seen = laid_seen.max(shown);
    }
    assert_eq!(screen(&app), Screen::Results, "{preset}: the game ends");
    let p = play(&app);
    let outcome = p.game.outcome.clone().expect("over");
    let (catalog, _) = Catalog::builtin();
    let (again, _) = muggins::rules::record::replay::<muggins::rules::dominoes::DominoesGame>(
        &p.record, &catalog,
    )
    .expect("the record replays");
    assert_eq!(again.outcome.as_ref(), Some(&outcome), "{preset}");
    assert_eq!(again.winners(), outcome.winners);
    let sheet = app.world().resource::<ScoreSheet>();
    assert_eq!(sheet.game, Game::Dominoes);
    assert_eq!(sheet.winners, outcome.winners);
    let sides = if partnerships { 2 } else { 4 };
    assert_eq!(sheet.rows.len(), sides, "{preset}: a row per side");
    for (row, score) in sheet.rows.iter().zip(&outcome.scores) {
        assert_eq!(row.cells.last(), Some(&score.to_string()), "{preset}");
    }
    assert!(laid_seen > 3, "{preset}: tiles were laid at the table");
    eprintln!(
        "{preset}{}: {} actions, {} hands, scores {:?}",
        if partnerships { " (partners)" } else { "" },
        p.record.actions.len(),
        outcome.hands,
        outcome.scores
    );
}

#[test]
fn every_preset_plays_four_ai_seats_to_the_results_and_replays() {
    let (catalog, _) = Catalog::builtin();
    for (i, p) in catalog.dominoes.iter().enumerate() {
        ai_game(&p.name, false, 11 + i as u64);
    }
}

#[test]
fn a_partnership_game_plays_to_the_results_and_replays() {
    ai_game("muggins", true, 5);
    ai_game("all-fives", true, 6);
}

/// A table of seat 0 human against AI seats, up to seat 0's move.
fn human_table(preset: &str, seed: u64, others: usize) -> App {
    let mut app = app();
    let mut seats = vec![SeatKind::Human];
    seats.extend(std::iter::repeat_n(
        SeatKind::Ai(Difficulty::Normal),
        others,
    ));
    start(&mut app, preset, seats, false, seed);
    app
}

/// Waits for seat 0's move (moving on from a hand's end as it comes).
fn my_move(app: &mut App) {
    for _ in 0..20_000 {
        let p = play(app);
        if p.table.reveal.is_some() {
            intend(app, DominoesIntent::Pass { seat: 0 });
            continue;
        }
        if p.may_move(0) || p.game.outcome.is_some() {
            return;
        }
        app.update();
    }
    panic!("seat 0 never moved");
}

#[test]
fn a_human_plays_a_chosen_end_and_draws_until_a_tile_plays() {
    let mut app = human_table("muggins", 3, 1);
    let mut drew_then_played = false;
    let mut plays = 0;
    for _ in 0..200 {
        my_move(&mut app);
        if play(&app).game.outcome.is_some() {
            break;
        }
        let p = play(&app);
        let placements = p.placements(0);
        if placements.is_empty() {
            let before = p.game.boneyard.len();
            let action = p.no_play(0).expect("draw or pass");
            intend(&mut app, DominoesIntent::Act { seat: 0, action });
            if action == Action::Draw {
                assert_eq!(play(&app).game.boneyard.len(), before - 1, "a tile drawn");
                if let Phase::Drawn { seat: 0 } = play(&app).game.phase {
                    // The tile just drawn plays: lay it at its last end.
                    let ends = play(&app).placements(0);
                    let p = *ends.last().unwrap();
                    intend(
                        &mut app,
                        DominoesIntent::Act {
                            seat: 0,
                            action: Action::play(p),
                        },
                    );
                    assert_eq!(play(&app).record.actions.last(), Some(&Action::play(p)));
                    drew_then_played = true;
                }
            }
            continue;
        }
        // The last end of the last tile that plays: a chosen end, not the first.
        let p = *placements.last().unwrap();
        let ends = play(&app).ends_for(0, p.tile);
        assert!(ends.iter().any(|e| e.placement == p));
        intend(
            &mut app,
            DominoesIntent::Act {
                seat: 0,
                action: Action::play(p),
            },
        );
        assert_eq!(play(&app).record.actions.last(), Some(&Action::play(p)));
        plays += 1;
        // The tile is carried to the table and set down there by physics.
        until(&mut app, 200, "the tile is laid", |app| {
            let mut q = app.world().try_query::<&LaidTile>().unwrap();
            q.iter(app.world()).any(|t| t.0 == p.tile) || play(app).table.reveal.is_some()
        });
        if drew_then_played && plays > 6 {
            break;
        }
    }
    assert!(plays > 6, "{plays} plays");
    assert!(
        drew_then_played,
        "seat 0 drew a tile that played and laid it"
    );
}

/// Makes seat 0's move now a lead holding `tiles` (a fresh hand state, for the cases play
/// rarely reaches).
fn lead_with(app: &mut App, tiles: &[Tile]) {
    let mut p = app.world_mut().resource_mut::<DominoesPlay>();
    let mask = tiles.iter().fold(0, |m, t| m | t.bit());
    for s in 0..p.game.seats as usize {
        p.game.hands[s] &= !mask;
    }
    p.game.hands[0] |= mask;
    p.game.phase = Phase::Lead { seat: 0 };
    app.update();
}

#[test]
fn the_sniff_choice_is_asked_and_either_way_is_laid() {
    let t = |s: &str| s.parse::<Tile>().unwrap();
    for inline in [false, true] {
        let mut app = human_table("sniff", 9, 1);
        my_move(&mut app);
        lead_with(&mut app, &[t("4-4"), t("6-1")]);
        let ends = play(&app).ends_for(0, t("4-4"));
        assert_eq!(
            ends.len(),
            2,
            "the sniff may lead in line or crosswise: {ends:?}"
        );
        // The mouse on that end: the HUD asks which way.
        {
            let world = app.world_mut();
            let mut choices = world.resource_mut::<HandChoices>();
            choices.of(0).tile = Some(t("4-4"));
        }
        let way = ends.iter().find(|e| e.placement.inline == inline).unwrap();
        intend(
            &mut app,
            DominoesIntent::Act {
                seat: 0,
                action: Action::play(way.placement),
            },
        );
        let laid = play(&app).record.actions.last().copied();
        assert_eq!(laid, Some(Action::play(way.placement)));
        let slot = play(&app).shown_slots()[0];
        assert_eq!(
            slot.crosswise,
            !inline,
            "laid {}",
            if inline { "in line" } else { "crosswise" }
        );
        assert!(
            happened_before(&app, inline),
            "the play says which way it lay"
        );
    }
}

/// Whether the last play was laid in line (`inline`) or crosswise, as the rules recorded it.
fn happened_before(app: &App, inline: bool) -> bool {
    play(app)
        .record
        .actions
        .last()
        .and_then(|a| a.placement())
        .is_some_and(|p| p.inline == inline)
}

/// Seat 0 plays a scoring tile announcing `said`: the events of that play and what follows.
fn announce(preset: &str, wrong: bool) -> (Vec<Event>, i32, i32, u16) {
    let mut app = human_table(preset, 21, 1);
    for _ in 0..300 {
        my_move(&mut app);
        assert!(play(&app).game.outcome.is_none(), "a scoring play came");
        let p = play(&app);
        let placements = p.placements(0);
        if placements.is_empty() {
            let action = p.no_play(0).unwrap();
            intend(&mut app, DominoesIntent::Act { seat: 0, action });
            continue;
        }
        let scoring = placements
            .iter()
            .find(|pl| p.game.points_for(**pl) > 0)
            .copied();
        let Some(pl) = scoring else {
            let pl = placements[0];
            let points = p.game.points_for(pl);
            intend(
                &mut app,
                DominoesIntent::Act {
                    seat: 0,
                    action: Action::play_announcing(pl, points),
                },
            );
            continue;
        };
        let points = p.game.points_for(pl);
        let before = p.game.side_scores();
        let said = if wrong { points + 5 } else { points };
        let mut events = Vec::new();
        app.world_mut().write_message(DominoesIntent::Act {
            seat: 0,
            action: Action::play_announcing(pl, said),
        });
        // The window, the AI's call (or none), the count settled.
        for _ in 0..100 {
            app.update();
            events.extend(happened(&app));
            if !matches!(play(&app).game.phase, Phase::Call { .. }) {
                break;
            }
        }
        let after = play(&app).game.side_scores();
        return (events, after[0] - before[0], after[1] - before[1], points);
    }
    panic!("no scoring play for seat 0");
}

#[test]
fn a_wrong_count_is_caught_by_the_ai_and_a_right_one_is_not() {
    // All Fives steals the count; Hoyle's forfeits it.
    for (preset, steal) in [("all-fives", true), ("hoyle", false)] {
        let (events, mine, theirs, points) = announce(preset, true);
        let call = events.iter().find_map(|e| match e {
            Event::MugginsCalled {
                caller,
                scorer,
                stolen,
                ..
            } => Some((*caller, *scorer, *stolen)),
            _ => None,
        });
        assert_eq!(call, Some((1, 0, steal)), "{preset}: {events:?}");
        assert_eq!(mine, 0, "{preset}: the caught count is not scored");
        let stolen = if steal { points as i32 } else { 0 };
        assert!(theirs >= stolen, "{preset}: {theirs} {stolen}");
        let (events, mine, _, points) = announce(preset, false);
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::MugginsCalled { .. })),
            "{preset}: a right count is not called"
        );
        assert!(mine >= points as i32, "{preset}: the count is scored");
    }
}

/// A gamepad for seat 0.
fn pad_for_seat0(app: &mut App) -> Entity {
    let pad = app.world_mut().spawn(Gamepad::default()).id();
    app.world_mut()
        .resource_mut::<Seating>()
        .bind(0, Device::Pad(pad));
    app.update();
    pad
}

fn press(app: &mut App, pad: Entity, button: GamepadButton) {
    app.world_mut()
        .get_mut::<Gamepad>(pad)
        .unwrap()
        .digital_mut()
        .press(button);
    app.update();
    app.world_mut()
        .get_mut::<Gamepad>(pad)
        .unwrap()
        .digital_mut()
        .release(button);
    app.world_mut()
        .get_mut::<Gamepad>(pad)
        .unwrap()
        .digital_mut()
        .clear();
    app.update();
}

#[test]
fn a_gamepad_seat_chooses_a_tile_and_an_end_plays_and_draws() {
    let mut app = human_table("muggins", 4, 1);
    let pad = pad_for_seat0(&mut app);
    let mut played = 0;
    let mut drew = 0;
    for _ in 0..200 {
        my_move(&mut app);
        if play(&app).game.outcome.is_some() || (played >= 3 && drew >= 1) {
            break;
        }
        // Let the controls settle (a press as the turn changes is not taken).
        for _ in 0..12 {
            app.update();
        }
        let n = play(&app).record.actions.len();
        if play(&app).placements(0).is_empty() {
            press(&mut app, pad, GamepadButton::South);
            let last = play(&app).record.actions.get(n).copied();
            assert!(play(&app).record.actions.len() > n, "South drew or passed");
            assert!(matches!(last, Some(Action::Draw | Action::Pass)));
            drew += 1;
            continue;
        }
        // The right shoulder moves through the hand, the d-pad through the ends.
        press(&mut app, pad, GamepadButton::RightTrigger);
        press(&mut app, pad, GamepadButton::DPadRight);
        let choice = app.world().resource::<HandChoices>().get(0);
        let tile = choice.tile.expect("a tile chosen");
        let wanted = muggins::game::dominoes::gamepad::chosen_end(play(&app), &choice, 0);
        let hand = play(&app).game.hands[0];
        press(&mut app, pad, GamepadButton::South);
        let last = play(&app).record.actions.get(n).copied();
        match wanted {
            Some(end) => {
                assert_eq!(
                    last,
                    Some(Action::play(end.placement)),
                    "South plays the chosen end"
                );
                assert_eq!(end.placement.tile, tile);
                played += 1;
            }
            None => {
                assert_eq!(
                    play(&app).game.hands[0],
                    hand,
                    "a tile that does not play stays"
                );
                assert!(play(&app).may_move(0));
            }
        }
    }
    assert!(played >= 3 && drew >= 1, "{played} plays, {drew} draws");
}

/// Every face in the scene belongs to a tile some human at the table may see now.
fn faces_ok(app: &mut App) -> Result<(), String> {
    let faces: Vec<Tile> = app
        .world_mut()
        .query::<&TileFace>()
        .iter(app.world())
        .map(|f| f.0)
        .collect();
    let p = play(app);
    if p.table.reveal.is_some() {
        return Ok(());
    }
    let laid: HashSet<Tile> = p.shown_slots().iter().map(|s| s.tile).collect();
    for t in faces {
        if laid.contains(&t) {
            continue;
        }
        let holder = (0..p.game.seats).find(|s| p.game.hands[*s as usize] & t.bit() != 0);
        match holder {
            Some(s) if p.is_human(s) && p.table.pass_to.is_none() => {}
            _ => {
                return Err(format!(
                    "{t} shows its face (held by {holder:?}, pass screen {:?})",
                    p.table.pass_to
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn hidden_tiles_never_show_a_face_and_the_pass_screen_comes_when_the_human_changes() {
    let mut app = app();
    let seats = vec![
        SeatKind::Human,
        SeatKind::Ai(Difficulty::Normal),
        SeatKind::Human,
        SeatKind::Ai(Difficulty::Easy),
    ];
    start(&mut app, "muggins", seats, false, 8);
    let mut last_human: Option<Seat> = None;
    let mut screens = 0;
    let mut human_turns = 0;
    for _ in 0..30_000 {
        app.update();
        faces_ok(&mut app).unwrap();
        if screen(&app) != Screen::Playing || play(&app).game.outcome.is_some() {
            break;
        }
        let p = play(&app);
        if p.table.reveal.is_some() {
            intend(&mut app, DominoesIntent::Pass { seat: 0 });
            continue;
        }
        let Some(mover) = p.mover().filter(|s| p.is_human(*s)) else {
            continue;
        };
        if let Some(to) = p.table.pass_to {
            assert_eq!(to, mover);
            assert_ne!(
                Some(mover),
                last_human,
                "a pass screen only when the human changes"
            );
            screens += 1;
            intend(&mut app, DominoesIntent::Pass { seat: to });
            faces_ok(&mut app).unwrap();
            assert_eq!(play(&app).table.viewer, Some(to));
            last_human = Some(to);
            continue;
        }
        if last_human.is_some_and(|h| h != mover) {
            panic!("seat {mover} moves after seat {last_human:?} with no pass screen");
        }
        assert_eq!(p.table.viewer, Some(mover));
        last_human = Some(mover);
        human_turns += 1;
        let action = p
            .placements(mover)
            .first()
            .map(|pl| Action::play(*pl))
            .or(p.no_play(mover))
            .unwrap();
        intend(
            &mut app,
            DominoesIntent::Act {
                seat: mover,
                action,
            },
        );
        faces_ok(&mut app).unwrap();
    }
    assert!(
        human_turns > 10 && screens > 5,
        "{human_turns} human turns, {screens} pass screens"
    );
}

#[test]
fn one_human_gets_no_pass_screen_and_sees_only_their_hand() {
    let mut app = human_table("muggins", 12, 3);
    for _ in 0..3_000 {
        app.update();
        let p = play(&app);
        assert_eq!(p.table.pass_to, None);
        assert_eq!(p.table.viewer, Some(0));
        if p.table.reveal.is_some() {
            break;
        }
        if p.may_move(0) {
            let action = p
                .placements(0)
                .first()
                .map(|pl| Action::play(*pl))
                .or(p.no_play(0))
                .unwrap();
            intend(&mut app, DominoesIntent::Act { seat: 0, action });
        }
        faces_ok(&mut app).unwrap();
        let faces = app
            .world_mut()
            .query::<&TileFace>()
            .iter(app.world())
            .count();
        let p = play(&app);
        let shown = p.shown_slots().len() + p.game.hands[0].count_ones() as usize;
        assert!(faces <= shown, "{faces} faces, {shown} visible tiles");
    }
}

#[test]
fn a_placement_that_is_not_legal_is_refused_and_nothing_changes() {
    let mut app = human_table("muggins", 2, 1);
    my_move(&mut app);
    let p = play(&app);
    let n = p.record.actions.len();
    let held: Vec<Tile> = muggins::rules::dominoes::tile::tiles_of(p.game.hands[1]).collect();
    let bad = Placement {
        tile: held[0],
        arm: 0,
        inline: false,
    };
    intend(
        &mut app,
        DominoesIntent::Act {
            seat: 0,
            action: Action::play(bad),
        },
    );
    assert_eq!(play(&app).record.actions.len(), n);
    assert!(play(&app).refused.is_some());
}

#[test]
fn every_laid_tile_is_set_down_by_physics_at_its_slot() {
    let mut app = human_table("muggins", 3, 1);
    for _ in 0..400 {
        app.update();
        let p = play(&app);
        if p.may_move(0) {
            let action = p
                .placements(0)
                .first()
                .map(|pl| Action::play(*pl))
                .or(p.no_play(0))
                .unwrap();
            intend(&mut app, DominoesIntent::Act { seat: 0, action });
        }
    }
    for _ in 0..40 {
        app.update();
    }
    let slots = play(&app).shown_slots().to_vec();
    assert!(slots.len() > 5, "{} tiles laid", slots.len());
    let mut q = app.world_mut().query::<(
        &LaidTile,
        &Transform,
        Option<&muggins::game::live::LiveBody>,
    )>();
    let laid: Vec<(Tile, Vec3, bool)> = q
        .iter(app.world())
        .map(|(t, at, body)| (t.0, at.translation, body.is_some()))
        .collect();
    assert_eq!(laid.len(), slots.len());
    for slot in &slots {
        let (_, at, live) = laid
            .iter()
            .find(|l| l.0 == slot.tile)
            .expect("on the table");
        assert!(live, "{} is a live body", slot.tile);
        let off = Vec2::new(at.x - slot.x, at.z - slot.z).length();
        assert!(off < 0.005, "{} rests {off} m from its slot", slot.tile);
        assert!(
            (at.y - muggins::physics::tiles::TILE_T / 2.0).abs() < 0.002,
            "{} lies flat on the felt",
            slot.tile
        );
    }
}

#[test]
fn the_tours_dominoes_reaches_its_moments_in_the_first_hand() {
    use muggins::ai::dominoes::DominoesAi;
    use muggins::app::{Deal, TOUR_DOMINOES_SEED, domino_on};
    // The tour's frames: about 25 ms, at three times the speed.
    let mut app = headless::app(75);
    start(
        &mut app,
        "all-fives",
        vec![SeatKind::Human, SeatKind::Ai(Difficulty::Expert)],
        false,
        TOUR_DOMINOES_SEED,
    );
    let mut hand = DominoesAi::new(Difficulty::Normal, 7);
    for deal in [Deal::SpinnerArms, Deal::MustDraw, Deal::HandEnd] {
        for _ in 0..5_000 {
            if deal.reached(play(&app)) {
                break;
            }
            if let Some(intent) = domino_on(play(&app), &mut hand) {
                app.world_mut().write_message(intent);
            }
            app.update();
        }
        assert!(deal.reached(play(&app)), "never reached: {deal:?}");
        // The first hand's (at its end, the next is dealt behind the reveal).
        let hand_no = if deal == Deal::HandEnd { 1 } else { 0 };
        assert_eq!(
            play(&app).game.hand_no,
            hand_no,
            "{deal:?} in the first hand"
        );
        if deal == Deal::MustDraw {
            intend(
                &mut app,
                DominoesIntent::Act {
                    seat: 0,
                    action: Action::Draw,
                },
            );
        }
    }
}
