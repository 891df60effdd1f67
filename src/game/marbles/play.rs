//! The referee of a MUGGINS! table: the rules state in one resource, the intents every seat sends
//! (a human through the HUD or the mouse, an AI on its own after a visible pause, a test
//! directly), the physics dice whose faces become the roll, and the windows in which a placement
//! may be challenged or a "no move" called. Nothing here decides a rule: every action goes to
//! [`MarblesGame::apply`], and what it returns is all that happens.

use bevy::prelude::*;

use crate::ai::marbles::MarblesAi;
use crate::physics::Flick;
use crate::physics::dice::DiceTray;
use crate::rules::marbles::GameRecord;
use crate::rules::marbles::{Action, Event, MarblesGame, MarblesMode, Phase, Seat, Window};
use crate::table::SeatKind;

/// How long an AI seat seems to think before it acts, seconds.
pub const AI_PAUSE_S: f32 = 0.7;
/// How long the other human seats have to challenge a placement or call "Muggins!", seconds.
pub const WINDOW_S: f32 = 5.0;

/// What a seat wants to do.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum MarblesIntent {
    /// Throw the dice (the seat whose roll it is), with a flick or by a click or key.
    Throw { seat: Seat, flick: Option<Flick> },
    /// Any other action of the rules (placing, "no move", removing, challenging, calling).
    Act { seat: Seat, action: Action },
    /// This human seat lets the open window pass.
    Pass { seat: Seat },
}

/// Something the rules did, for the scene and the HUD.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct MarblesHappened(pub Event);

/// The dice in the tray: thrown by physics, read when they rest.
pub struct RollingDice {
    pub tray: DiceTray,
    /// Physics time not yet stepped, seconds.
    pending: f32,
    /// Who threw them.
    pub seat: Option<Seat>,
}

/// The game at the table.
#[derive(Resource)]
pub struct MarblesPlay {
    pub game: MarblesGame,
    pub seats: Vec<SeatKind>,
    pub record: GameRecord,
    ais: Vec<MarblesAi>,
    pub dice: RollingDice,
    /// Seconds until the next AI seat may act.
    pub ai_wait: f32,
    /// Seconds left for the human seats to challenge or call on the open window.
    pub window_left: f32,
    /// The AI seats have spoken on the open window.
    window_asked: bool,
    /// Human seats that let the open window pass.
    passed: Vec<bool>,
    /// What happened, newest last, as the HUD tells it.
    pub log: Vec<String>,
    /// The last refusal of a human's action, to show.
    pub refused: Option<String>,
    /// Seconds since the game ended.
    pub over_for: f32,
    /// A saved game being played back: its actions still to come.
    pub replay: Option<std::collections::VecDeque<Action>>,
    /// How long the pauses last, as a share of the usual (the screenshot tour hurries).
    pub pace: f32,
}

impl MarblesPlay {
    pub fn new(
        preset: &str,
        variant: crate::rules::marbles::MarblesVariant,
        seats: Vec<SeatKind>,
        seed: u64,
    ) -> Result<MarblesPlay, String> {
        let n = seats.len() as u8;
        let game = MarblesGame::new(variant.clone(), n, seed)?;
        let ais = (0..n)
            .map(|s| {
                let level = match seats[s as usize] {
                    SeatKind::Ai(level) => level,
                    SeatKind::Human => crate::ai::Difficulty::Normal,
                };
                MarblesAi::new(level, seed ^ (s as u64 + 1) << 40)
            })
            .collect();
        Ok(MarblesPlay {
            record: GameRecord {
                game: "marbles".into(),
                preset: preset.into(),
                seats: n,
                seed,
                actions: Vec::new(),
            },
            game,
            passed: vec![false; seats.len()],
            seats,
            ais,
            dice: RollingDice {
                tray: DiceTray::new(&variant.dice),
                pending: 0.0,
                seat: None,
            },
            ai_wait: AI_PAUSE_S,
            window_left: 0.0,
            window_asked: false,
            log: Vec::new(),
            refused: None,
            over_for: 0.0,
            replay: None,
            pace: 1.0,
        })
    }

    pub fn is_human(&self, seat: Seat) -> bool {
        self.seats.get(seat as usize) == Some(&SeatKind::Human)
    }

    /// The seat that throws the dice now, if the dice may be thrown (not while they roll, nor
    /// while human seats may still challenge).
    pub fn thrower(&self) -> Option<Seat> {
        if self.dice.tray.rolling() || self.window_left > 0.0 || !self.game.may_roll() {
            return None;
        }
        match self.game.phase {
            Phase::Roll { .. } | Phase::RollOff { .. } | Phase::DishesRoll { .. } => {
                self.game.actor()
            }
            _ => None,
        }
    }

