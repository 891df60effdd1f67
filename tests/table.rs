//! The table shell, headless: seats bound to their own devices (synthetic gamepads and the
//! keyboard), a MUGGINS! game played to its end by two pads, a lost pad and how the seat comes
//! back, the menus walked with pad buttons only and with keys only, and every game's saved
//! records listed through one path.
#![cfg(feature = "game")]

use bevy::prelude::*;
use bevy_egui::egui::Key;
use muggins::ai::Difficulty;
use muggins::ai::marbles::MarblesAi;
use muggins::game::marbles::gamepad::{PadCursors, cursor_spaces};
use muggins::game::marbles::play::MarblesPlay;
use muggins::game::table::records::{save_record, saved_records};
use muggins::game::table::{Device, Seating, Settle};
use muggins::game::{Nav, Notices, Pause, Screen, Table, headless};
use muggins::rules::marbles::{Action, Phase, Window};
use muggins::rules::{AnyRecord, Catalog, Game, Record, TableGame};
use muggins::table::{SeatKind, TableSetup};
use muggins::ui::headless::{add_menus, frame};

fn app() -> App {
    with_menus(headless::app(20))
}

/// A headless app with the menus whose settings (and autosave) live in `dir`.
fn app_in(dir: &std::path::Path) -> App {
    with_menus(headless::app_with_settings(
        20,
        Some(dir.join("settings.ron")),
    ))
}

fn with_menus(mut app: App) -> App {
    add_menus(&mut app);
    app.insert_resource(ButtonInput::<KeyCode>::default());
    frame(&mut app, &[]);
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn paused(app: &App) -> bool {
    app.world()
        .get_resource::<State<Pause>>()
        .is_some_and(|p| *p.get() == Pause::Paused)
}

fn play(app: &App) -> &MarblesPlay {
    app.world().resource::<MarblesPlay>()
}

fn seating(app: &App) -> &Seating {
    app.world().resource::<Seating>()
}

fn connect(app: &mut App) -> Entity {
    app.world_mut().spawn(Gamepad::default()).id()
}

/// Presses `button` on `pad` for one frame, then lets it go.
fn press(app: &mut App, pad: Entity, button: GamepadButton) {
    if let Some(mut g) = app.world_mut().get_mut::<Gamepad>(pad) {
        g.digital_mut().press(button);
    }
    frame(app, &[]);
    if let Some(mut g) = app.world_mut().get_mut::<Gamepad>(pad) {
        g.digital_mut().release(button);
        g.digital_mut().clear();
    }
}

/// Presses an egui key (the keyboard on a menu) for one frame.
fn key(app: &mut App, k: Key) {
    frame(app, &[k]);
    frame(app, &[]);
}

/// Presses a keyboard key as Bevy sees it (Escape, Enter) for one frame.
fn bevy_key(app: &mut App, k: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(k);
    frame(app, &[]);
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(k);
    keys.clear();
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        frame(app, &[]);
    }
}

/// Sets a two-seat MUGGINS! table up from the title and joins each seat with its own pad.
fn two_pads_join(app: &mut App, preset: &str) -> (Entity, Entity) {
    app.world_mut().write_message(Nav::SetUp(Game::Marbles));
    frames(app, 2);
    app.world_mut()
        .write_message(Nav::Configure(TableSetup::new(
            Game::Marbles,
            preset.into(),
            vec![SeatKind::Human, SeatKind::Ai(Difficulty::Normal)],
        )));
    frames(app, 2);
    let (a, b) = (connect(app), connect(app));
    frames(app, 1);
    press(app, a, GamepadButton::South);
    press(app, b, GamepadButton::South);
    frames(app, 2);
    let table = app.world().resource::<Table>();
    assert_eq!(
        table.seats,
        vec![SeatKind::Human; 2],
        "pad 2 made seat 2 human"
    );
    assert_eq!(seating(app).device(0), Device::Pad(a));
    assert_eq!(seating(app).device(1), Device::Pad(b));
    (a, b)
}

