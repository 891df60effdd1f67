//! The windowed game: Bevy's default plugins, the game's logic, the menus and the input; and the
//! scripted screenshot run used by `make screenshots` and the smoke test.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use crate::ai::Difficulty;
use crate::ai::dominoes::DominoesAi;
use crate::ai::marbles::MarblesAi;
use crate::game::dominoes::play::{DominoesIntent, DominoesPlay, HandChoices};
use crate::game::kugelbox::play::{KugelIntent, KugelPlay};
use crate::game::kugelbox::pointer::Aim;
use crate::game::marbles::play::{MarblesIntent, MarblesPlay};
use crate::game::table::referee::TablePace;
use crate::game::{self, Nav, SettingsPath};
use crate::physics::Flick;
use crate::rules::Game;
use crate::rules::marbles::{Phase, Window as MarblesWindow};
use crate::table::SeatKind;

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
    .add_plugins((
        game::plugin,
        crate::ui::plugin,
        crate::input::plugin,
        crate::input::windowed,
        game::windowed,
    ));
    if let Some(dir) = screenshots {
        if let Err(e) = std::fs::create_dir_all(&dir) {
            eprintln!("muggins: cannot create {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
        // The software renderer draws a frame in a tenth of a second or more: let a hurried
        // frame cover up to a second of game time (Bevy's cap is a quarter), so the tour's
        // hurried stretches take fewer frames.
        app.world_mut()
            .resource_mut::<Time<Virtual>>()
            .set_max_delta(Duration::from_secs(1));
        app.insert_resource(Tour::new(dir))
            .insert_resource(TablePace(0.3))
            .add_systems(Update, tour.before(game::screen::AppSet::RecordInput));
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

#[derive(Debug)]
enum Step {
    /// Let this many frames and at least this long pass (pipelines compile, egui lays out).
    Wait(u32, Duration),
    Nav(Nav),
    Shot(&'static str),
    /// MUGGINS!: play the human seat (0) as a Normal player would until the moment comes.
    Marbles(Moment),
    /// MUGGINS!: the human seat does this.
    Intent(MarblesIntent),
    /// MUGGINS!: the human seat takes its turn's action as a Normal player would.
    HumanMove,
    /// Game time runs this many times as fast as the clock (0 stops it: a roll held in flight).
    Speed(f32),
    /// Press a button of the tour's gamepad `n` (connected on first use), released a frame on.
    Pad(usize, GamepadButton),
    Release(usize, GamepadButton),
    /// Dominoes: play the human seat (0) as a Normal player would until the moment comes.
    Dominoes(Deal),
    /// Dominoes: seat 0 chooses the tile that plays at the most ends (its ends are marked).
    ChooseTile,
    /// Dominoes: seat 0 does this.
    Domino(DominoesIntent),
    /// Kugelbox: seat 0 throws (plainly) and takes the first chip it may until the moment comes.
    Kugel(Throwing),
    /// Kugelbox: seat 0 pulls back a throw like this (the aim line and strength show)…
    KugelAim(Flick),
    /// …and lets it go.
    KugelThrow,
    /// The games started from now on sit down with this seed (the tour's Chikugo reaches its
    /// lay-out).
    Seed(u64),
    /// Wait until this screenshot is on disk.
    Saved(PathBuf),
    /// Wait for every screenshot to be written, check them, quit.
    Finish,
}

/// Moments of a MUGGINS! game the tour waits for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Moment {
    /// The human seat may throw the dice.
    HumanThrows,
    /// The human seat has rolled and places.
    HumanPlaces,
    /// An AI seat has placed and the human seat may challenge.
    MayChallenge,
    /// The game is over.
    Over,
}

impl Moment {
    fn reached(self, play: &MarblesPlay) -> bool {
        match self {
            Moment::HumanThrows => play.thrower() == Some(0),
            Moment::HumanPlaces => match play.game.phase {
                Phase::Place { seat: 0, dice } => play.game.reachable_open(dice) != 0,
                _ => false,
            },
            Moment::MayChallenge => {
                matches!(
                    play.game.window,
                    Some(MarblesWindow::Placed { seat: 1, .. })
                ) && play.may_speak().contains(&0)
                    && play.window_open()
            }
            Moment::Over => play.game.outcome.is_some(),
        }
    }
}

/// Moments of a dominoes game the tour waits for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Deal {
    /// Seat 0 moves with tiles that play, and a spinner's side arms are open.
    SpinnerArms,
    /// Seat 0 must draw.
    MustDraw,
    /// A pass screen is up.
    PassScreen,
    /// A hand has ended, face up.
    HandEnd,
    /// The game is over.
    Over,
}

impl Deal {
    pub fn reached(self, play: &DominoesPlay) -> bool {
        match self {
            Deal::SpinnerArms => {
                play.may_move(0)
                    && !play.placements(0).is_empty()
                    && play
                        .game
                        .layout
                        .arms()
                        .iter()
                        .filter(|a| a.parent.is_some() && a.len > 0)
                        .count()
                        >= 1
            }
            Deal::MustDraw => play.no_play(0) == Some(crate::rules::dominoes::Action::Draw),
            Deal::PassScreen => play.table.pass_to.is_some(),
            Deal::HandEnd => play.table.reveal.is_some(),
            Deal::Over => play.game.outcome.is_some(),
        }
    }
}

/// Moments of a Kugelbox game the tour waits for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Throwing {
    /// Seat 0 may throw.
    HumanThrows,
    /// Both balls of the last throw rest in holes, framed.
    Framed,
    /// Seat 0 chooses among the chips its throw meets.
    HumanChooses,
    /// Chikugo's lay-out, between throws.
    LayOut,
    /// The game is over.
    Over,
}

impl Throwing {
    fn reached(self, play: &KugelPlay) -> bool {
        let quiet = !play.table.busy();
        match self {
            Throwing::HumanThrows => play.thrower() == Some(0),
            Throwing::Framed => {
                quiet
                    && play
                        .table
                        .last
                        .is_some_and(|l| l.throw.red.is_some() && l.throw.other.is_some())
            }
            Throwing::HumanChooses => play.chooser() == Some(0),
            // (Or the game ended first: the tour goes on, its picture of the end.)
            Throwing::LayOut => {
                quiet
                    && play.game.stage == crate::rules::kugelbox::Stage::LayOut
                    && play.table.last.is_some()
                    || play.game.outcome.is_some()
            }
            Throwing::Over => play.game.outcome.is_some(),
        }
    }
}

/// What the tour's Kugelbox seat (0) does now: a plain throw, aimed a little differently each
/// time, or the first chip it may take.
fn kugel_on(play: &KugelPlay) -> Option<KugelIntent> {
    if play.thrower() == Some(0) {
        let n = play.record.actions.len() as f32;
        let flick = Flick {
            direction: (n * 0.7).sin() * 0.2,
            strength: 0.45 + (n * 1.3).cos().abs() * 0.3,
            spin: 0.0,
        };
        return Some(KugelIntent::Throw {
            seat: 0,
            flick: Some(flick),
        });
    }
    if play.chooser() == Some(0) {
        let (chip, _) = *play.choices().first()?;
        return Some(KugelIntent::Act {
            seat: 0,
            action: crate::rules::kugelbox::Action::Chip(chip),
        });
    }
    None
}

/// The seed of the tour's dominoes: seat 0's spinner arms, its draw and the hand's end all
/// come in the first hand (a game left to chance once ran on to hand 4 and the tour out of time).
pub const TOUR_DOMINOES_SEED: u64 = 0;

/// The seed of the tour's Chikugo: three AI seats reach the lay-out with a throw or more.
pub const TOUR_CHIKUGO_SEED: u64 = 1;

/// Kugelbox: a Take It table (seat 0 against two AI seats) aiming, throwing, the score framed
/// and a chip to choose, paused; then two AI seats at Chikugo to its lay-out and the results.
fn kugel_steps() -> Vec<Step> {
    let settle = || Step::Wait(8, Duration::from_millis(500));
    let take_it = crate::table::TableSetup::new(
        Game::Kugelbox,
        "take-it".into(),
        vec![
            SeatKind::Human,
            SeatKind::Ai(Difficulty::Normal),
            SeatKind::Ai(Difficulty::Easy),
        ],
    );
    let chikugo = crate::table::TableSetup::new(
        Game::Kugelbox,
        "chikugo".into(),
        vec![
            SeatKind::Ai(Difficulty::Hard),
            SeatKind::Ai(Difficulty::Normal),
            SeatKind::Ai(Difficulty::Easy),
        ],
    );
    let aimed = Flick {
        direction: 0.12,
        strength: 0.62,
        spin: 0.3,
    };
    vec![
        Step::Nav(Nav::Title),
        settle(),
        Step::Nav(Nav::SetUp(Game::Kugelbox)),
        Step::Nav(Nav::Configure(take_it)),
        settle(),
        Step::Nav(Nav::Start),
        Step::Wait(14, Duration::from_millis(1500)),
        Step::Shot("05-kugelbox"),
        Step::Kugel(Throwing::HumanThrows),
        Step::Wait(12, Duration::from_millis(700)),
        Step::KugelAim(aimed),
        Step::Wait(4, Duration::from_millis(300)),
        Step::Shot("22-kugel-aim"),
        Step::KugelThrow,
        Step::Speed(0.25),
        Step::Wait(5, Duration::from_millis(300)),
        Step::Speed(0.0),
        Step::Wait(4, Duration::from_millis(300)),
        Step::Shot("23-kugel-flight"),
        Step::Speed(3.0),
        // Held still as it is reached: the next seat's throw waits while the score is shown.
        Step::Kugel(Throwing::Framed),
        Step::Wait(6, Duration::from_millis(400)),
        Step::Shot("24-kugel-score"),
        Step::Speed(3.0),
        Step::Kugel(Throwing::HumanChooses),
        Step::Speed(1.0),
        Step::Wait(12, Duration::from_millis(800)),
        Step::Shot("25-kugel-choice"),
        Step::Nav(Nav::TogglePause),
        settle(),
        Step::Shot("06-pause"),
        Step::Nav(Nav::TogglePause),
        Step::Nav(Nav::Title),
        settle(),
        Step::Nav(Nav::SetUp(Game::Kugelbox)),
        Step::Nav(Nav::Configure(chikugo)),
        settle(),
        Step::Seed(TOUR_CHIKUGO_SEED),
        Step::Nav(Nav::Start),
        Step::Wait(6, Duration::from_millis(500)),
        Step::Speed(6.0),
        Step::Kugel(Throwing::LayOut),
        Step::Speed(1.0),
        Step::Wait(8, Duration::from_millis(600)),
        Step::Shot("26-kugel-layout"),
        Step::Speed(6.0),
        Step::Kugel(Throwing::Over),
        Step::Speed(1.0),
        Step::Wait(10, Duration::from_secs(5)),
        Step::Shot("07-results"),
    ]
}

/// What the tour's dominoes seat (0) does now: move on from a hand's end, say ready, or move as
/// a Normal player would.
pub fn domino_on(play: &DominoesPlay, hand: &mut DominoesAi) -> Option<DominoesIntent> {
    if play.table.reveal.is_some() || play.table.pass_to == Some(0) {
        return Some(DominoesIntent::Pass { seat: 0 });
    }
    if !play.may_move(0) {
        return None;
    }
    let action = hand.act(&play.game.view(0))?;
    Some(DominoesIntent::Act { seat: 0, action })
}

/// A dominoes game of All Fives (every double a spinner, counts called) against an Expert:
/// the spinner's arms with seat 0's tile chosen and its ends marked, a draw, a hand's end face
/// up and the score sheet; then a table of two humans and its pass screen.
fn dominoes_steps() -> Vec<Step> {
    let settle = || Step::Wait(8, Duration::from_millis(500));
    let setup = crate::table::TableSetup::new(
        Game::Dominoes,
        "all-fives".into(),
        vec![SeatKind::Human, SeatKind::Ai(Difficulty::Expert)],
    );
    let mut pair = setup.clone();
    pair.preset = "muggins".into();
    pair.seats = vec![
        SeatKind::Human,
        SeatKind::Ai(Difficulty::Normal),
        SeatKind::Human,
    ];
    vec![
        Step::Nav(Nav::Title),
        settle(),
        Step::Nav(Nav::SetUp(Game::Dominoes)),
        Step::Nav(Nav::Configure(setup)),
        settle(),
        Step::Seed(TOUR_DOMINOES_SEED),
        Step::Nav(Nav::Start),
        Step::Wait(14, Duration::from_millis(1500)),
        Step::Shot("04-dominoes"),
        Step::Speed(3.0),
        Step::Dominoes(Deal::SpinnerArms),
        Step::Speed(1.0),
        Step::ChooseTile,
        Step::Wait(8, Duration::from_millis(900)),
        Step::Shot("17-dominoes-ends"),
        Step::Speed(3.0),
        Step::Dominoes(Deal::MustDraw),
        Step::Speed(1.0),
        Step::Wait(14, Duration::from_millis(700)),
        Step::Domino(DominoesIntent::Act {
            seat: 0,
            action: crate::rules::dominoes::Action::Draw,
        }),
        // Slowed so the drawn tile is caught on its way to the rack, then held still.
        Step::Speed(0.15),
        Step::Wait(4, Duration::from_millis(150)),
        Step::Speed(0.0),
        Step::Wait(4, Duration::from_millis(300)),
        Step::Shot("18-dominoes-draw"),
        Step::Speed(3.0),
        Step::Dominoes(Deal::HandEnd),
        Step::Speed(1.0),
        Step::Wait(10, Duration::from_millis(1200)),
        Step::Shot("20-dominoes-hand-end"),
        Step::Speed(4.0),
        Step::Dominoes(Deal::Over),
        Step::Speed(1.0),
        Step::Wait(10, Duration::from_secs(5)),
        Step::Shot("21-dominoes-sheet"),
        Step::Nav(Nav::SetUp(Game::Dominoes)),
        Step::Nav(Nav::Configure(pair)),
        settle(),
        Step::Nav(Nav::Start),
        Step::Wait(8, Duration::from_millis(800)),
        Step::Speed(3.0),
        Step::Dominoes(Deal::PassScreen),
        Step::Speed(1.0),
        Step::Wait(8, Duration::from_millis(600)),
        Step::Shot("19-dominoes-pass"),
    ]
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
    /// When the tour began and the frames it has drawn: its frame time, reported at the end.
    started: Instant,
    frames: u64,
}

impl Tour {
    fn new(dir: PathBuf) -> Tour {
        let mut steps = vec![
            Step::Wait(30, Duration::from_secs(3)),
            Step::Shot("01-title"),
        ];
        steps.extend(marbles_steps());
        steps.extend(dominoes_steps());
        steps.extend(kugel_steps());
        steps.push(Step::Finish);
        Tour {
            dir,
            steps: steps.into(),
            frames_left: 0,
            until: Instant::now(),
            shots: Vec::new(),
            deadline: Instant::now() + Duration::from_secs(580),
            started: Instant::now(),
            frames: 0,
        }
    }
}

/// A MUGGINS! game against an Expert, from the setup to the score sheet, then the setup screen
/// with two seats joined by gamepads.
fn marbles_steps() -> Vec<Step> {
    let settle = || Step::Wait(8, Duration::from_millis(500));
    let mut steps = Vec::new();
    let setup = crate::table::TableSetup::new(
        Game::Marbles,
        "classic".into(),
        vec![SeatKind::Human, SeatKind::Ai(Difficulty::Expert)],
    );
    // Seat 1 plays with gamepad 1, which joins it on the setup screen: the HUD shows its
    // button prompts and its cursor on the ring (the tour still acts through intents).
    steps.extend([
        Step::Nav(Nav::SetUp(Game::Marbles)),
        Step::Nav(Nav::Configure(setup)),
        settle(),
        Step::Pad(0, GamepadButton::South),
        settle(),
        Step::Shot("02-setup"),
        Step::Nav(Nav::Start),
        Step::Wait(14, Duration::from_millis(1500)),
        Step::Shot("03-marbles"),
        Step::Marbles(Moment::HumanThrows),
        Step::Intent(MarblesIntent::Throw {
            seat: 0,
            flick: None,
        }),
        Step::Wait(1, Duration::ZERO),
        Step::Speed(0.0),
        Step::Wait(4, Duration::from_millis(300)),
        Step::Shot("08-marbles-roll"),
        Step::Speed(1.0),
        Step::Marbles(Moment::HumanPlaces),
        Step::Wait(4, Duration::from_millis(700)),
        Step::Shot("14-marbles-pad"),
        Step::HumanMove,
        Step::Wait(4, Duration::from_millis(250)),
        Step::Shot("09-marbles-place"),
        Step::Marbles(Moment::MayChallenge),
        Step::Wait(4, Duration::from_millis(300)),
        Step::Shot("10-marbles-challenge"),
        Step::Intent(MarblesIntent::Act {
            seat: 0,
            action: crate::rules::marbles::Action::Challenge(0),
        }),
        Step::Wait(4, Duration::from_millis(400)),
        Step::Shot("11-marbles-challenged"),
        // The rest of the game at four times the pace, then the board with its runs lit.
        Step::Speed(4.0),
        Step::Marbles(Moment::Over),
        Step::Speed(0.0),
        Step::Wait(6, Duration::from_millis(600)),
        Step::Shot("12-marbles-end"),
        Step::Speed(1.0),
        Step::Wait(10, Duration::from_secs(5)),
        Step::Shot("13-marbles-sheet"),
        // Three seats, two of them joined by gamepads.
        Step::Nav(Nav::SetUp(Game::Marbles)),
        Step::Nav(Nav::Configure(crate::table::TableSetup::new(
            Game::Marbles,
            "classic".into(),
            vec![
                SeatKind::Human,
                SeatKind::Ai(Difficulty::Expert),
                SeatKind::Human,
            ],
        ))),
        settle(),
        Step::Pad(1, GamepadButton::South),
        settle(),
        Step::Shot("15-setup-pads"),
        // Three d12 at rest: the close-up shows the numbers the HUD says.
        Step::Nav(Nav::Configure(crate::table::TableSetup::new(
            Game::Marbles,
            "challenge-12".into(),
            vec![SeatKind::Human, SeatKind::Ai(Difficulty::Normal)],
        ))),
        settle(),
        Step::Nav(Nav::Start),
        Step::Wait(14, Duration::from_millis(1500)),
        Step::Marbles(Moment::HumanPlaces),
        Step::Wait(30, Duration::from_millis(1200)),
        Step::Shot("16-marbles-d12"),
    ]);
    steps
}

/// The tour's gamepads, connected as it first presses them.
#[derive(Default)]
struct TourPads(Vec<Entity>);

impl TourPads {
    /// Presses `button` on pad `n`: the step that releases it, or, when the pad was only just
    /// connected, the same press again for the next frame.
    fn press(
        &mut self,
        commands: &mut Commands,
        gamepads: &mut Query<&mut Gamepad>,
        n: usize,
        button: GamepadButton,
    ) -> Option<Step> {
        if self.0.len() <= n {
            while self.0.len() <= n {
                let name = format!("Tour pad {}", self.0.len() + 1);
                self.0
                    .push(commands.spawn((Name::new(name), Gamepad::default())).id());
            }
            return Some(Step::Pad(n, button));
        }
        if let Ok(mut pad) = gamepads.get_mut(self.0[n]) {
            pad.digital_mut().press(button);
        }
        Some(Step::Release(n, button))
    }
}

/// What the tour's human seat (0) does now, as a Normal player would: roll, let windows pass,
/// place.
fn play_on(play: &MarblesPlay, hand: &mut MarblesAi) -> Option<MarblesIntent> {
    if let Some(intent) = play.routine(0) {
        return Some(intent);
    }
    if play.game.actor() != Some(0)
        || matches!(play.game.phase, Phase::Roll { .. } | Phase::RollOff { .. })
        || !play.still()
    {
        return None;
    }
    let action = hand.on_turn(&play.game, 0)?;
    Some(MarblesIntent::Act { seat: 0, action })
}

#[allow(clippy::too_many_arguments)]
fn tour(
    mut commands: Commands,
    mut script: ResMut<Tour>,
    mut pads: Local<TourPads>,
    mut gamepads: Query<&mut Gamepad>,
    mut nav: MessageWriter<Nav>,
    mut exit: MessageWriter<AppExit>,
    marbles: Option<Res<MarblesPlay>>,
    mut intents: MessageWriter<MarblesIntent>,
    mut hand: Local<Option<MarblesAi>>,
    dominoes: Option<Res<DominoesPlay>>,
    mut domino_intents: MessageWriter<DominoesIntent>,
    mut domino_hand: Local<Option<DominoesAi>>,
    mut choices: ResMut<HandChoices>,
    mut time: ResMut<Time<Virtual>>,
    (kugel, mut kugel_intents, mut aim): (
        Option<Res<KugelPlay>>,
        MessageWriter<KugelIntent>,
        ResMut<Aim>,
    ),
    mut cameras: Query<&mut Camera, With<crate::game::MainCamera>>,
) {
    script.frames += 1;
    if Instant::now() > script.deadline {
        // Where it stuck: the step waited on and the game at each table.
        let game = |g: Option<String>| g.unwrap_or_else(|| "none".into());
        error!(
            "the screenshot tour took over 580 s; giving up at {:?} after {} frames \
             (MUGGINS! {}; dominoes {}; Kugelbox {})",
            script.steps.front(),
            script.frames,
            game(marbles.as_deref().map(|p| format!("{:?}", p.game.phase))),
            game(dominoes.as_deref().map(|p| format!(
                "{:?}, seat 0 may move {}, reveal {}, pass_to {:?}, refused {:?}",
                p.game.phase,
                p.may_move(0),
                p.table.reveal.is_some(),
                p.table.pass_to,
                p.refused
            ))),
            game(kugel.as_deref().map(|p| format!("{:?}", p.game.phase))),
        );
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
    // While a game plays on to the next moment nothing is looked at: the table is not drawn
    // (the software renderer's frames are most of the tour's time). Every other step draws it,
    // so a shot is of a table drawn this frame.
    let drawn = !matches!(step, Step::Marbles(_) | Step::Dominoes(_) | Step::Kugel(_));
    for mut camera in &mut cameras {
        if camera.is_active != drawn {
            camera.is_active = drawn;
        }
    }
    match step {
        Step::Wait(frames, time) => {
            script.frames_left = frames;
            script.until = Instant::now() + time;
        }
        Step::Nav(n) => {
            nav.write(n);
        }
        Step::Intent(i) => {
            intents.write(i);
        }
        Step::Pad(n, button) => {
            if let Some(again) = pads.press(&mut commands, &mut gamepads, n, button) {
                script.steps.push_front(again);
            }
            script.frames_left = 1;
        }
        Step::Release(n, button) => {
            if let Some(mut pad) = pads.0.get(n).and_then(|p| gamepads.get_mut(*p).ok()) {
                pad.digital_mut().release(button);
            }
        }
        Step::Speed(x) => {
            if x == 0.0 {
                time.pause();
            } else {
                time.unpause();
                time.set_relative_speed(x);
            }
        }
        Step::HumanMove => {
            let hand = hand.get_or_insert_with(|| MarblesAi::new(Difficulty::Normal, 7));
            if let Some(play) = marbles.as_deref()
                && let Some(action) = hand.on_turn(&play.game, 0)
            {
                intents.write(MarblesIntent::Act { seat: 0, action });
            }
        }
        Step::Marbles(moment) => {
            let Some(play) = marbles.as_deref() else {
                return;
            };
            if moment.reached(play) {
                return;
            }
            script.steps.push_front(Step::Marbles(moment));
            // Not yet: the human seat plays on as a Normal player would, and lets windows pass.
            let hand = hand.get_or_insert_with(|| MarblesAi::new(Difficulty::Normal, 7));
            if let Some(intent) = play_on(play, hand) {
                intents.write(intent);
            }
            // Look again next frame.
            script.frames_left = 1;
        }
        Step::Dominoes(deal) => {
            let Some(play) = dominoes.as_deref() else {
                return;
            };
            if deal.reached(play) {
                return;
            }
            script.steps.push_front(Step::Dominoes(deal));
            let hand = domino_hand.get_or_insert_with(|| DominoesAi::new(Difficulty::Normal, 7));
            // Seat 0 plays on; a pass screen waited for is left up.
            let waits_for_pass = deal == Deal::PassScreen;
            if let Some(intent) = domino_on(play, hand)
                && !(waits_for_pass && matches!(intent, DominoesIntent::Pass { .. }))
            {
                domino_intents.write(intent);
            }
            script.frames_left = 1;
        }
        Step::Kugel(moment) => {
            let Some(play) = kugel.as_deref() else {
                return;
            };
            if moment.reached(play) {
                // The score stays up: time stops before the next seat throws.
                if moment == Throwing::Framed {
                    time.pause();
                }
                return;
            }
            script.steps.push_front(Step::Kugel(moment));
            if let Some(intent) = kugel_on(play) {
                kugel_intents.write(intent);
            }
            script.frames_left = 1;
        }
        Step::Seed(seed) => {
            commands.insert_resource(crate::game::table::referee::NextSeed(seed));
        }
        Step::KugelAim(flick) => {
            aim.seat = Some(0);
            aim.pull = Some(flick);
        }
        Step::KugelThrow => {
            if let Some(flick) = aim.pull.take() {
                kugel_intents.write(KugelIntent::Throw {
                    seat: 0,
                    flick: Some(flick),
                });
            }
        }
        Step::ChooseTile => {
            if let Some(play) = dominoes.as_deref() {
                let best = play
                    .hand(0, Default::default())
                    .into_iter()
                    .max_by_key(|t| play.ends_for(0, *t).len());
                let c = choices.of(0);
                c.tile = best;
                c.end = 0;
            }
        }
        Step::Domino(i) => {
            domino_intents.write(i);
        }
        Step::Shot(name) => {
            let path = script.dir.join(format!("{name}.png"));
            let _ = std::fs::remove_file(&path);
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path.clone()));
            script.shots.push(path.clone());
            // Let the capture come back before moving on: the picture is of this moment.
            script.steps.push_front(Step::Saved(path));
            script.frames_left = 2;
        }
        Step::Saved(path) => {
            if !path.exists() {
                script.steps.push_front(Step::Saved(path));
            }
        }
        Step::Finish => {
            if !all_written(&script.shots) {
                // Not all captured yet: look again next frame.
                script.steps.push_front(Step::Finish);
                return;
            }
            let took = script.started.elapsed().as_secs_f64();
            println!(
                "the tour: {} frames in {took:.0} s, {:.0} ms a frame",
                script.frames,
                1000.0 * took / script.frames.max(1) as f64
            );
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