    /// The human seats that may speak on the open window now.
    pub fn may_speak(&self) -> Vec<Seat> {
        let Some(w) = self.game.window else {
            return Vec::new();
        };
        let mover = match w {
            Window::Placed { seat, .. } | Window::NoMove { seat, .. } => seat,
        };
        (0..self.game.seats)
            .filter(|s| *s != mover && self.is_human(*s) && !self.passed[*s as usize])
            .collect()
    }

    /// Applies one action; on success the record grows and the events go out.
    fn apply(&mut self, action: Action, out: &mut MessageWriter<MarblesHappened>) -> bool {
        let window = self.game.window;
        match self.game.apply(action) {
            Ok(events) => {
                self.record.actions.push(action);
                for e in events {
                    self.log.push(describe(&e));
                    out.write(MarblesHappened(e));
                }
                if self.log.len() > 200 {
                    self.log.drain(..100);
                }
                if self.game.window != window {
                    self.window_opened();
                }
                self.ai_wait = AI_PAUSE_S * self.pace;
                true
            }
            Err(e) => {
                self.refused = Some(e.to_string());
                false
            }
        }
    }

    /// A new window (or none): human opponents get their countdown, AI seats speak anew.
    fn window_opened(&mut self) {
        self.window_asked = false;
        self.passed.iter_mut().for_each(|p| *p = false);
        self.window_left = if self.may_speak().is_empty() {
            0.0
        } else {
            WINDOW_S
        };
    }

    fn throw(&mut self, seat: Seat, flick: Option<Flick>) {
        let seed = crate::rules::rng::splitmix(self.game.seed ^ (self.game.rolls as u64) << 20);
        self.dice.tray.start(seed, flick);
        self.dice.seat = Some(seat);
        self.dice.pending = 0.0;
    }
}