#[test]
fn pads_join_and_leave_seats_on_the_setup_screen() {
    let mut app = app();
    let (a, b) = two_pads_join(&mut app, "classic");
    // B leaves: the seat goes back to the keyboard; pressed again, A takes it once more.
    press(&mut app, a, GamepadButton::East);
    frames(&mut app, 1);
    assert_eq!(
        screen(&app),
        Screen::Setup,
        "a seated pad's B leaves, not backs out"
    );
    assert_eq!(seating(&app).device(0), Device::Pointer);
    press(&mut app, a, GamepadButton::South);
    frames(&mut app, 1);
    assert_eq!(seating(&app).device(0), Device::Pad(a));
    // A third pad adds a seat (classic seats up to 4).
    let c = connect(&mut app);
    frames(&mut app, 1);
    press(&mut app, c, GamepadButton::South);
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<Table>().seats.len(), 3);
    assert_eq!(seating(&app).device(2), Device::Pad(c));
    assert_eq!(seating(&app).seat_of(b), Some(1));
    // Unplugged on the setup screen, a pad gives its seat back to the keyboard.
    app.world_mut().entity_mut(c).remove::<Gamepad>();
    frames(&mut app, 2);
    assert_eq!(seating(&app).device(2), Device::Pointer);
}

/// What `seat`'s pad presses now to play as a Normal player would: roll, move the cursor to
/// the chosen hole and place (or take off), say "no move", let windows pass.
fn pad_move(
    app: &App,
    seat: u8,
    hand: &mut MarblesAi,
    wrong_no_move: &mut bool,
) -> Option<GamepadButton> {
    let p = play(app);
    let game = &p.game;
    if !app.world().resource::<Settle>().ready() {
        return None;
    }
    let cursor = app.world().resource::<PadCursors>().of(seat);
    let towards = |target: u8| {
        if cursor == target {
            None
        } else if cursor < target {
            Some(GamepadButton::DPadRight)
        } else {
            Some(GamepadButton::DPadLeft)
        }
    };
    if game.window.is_some() && p.table.window_left > 0.0 && p.may_speak().contains(&seat) {
        return Some(match game.window {
            // Now and then a challenge, to play the window by pad too.
            Some(Window::Placed { space, .. }) if space % 5 == 0 => GamepadButton::West,
            // A "no move" that missed a number: Muggins! on it, the cursor moved there.
            Some(Window::NoMove { dice, .. }) if game.reachable_open(dice) != 0 => {
                let target = game.reachable_open(dice).trailing_zeros() as u8;
                towards(target).unwrap_or(GamepadButton::West)
            }
            _ => GamepadButton::East,
        });
    }
    if p.thrower() == Some(seat) {
        return Some(GamepadButton::South);
    }
    if game.actor() != Some(seat) || !p.still() {
        return None;
    }
    if !matches!(
        game.phase,
        Phase::Place { .. } | Phase::Triples { .. } | Phase::Penalty { .. }
    ) {
        return None;
    }
    // Once, a "no move" when the roll makes a number: the other pad calls "Muggins!".
    if let Phase::Place { dice, .. } = game.phase
        && *wrong_no_move
        && game.reachable_open(dice) != 0
    {
        *wrong_no_move = false;
        return Some(GamepadButton::North);
    }
    let target = match hand.on_turn(game, seat)? {
        Action::NoMove => return Some(GamepadButton::North),
        Action::Place(s) | Action::Remove(s) => s,
        _ => return None,
    };
    assert_ne!(
        cursor_spaces(game, seat) & 1u64 << target,
        0,
        "the cursor can reach {target}"
    );
    Some(towards(target).unwrap_or(GamepadButton::South))
}

#[test]
fn two_pads_play_a_whole_game_each_for_its_own_seat_and_a_lost_pad_is_replaced() {
    let mut app = app();
    let (a, b) = two_pads_join(&mut app, "classic");
    // A from the setup's Start button (focused first): the pad walks the menu.
    press(&mut app, a, GamepadButton::South);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Playing);
    let mut hands = [
        MarblesAi::new(Difficulty::Normal, 1),
        MarblesAi::new(Difficulty::Normal, 2),
    ];
    let mut pads = [a, b];
    let (mut ignored, mut lost_checked, mut challenges) = (0, false, 0);
    let mut calls = 0;
    let mut wrong_no_move = true;
    let mut last_ignored = 0;
    for step in 0..120_000 {
        if screen(&app) != Screen::Playing {
            break;
        }
        let before = play(&app).record.actions.len();
        // The seat not acting presses A: nothing happens for the other seat.
        if ignored < 8
            && step > last_ignored + 60
            && let Some(actor) = play(&app).game.actor()
            && play(&app).thrower() == Some(actor)
            && app.world().resource::<Settle>().ready()
        {
            let other = pads[1 - actor as usize];
            press(&mut app, other, GamepadButton::South);
            assert!(
                play(&app).still(),
                "another pad cannot roll for seat {actor}"
            );
            assert_eq!(play(&app).record.actions.len(), before);
            ignored += 1;
            last_ignored = step;
        }
        // Once, mid-game: seat 1's pad is lost, comes back, is lost again and a third pad
        // claims the seat.
        if !lost_checked && before > 30 && play(&app).still() {
            lost_checked = true;
            let record = play(&app).record.clone();
            app.world_mut().entity_mut(pads[0]).remove::<Gamepad>();
            frames(&mut app, 3);
            assert!(paused(&app), "a lost pad pauses the game");
            let notices = &app.world().resource::<Notices>().0;
            assert!(
                notices.iter().any(|n| n == "Seat 1's controller was lost"),
                "{notices:?}"
            );
            frames(&mut app, 50);
            assert_eq!(play(&app).record, record, "nothing moves while paused");
            app.world_mut()
                .entity_mut(pads[0])
                .insert(Gamepad::default());
            frames(&mut app, 3);
            assert!(!paused(&app), "the same pad back resumes");
            assert_eq!(play(&app).record, record);
            app.world_mut().entity_mut(pads[0]).remove::<Gamepad>();
            frames(&mut app, 3);
            assert!(paused(&app));
            let c = connect(&mut app);
            frames(&mut app, 1);
            press(&mut app, c, GamepadButton::South);
            frames(&mut app, 3);
            assert!(!paused(&app), "a third pad claims the seat");
            assert_eq!(seating(&app).device(0), Device::Pad(c));
            assert_eq!(play(&app).record, record);
            pads[0] = c;
        }
        let mut pressed = false;
        for seat in 0..2u8 {
            if let Some(button) =
                pad_move(&app, seat, &mut hands[seat as usize], &mut wrong_no_move)
            {
                let window = play(&app).game.window;
                let was_north = button == GamepadButton::North;
                press(&mut app, pads[seat as usize], button);
                if was_north {
                    assert!(
                        play(&app).game.window.is_some(),
                        "Y said \"no move\" at once"
                    );
                }
                if button == GamepadButton::West {
                    match window {
                        Some(Window::NoMove { .. }) => calls += 1,
                        _ => challenges += 1,
                    }
                }
                pressed = true;
                break;
            }
        }
        if !pressed {
            frame(&mut app, &[]);
        }
    }
    assert!(lost_checked && ignored > 0, "{lost_checked} {ignored}");
    assert!(challenges > 0, "a challenge was made by pad");
    assert!(calls > 0, "\"Muggins!\" was called by pad");
    frames(&mut app, 10);
    assert_eq!(screen(&app), Screen::Results, "the game ends");
    let p = play(&app);
    assert!(p.game.is_over());
    assert!(
        p.record
            .actions
            .iter()
            .any(|a| matches!(a, Action::Muggins { .. })),
        "the call is in the record"
    );
    assert!(
        p.record.actions.len() > 40,
        "{} actions",
        p.record.actions.len()
    );
    let (again, _) = muggins::rules::marbles::replay(&p.record, &Catalog::builtin().0).unwrap();
    assert_eq!(again.outcome, p.game.outcome);
    eprintln!(
        "pads played {} actions, {challenges} challenges, {calls} Muggins calls, {ignored} presses of the other pad ignored",
        p.record.actions.len()
    );
}

#[test]
fn the_menus_by_gamepad_only() {
    let mut app = app();
    let pad = connect(&mut app);
    frames(&mut app, 2);
    // Title: "Play" of MUGGINS! is focused; A picks it.
    press(&mut app, pad, GamepadButton::South);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Setup);
    assert_eq!(app.world().resource::<Table>().game, Game::Marbles);
    // The pad joins a seat (A), then its A presses the focused Start.
    press(&mut app, pad, GamepadButton::South);
    frames(&mut app, 2);
    assert_eq!(seating(&app).device(0), Device::Pad(pad));
    press(&mut app, pad, GamepadButton::South);
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Playing);
    // Start pauses; down three times to "Quit to the title", A.
    press(&mut app, pad, GamepadButton::Start);
    frames(&mut app, 2);
    assert!(paused(&app));
    for _ in 0..3 {
        press(&mut app, pad, GamepadButton::DPadDown);
    }
    press(&mut app, pad, GamepadButton::South);
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Title);
    // B on the setup screen (a pad with no seat) goes back.
    press(&mut app, pad, GamepadButton::DPadRight);
    press(&mut app, pad, GamepadButton::South);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Setup);
    assert_eq!(
        app.world().resource::<Table>().game,
        Game::Dominoes,
        "right moved to the next game"
    );
    let free = connect(&mut app);
    frames(&mut app, 1);
    press(&mut app, free, GamepadButton::East);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Title);
}