/// A line for the log.
pub fn describe(e: &Event) -> String {
    let s = |seat: &Seat| format!("Seat {}", seat + 1);
    match e {
        Event::RollOff { seat, dice, sum } => {
            format!("{} rolls {dice:?} for first turn ({sum})", s(seat))
        }
        Event::RollOffTie { seats } => format!(
            "Tie for first: {} roll again",
            seats.iter().map(s).collect::<Vec<_>>().join(", ")
        ),
        Event::FirstPlayer(seat) => format!("{} goes first", s(seat)),
        Event::Rolled { seat, dice } => {
            format!("{} rolled {} {} {}", s(seat), dice[0], dice[1], dice[2])
        }
        Event::Triples { seat } => {
            format!("Triples! {} takes a marble from each opponent", s(seat))
        }
        Event::Removed { by, owner, space } => {
            format!("{} took {}'s marble off {space}", s(by), s(owner))
        }
        Event::Placed { seat, space, .. } => format!("{} placed on {space}", s(seat)),
        Event::NoMove { seat } => format!("{}: no move", s(seat)),
        Event::SetAside { total } => format!("A marble set aside ({total} so far)"),
        Event::ChallengeWon {
            challenger,
            bluffer,
            space,
        } => format!(
            "{} challenged: {space} cannot be made — {}'s bluff is caught",
            s(challenger),
            s(bluffer)
        ),
        Event::ChallengeLost {
            challenger,
            space,
            expression,
            ..
        } => format!(
            "{} challenged, but {expression} = {space}: the challenger pays",
            s(challenger)
        ),
        Event::MugginsPlaced {
            seat,
            space,
            expression,
        } => format!(
            "Muggins! {} places on {space} ({expression} = {space})",
            s(seat)
        ),
        Event::MugginsRejected {
            seat,
            space,
            reason,
        } => format!("{}'s Muggins on {space} is refused: {reason}", s(seat)),
        Event::DishesNumbers(d) => format!("The numbers of the game: {} {} {}", d[0], d[1], d[2]),
        Event::DishesReroll(d) => {
            format!("{} {} {} repeats a number: roll again", d[0], d[1], d[2])
        }
        Event::Turn(seat) => format!("{}'s turn", s(seat)),
        Event::GameOver(o) => {
            use crate::rules::marbles::EndReason;
            let why = match o.reason {
                EndReason::BoardFull => "the board is full".to_string(),
                EndReason::ThreeIdleRounds => "three rounds without a marble placed".into(),
                EndReason::TrayEmpty(seat) => format!("{}'s tray is empty", s(&seat)),
                EndReason::OutOfMarbles => "the marbles ran out".into(),
                EndReason::DoesTheDishes(seat) => format!("{} does the dishes", s(&seat)),
            };
            format!("Game over: {why}")
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MarblesIntent>()
        .add_message::<MarblesHappened>();
}

/// Steps the dice; when they rest, their faces are the roll.
pub(super) fn roll_dice(
    time: Res<Time>,
    mut play: ResMut<MarblesPlay>,
    mut out: MessageWriter<MarblesHappened>,
) {
    if !play.dice.tray.rolling() {
        return;
    }
    let step = crate::physics::STEP_S;
    // A slow frame still shows the dice at their real pace, up to half a second a frame.
    play.dice.pending = (play.dice.pending + time.delta_secs()).min(60.0 * step);
    while play.dice.pending >= step {
        play.dice.pending -= step;
        if let Some(roll) = play.dice.tray.step() {
            let dice = [roll.faces[0], roll.faces[1], roll.faces[2]];
            // A window still open closes with the roll.
            play.apply(Action::Roll(dice), &mut out);
            play.dice.seat = None;
            break;
        }
    }
}

/// The intents of this frame, checked against who may do what, then given to the rules.
pub(super) fn take_intents(
    mut intents: MessageReader<MarblesIntent>,
    mut play: ResMut<MarblesPlay>,
    mut out: MessageWriter<MarblesHappened>,
) {
    for intent in intents.read() {
        match *intent {
            MarblesIntent::Throw { seat, flick } => {
                // The roller throwing lets the window pass as far as it is concerned.
                if play.game.actor() == Some(seat) {
                    if let Some(p) = play.passed.get_mut(seat as usize) {
                        *p = true;
                    }
                    if play.may_speak().is_empty() {
                        play.window_left = 0.0;
                    }
                }
                if play.replay.is_none() && play.thrower() == Some(seat) {
                    play.throw(seat, flick);
                } else {
                    play.refused = Some(format!("Seat {} may not roll now", seat + 1));
                }
            }
            MarblesIntent::Pass { seat } => {
                if let Some(p) = play.passed.get_mut(seat as usize) {
                    *p = true;
                }
                if play.may_speak().is_empty() {
                    play.window_left = 0.0;
                }
            }
            MarblesIntent::Act { seat, action } => {
                let allowed = match action {
                    Action::Challenge(by) | Action::Muggins { seat: by, .. } => by == seat,
                    // Rolls come from the dice.
                    Action::Roll(_) => false,
                    _ => play.game.actor() == Some(seat) && !play.dice.tray.rolling(),
                };
                if !allowed || play.replay.is_some() {
                    play.refused = Some(format!("Seat {} may not do that now", seat + 1));
                    continue;
                }
                if play.apply(action, &mut out) {
                    play.refused = None;
                }
            }
        }
    }
}

/// The AI seats: after a pause they speak on an open window (in table order after the mover),
/// then the seat whose turn it is acts; their rolls are thrown like anyone's.
pub(super) fn ai_seats(
    time: Res<Time>,
    mut play: ResMut<MarblesPlay>,
    mut out: MessageWriter<MarblesHappened>,
) {
    let dt = time.delta_secs();
    play.window_left = (play.window_left - dt).max(0.0);
    if matches!(play.game.phase, Phase::Over) {
        play.over_for += dt;
        return;
    }
    if play.dice.tray.rolling() {
        return;
    }
    play.ai_wait -= dt;
    if play.ai_wait > 0.0 {
        return;
    }
    // A replay: the next recorded action, at the same pace.
    if let Some(next) = play.replay.as_mut().map(|q| q.pop_front()) {
        match next {
            Some(a) => {
                if let Action::Roll(dice) = a {
                    play.dice.tray.set_down(&dice);
                }
                if !play.apply(a, &mut out) {
                    play.replay = None;
                }
            }
            None => play.replay = None,
        }
        return;
    }
    if let Some(w) = play.game.window.filter(|_| !play.window_asked) {
        play.window_asked = true;
        let mover = match w {
            Window::Placed { seat, .. } | Window::NoMove { seat, .. } => seat,
        };
        let seats = play.game.seats;
        for k in 1..seats {
            let s = (mover + k) % seats;
            if play.is_human(s) {
                continue;
            }
            let MarblesPlay { game, ais, .. } = &mut *play;
            if let Some(a) = ais[s as usize].on_window(game, s) {
                play.apply(a, &mut out);
                return;
            }
        }
        play.ai_wait = AI_PAUSE_S * play.pace;
        return;
    }
    if play.window_left > 0.0 {
        return;
    }
    let Some(actor) = play.game.actor() else {
        return;
    };
    // The window has passed: a game that ends with it ends now, whoever is next.
    if play.game.window.is_some() && !play.game.may_roll() {
        play.apply(Action::Proceed, &mut out);
        return;
    }
    if play.is_human(actor) {
        return;
    }
    if play.thrower() == Some(actor) {
        play.throw(actor, None);
        return;
    }
    let MarblesPlay { game, ais, .. } = &mut *play;
    if let Some(a) = ais[actor as usize].on_turn(game, actor)
        && !matches!(a, Action::Roll(_))
    {
        play.apply(a, &mut out);
    }
}

/// Whether the table plays a variant in which a human may bluff.
pub fn bluffing(game: &MarblesGame) -> bool {
    game.variant.bluffing && game.variant.mode == MarblesMode::Levels
}