#[test]
fn the_menus_by_keyboard_only() {
    let mut app = app();
    frames(&mut app, 2);
    // Tab to the second game's "Play", Enter.
    key(&mut app, Key::Tab);
    key(&mut app, Key::Enter);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Setup);
    assert_eq!(app.world().resource::<Table>().game, Game::Dominoes);
    bevy_key(&mut app, KeyCode::Escape);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Title);
    key(&mut app, Key::Enter);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Setup);
    assert_eq!(app.world().resource::<Table>().game, Game::Marbles);
    key(&mut app, Key::Enter);
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Playing);
    bevy_key(&mut app, KeyCode::Escape);
    frames(&mut app, 2);
    assert!(paused(&app));
    for _ in 0..3 {
        key(&mut app, Key::ArrowDown);
    }
    key(&mut app, Key::Enter);
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Title);
}

/// A few legal actions of a game, from its record's start.
fn played<G: TableGame>(
    mut record: Record<G::Action>,
    legal: impl Fn(&G) -> Vec<G::Action>,
) -> Record<G::Action> {
    let mut game = G::start(&record, &Catalog::builtin().0).unwrap();
    for _ in 0..6 {
        let Some(a) = legal(&game).first().copied() else {
            break;
        };
        game.apply(a).unwrap();
        record.actions.push(a);
    }
    record
}

#[test]
fn every_games_records_are_saved_and_listed_through_one_path() {
    use muggins::rules::dominoes::DominoesGame;
    use muggins::rules::kugelbox::{KugelGame, Throw, parse_ball};
    let dir = std::env::temp_dir().join(format!("muggins-table-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dominoes =
        played::<DominoesGame>(Record::new("muggins", 4, true, 7), |g| g.legal_actions());
    let kugel = played::<KugelGame>(Record::new("take-it", 3, false, 9), |g| {
        let chips = g.chip_choices();
        if chips.is_empty() {
            let (red, white) = (parse_ball("3,3").unwrap(), parse_ball("1,2").unwrap());
            vec![muggins::rules::kugelbox::Action::Throw(Throw::new(
                red, white,
            ))]
        } else {
            chips
        }
    });
    let marbles: Record<Action> = Record::new("classic", 2, false, 5);
    let catalog = Catalog::builtin().0;
    for r in [
        AnyRecord::Dominoes(dominoes.clone()),
        AnyRecord::Kugelbox(kugel.clone()),
        AnyRecord::Marbles(marbles),
    ] {
        r.check(&catalog).unwrap();
        save_record(&r, &dir).unwrap();
    }
    std::fs::write(dir.join("odd.json"), r#"{"game": "chess", "preset": "x"}"#).unwrap();
    let listed = saved_records(&dir);
    assert_eq!(listed.len(), 4);
    let lines: Vec<String> = listed
        .iter()
        .map(|(p, r)| match r {
            Ok(r) => r.summary().line(),
            Err(e) => format!("{}: {e}", p.file_name().unwrap().to_string_lossy()),
        })
        .collect();
    let has = |s: &str| lines.iter().any(|l| l.contains(s));
    assert!(
        has("Muggins dominoes · muggins · 4 players in partnerships · "),
        "{lines:?}"
    );
    assert!(
        has(&format!(
            "Kugelbox · take-it · 3 players · {} moves",
            kugel.actions.len()
        )),
        "{lines:?}"
    );
    assert!(has("MUGGINS! · classic · 2 players · 0 moves"), "{lines:?}");
    assert!(
        has("odd.json: not a game record: \"game\" is \"chess\""),
        "{lines:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pad_press_as_the_countdown_ends_does_not_roll() {
    let mut app = app();
    let (a, b) = two_pads_join(&mut app, "classic");
    press(&mut app, a, GamepadButton::South);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Playing);
    let pads = [a, b];
    let mut hands = [
        MarblesAi::new(Difficulty::Normal, 3),
        MarblesAi::new(Difficulty::Normal, 4),
    ];
    let mut no_wrong = false;
    // Play until a move opens a window with its countdown.
    for _ in 0..20_000 {
        let p = play(&app);
        if p.game.window.is_some() && p.table.window_left > 0.0 {
            break;
        }
        let next = (0..2u8).find_map(|seat| {
            pad_move(&app, seat, &mut hands[seat as usize], &mut no_wrong).map(|b| (seat, b))
        });
        match next {
            Some((seat, button)) => press(&mut app, pads[seat as usize], button),
            None => frame(&mut app, &[]),
        }
    }
    assert!(play(&app).table.window_left > 0.0, "a window opened");
    // Nobody speaks: the countdown runs out and the next seat may roll.
    for _ in 0..400 {
        if play(&app).table.window_left == 0.0 {
            break;
        }
        frame(&mut app, &[]);
    }
    let roller = play(&app).thrower().expect("the next seat may roll");
    // A press meant for the window, a frame late: A holds still.
    press(&mut app, pads[roller as usize], GamepadButton::South);
    assert!(
        play(&app).still(),
        "a press as the countdown ends does not roll"
    );
    frames(&mut app, 30);
    press(&mut app, pads[roller as usize], GamepadButton::South);
    assert!(!play(&app).still(), "half a second on, A rolls");
}

#[test]
fn a_lost_seat_is_taken_by_the_keyboard_or_handed_to_the_ai() {
    use muggins::game::table::seats::Claim;
    let mut app = app();
    let (a, b) = two_pads_join(&mut app, "classic");
    press(&mut app, a, GamepadButton::South);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Playing);
    // Pad 1 is lost: the keyboard's Enter takes seat 1.
    app.world_mut().entity_mut(a).remove::<Gamepad>();
    frames(&mut app, 3);
    assert!(paused(&app));
    key(&mut app, Key::Enter);
    frames(&mut app, 2);
    assert!(!paused(&app), "Enter took the seat");
    assert_eq!(seating(&app).device(0), Device::Pointer);
    // Pad 2 is lost: the pause panel hands seat 2 to the Expert, who plays on.
    app.world_mut().entity_mut(b).remove::<Gamepad>();
    frames(&mut app, 3);
    assert!(paused(&app));
    let record = play(&app).record.clone();
    app.world_mut().write_message(Claim::Ai(Difficulty::Expert));
    frames(&mut app, 3);
    assert!(!paused(&app));
    assert_eq!(play(&app).seats[1], SeatKind::Ai(Difficulty::Expert));
    assert_eq!(
        app.world().resource::<Table>().seats[1],
        SeatKind::Ai(Difficulty::Expert)
    );
    assert_eq!(play(&app).record, record, "nothing of the game was lost");
    // Seat 2 now acts on its own: play seat 1 from the keyboard's intents until seat 2 has
    // rolled for itself.
    let rolled_by_ai = |app: &App| {
        play(app).record.actions.len() > record.actions.len()
            && play(app)
                .log
                .iter()
                .any(|l| l == "Seat 2 is played by the AI (Expert)")
    };
    let mut hand = MarblesAi::new(Difficulty::Normal, 9);
    for _ in 0..5_000 {
        if rolled_by_ai(&app) && play(&app).game.actor() == Some(1) {
            break;
        }
        let p = play(&app);
        let intent = if p.thrower() == Some(0) {
            Some(muggins::game::marbles::play::MarblesIntent::Throw {
                seat: 0,
                flick: None,
            })
        } else if p.may_speak().contains(&0) {
            Some(muggins::game::marbles::play::MarblesIntent::Pass { seat: 0 })
        } else if p.game.actor() == Some(0)
            && p.still()
            && matches!(p.game.phase, Phase::Place { .. })
        {
            hand.on_turn(&p.game, 0)
                .map(|action| muggins::game::marbles::play::MarblesIntent::Act { seat: 0, action })
        } else {
            None
        };
        if let Some(i) = intent {
            app.world_mut().write_message(i);
        }
        frame(&mut app, &[]);
    }
    let before = play(&app).record.actions.len();
    frames(&mut app, 600);
    assert!(
        play(&app).record.actions.len() > before,
        "the AI plays the seat it was handed"
    );
}

/// A game of MUGGINS! left after a few moves: its autosave in `dir`.
fn left_game(dir: &std::path::Path, seats: Vec<SeatKind>) -> Record<Action> {
    use muggins::rules::marbles::MarblesGame;
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let record = played::<MarblesGame>(Record::new("classic", seats.len() as u8, false, 11), |g| {
        g.legal_actions()
    });
    assert!(record.actions.len() >= 3, "{record:?}");
    let save = muggins::saves::Autosave {
        seats,
        open_hands: false,
        record: AnyRecord::Marbles(record.clone()),
    };
    save.save(dir).unwrap();
    record
}

#[test]
fn a_resumed_game_seats_its_humans_by_pad_and_its_ai_as_it_was() {
    let dir = std::env::temp_dir().join(format!("muggins-table-resume-{}", std::process::id()));
    let seats = vec![
        SeatKind::Human,
        SeatKind::Ai(Difficulty::Easy),
        SeatKind::Human,
    ];
    let record = left_game(&dir, seats.clone());
    let mut app = app_in(&dir);
    let (a, b) = (connect(&mut app), connect(&mut app));
    frames(&mut app, 2);
    // The title's Resume is focused first: A resumes, at the setup screen with the seats.
    press(&mut app, a, GamepadButton::South);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Setup);
    assert_eq!(app.world().resource::<Table>().seats, seats);
    // Each pad takes a human seat; the AI seat stays the AI's.
    press(&mut app, a, GamepadButton::South);
    press(&mut app, b, GamepadButton::South);
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<Table>().seats, seats);
    assert_eq!(seating(&app).device(0), Device::Pad(a));
    assert_eq!(seating(&app).device(2), Device::Pad(b));
    press(&mut app, a, GamepadButton::South);
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Playing);
    let p = play(&app);
    assert_eq!(p.record, record, "the game resumed where it was left");
    assert_eq!(p.seats, seats);
    let (want, _) = muggins::rules::marbles::replay(&record, &Catalog::builtin().0).unwrap();
    assert_eq!(p.game, want);
    // And plays on: each pad for its own seat, the AI for its.
    let mut hands = [0u8, 2].map(|s| MarblesAi::new(Difficulty::Normal, s as u64 + 1));
    let mut wrong_no_move = false;
    let pads = [a, b];
    for _ in 0..20_000 {
        if play(&app).record.actions.len() >= record.actions.len() + 12
            || screen(&app) != Screen::Playing
        {
            break;
        }
        let mut pressed = false;
        for (i, seat) in [0u8, 2].into_iter().enumerate() {
            if let Some(button) = pad_move(&app, seat, &mut hands[i], &mut wrong_no_move) {
                press(&mut app, pads[i], button);
                pressed = true;
                break;
            }
        }
        if !pressed {
            frame(&mut app, &[]);
        }
    }
    let p = play(&app);
    assert!(
        p.record.actions.len() >= record.actions.len() + 12,
        "the resumed game went on: {} actions",
        p.record.actions.len()
    );
    assert_eq!(p.record.actions[..record.actions.len()], record.actions[..]);
    let movers: std::collections::BTreeSet<u8> = {
        let mut game = want.clone();
        let mut seen = std::collections::BTreeSet::new();
        for a in &p.record.actions[record.actions.len()..] {
            if let Some(s) = game.actor() {
                seen.insert(s);
            }
            game.apply(*a).unwrap();
        }
        seen
    };
    assert!(movers.contains(&1), "the AI seat played: {movers:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pad_joining_a_resumed_game_adds_no_seat() {
    let dir = std::env::temp_dir().join(format!("muggins-table-resume2-{}", std::process::id()));
    let seats = vec![SeatKind::Human, SeatKind::Human];
    let record = left_game(&dir, seats.clone());
    let mut app = app_in(&dir);
    let pads: Vec<Entity> = (0..3).map(|_| connect(&mut app)).collect();
    frames(&mut app, 2);
    press(&mut app, pads[0], GamepadButton::South);
    frames(&mut app, 2);
    assert_eq!(screen(&app), Screen::Setup);
    for pad in &pads {
        press(&mut app, *pad, GamepadButton::South);
    }
    frames(&mut app, 2);
    assert_eq!(
        app.world().resource::<Table>().seats,
        seats,
        "a third pad finds no seat to take and adds none"
    );
    assert_eq!(seating(&app).seat_of(pads[2]), None);
    press(&mut app, pads[0], GamepadButton::South);
    frames(&mut app, 3);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(play(&app).record, record, "the game resumed, not a new one");
    let _ = std::fs::remove_dir_all(&dir);
}
