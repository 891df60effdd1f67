//! The MUGGINS! table's part of the referee: the physics dice whose faces become the roll, and
//! the windows in which a placement may be challenged or a "no move" called (a countdown for the
//! human opponents, the AI opponents asked in the rules' speaking order). The generic
//! [`Referee`] holds the game; nothing here decides a rule.

use bevy::prelude::*;

use crate::ai::Difficulty;
use crate::ai::marbles::MarblesAi;
use crate::game::live::SetsQuery;
use crate::game::live::dice::{after_step, before_step};
use crate::game::sound::{Sound, Voice};
use crate::game::table::{AiMove, Happened, Intent, Played, Referee, seat_name};
use crate::physics::Flick;
use crate::physics::dice::{DiceRoll, DiceRoller};
use crate::rules::marbles::{Action, Event, MarblesGame, Phase, Seat, Window};

/// How long the other human seats have to challenge a placement or call "Muggins!", seconds.
pub const WINDOW_S: f32 = 5.0;

/// The referee of a MUGGINS! table.
pub type MarblesPlay = Referee<MarblesGame>;
/// What a seat at a MUGGINS! table wants to do.
pub type MarblesIntent = Intent<Action>;
/// Something the MUGGINS! rules did.
pub type MarblesHappened = Happened<Event>;

/// The dice in the tray: thrown on the live table's physics, read when they rest.
pub struct RollingDice {
    pub roller: DiceRoller,
    /// The roll the tray has finished, for the referee to hand to the rules.
    finished: Option<DiceRoll>,
    /// Who threw them.
    pub seat: Option<Seat>,
}

impl RollingDice {
    /// Whether the dice roll, or have rolled and the rules have not had the roll yet.
    pub fn busy(&self) -> bool {
        self.roller.rolling() || self.finished.is_some()
    }
}

/// The MUGGINS! dice tray's live physics world (its context and bodies).
#[derive(Component, Clone, Copy, Debug)]
pub struct DiceWorld;

/// Before a step of the live tray: the referee's roller throws or sets down the dice.
pub(super) fn dice_before_step(
    play: Option<ResMut<MarblesPlay>>,
    mut worlds: SetsQuery<With<DiceWorld>>,
) {
    let (Some(mut play), Ok((world, ()))) = (play, worlds.single_mut()) else {
        return;
    };
    // The roller changes every step: the referee's readers need not hear of it.
    before_step(&mut play.bypass_change_detection().table.dice.roller, world);
}

/// After a step of the live tray: the roll, once every die rests level.
pub(super) fn dice_after_step(
    play: Option<ResMut<MarblesPlay>>,
    mut worlds: SetsQuery<With<DiceWorld>>,
) {
    let (Some(mut play), Ok((world, ()))) = (play, worlds.single_mut()) else {
        return;
    };
    let dice = &mut play.bypass_change_detection().table.dice;
    if let Some(roll) = after_step(&mut dice.roller, world) {
        dice.finished = Some(roll);
    }
}

/// The MUGGINS! table's moving parts: the dice and the open window's countdown.
pub struct MarblesTable {
    pub dice: RollingDice,
    /// Seconds left for the human seats to challenge or call on the open window.
    pub window_left: f32,
    /// The AI seats have spoken on the open window.
    window_asked: bool,
    /// Human seats that let the open window pass.
    passed: Vec<bool>,
    /// The window the countdown is for.
    window_seen: Option<Window>,
}

impl Referee<MarblesGame> {
    /// The seat that throws the dice now, if the dice may be thrown (not while they roll, nor
    /// while human seats may still challenge).
    pub fn thrower(&self) -> Option<Seat> {
        if self.table.dice.busy() || self.table.window_left > 0.0 || !self.game.may_roll() {
            return None;
        }
        match self.game.phase {
            Phase::Roll { .. } | Phase::RollOff { .. } | Phase::DishesRoll { .. } => {
                self.game.actor()
            }
            _ => None,
        }
    }

    /// What `seat` does when it has nothing to choose: throw the dice when they are its to
    /// throw, let an open challenge window pass.
    pub fn routine(&self, seat: Seat) -> Option<Intent<Action>> {
        if self.thrower() == Some(seat) {
            return Some(Intent::Throw { seat, flick: None });
        }
        self.may_speak()
            .contains(&seat)
            .then_some(Intent::Pass { seat })
    }

    /// The human seats that may speak on the open window now.
    pub fn may_speak(&self) -> Vec<Seat> {
        self.game
            .speaking_order()
            .into_iter()
            .filter(|s| self.is_human(*s) && !self.table.passed[*s as usize])
            .collect()
    }

    /// Whether the open window is still counting down for the human opponents.
    pub fn window_open(&self) -> bool {
        self.game.window.is_some() && self.table.window_left > 0.0
    }

    /// Whether a human's action on the board (not a roll) may be taken now: the dice rest.
    pub fn still(&self) -> bool {
        !self.table.dice.busy()
    }

    fn let_pass(&mut self, seat: Seat) {
        if let Some(p) = self.table.passed.get_mut(seat as usize) {
            *p = true;
        }
        if self.may_speak().is_empty() {
            self.table.window_left = 0.0;
        }
    }
}

impl Played for MarblesGame {
    type Table = MarblesTable;
    type Ai = MarblesAi;

    fn new_table(game: &MarblesGame) -> MarblesTable {
        MarblesTable {
            dice: RollingDice {
                roller: DiceRoller::new(&game.variant.dice),
                finished: None,
                seat: None,
            },
            window_left: 0.0,
            window_asked: false,
            passed: vec![false; game.seats as usize],
            window_seen: None,
        }
    }

    fn new_ai(level: Difficulty, seed: u64) -> MarblesAi {
        MarblesAi::new(level, seed)
    }

    fn describe(event: &Event) -> String {
        describe(event)
    }

    fn may_act(r: &MarblesPlay, seat: Seat, action: &Action) -> bool {
        match *action {
            // An opponent speaks only for itself.
            Action::Challenge(by) | Action::Muggins { seat: by, .. } => by == seat,
            // Rolls come from the dice.
            Action::Roll(_) => false,
            _ => r.game.actor() == Some(seat) && r.still(),
        }
    }

    fn throw(r: &mut MarblesPlay, seat: Seat, flick: Option<Flick>) -> Result<(), String> {
        // The roller throwing lets the window pass as far as it is concerned.
        if r.game.actor() == Some(seat) {
            r.let_pass(seat);
        }
        if r.thrower() != Some(seat) {
            return Err(format!("{} may not roll now", seat_name(seat)));
        }
        let seed = crate::rules::rng::splitmix(r.game.seed ^ (r.game.rolls as u64) << 20);
        r.table.dice.roller.start(seed, flick);
        r.table.dice.seat = Some(seat);
        Ok(())
    }

    fn pass(r: &mut MarblesPlay, seat: Seat) {
        r.let_pass(seat);
    }

    fn applied(r: &mut MarblesPlay, _events: &[Event]) {
        // A new window (or none): human opponents get their countdown, AI seats speak anew.
        if r.game.window != r.table.window_seen {
            r.table.window_seen = r.game.window;
            r.table.window_asked = false;
            r.table.passed.iter_mut().for_each(|p| *p = false);
            r.table.window_left = if r.may_speak().is_empty() {
                0.0
            } else {
                WINDOW_S
            };
        }
    }

    fn step(r: &mut MarblesPlay, dt: f32) -> Option<Action> {
        r.table.window_left = (r.table.window_left - dt).max(0.0);
        let dice = &mut r.table.dice;
        let roll = dice.finished.take()?;
        dice.seat = None;
        // A window still open closes with the roll.
        Some(Action::Roll([roll.faces[0], roll.faces[1], roll.faces[2]]))
    }

    fn busy(r: &MarblesPlay) -> bool {
        r.table.dice.busy()
    }

    fn ai_turn(r: &mut MarblesPlay) -> Option<AiMove<Action>> {
        // An open window: the AI opponents speak in the rules' order after the mover.
        if r.game.window.is_some() && !r.table.window_asked {
            r.table.window_asked = true;
            for s in r.game.speaking_order() {
                if r.is_human(s) {
                    continue;
                }
                let Referee { game, ais, .. } = &mut *r;
                if let Some(action) = ais[s as usize].on_window(game, s) {
                    return Some(AiMove::Seat(Intent::Act { seat: s, action }));
                }
            }
            r.ai_wait = crate::game::table::AI_PAUSE_S * r.pace;
            return None;
        }
        if r.table.window_left > 0.0 {
            return None;
        }
        let actor = r.game.actor()?;
        // The window has passed: a game that ends with it ends now, whoever is next.
        if r.game.window.is_some() && !r.game.may_roll() {
            return Some(AiMove::Table(Action::Proceed));
        }
        if r.is_human(actor) {
            return None;
        }
        if r.thrower() == Some(actor) {
            return Some(AiMove::Seat(Intent::Throw {
                seat: actor,
                flick: None,
            }));
        }
        let Referee { game, ais, .. } = &mut *r;
        match ais[actor as usize].on_turn(game, actor) {
            Some(Action::Roll(_)) | None => None,
            Some(action) => Some(AiMove::Seat(Intent::Act {
                seat: actor,
                action,
            })),
        }
    }

    fn cue(event: &Event) -> Option<Voice> {
        match event {
            Event::Placed { .. } | Event::MugginsPlaced { .. } => {
                Some(Voice::new(Sound::Click, 0.7))
            }
            // Lifted out: the same glass, softer and lower.
            Event::Removed { .. } => Some(Voice {
                speed: 0.8,
                ..Voice::new(Sound::Click, 0.4)
            }),
            _ => None,
        }
    }

    fn controls_key(play: &MarblesPlay) -> u64 {
        let phase = match play.game.phase {
            Phase::RollOff { .. } => 1,
            Phase::Roll { .. } => 2,
            Phase::DishesRoll { .. } => 3,
            Phase::Triples { .. } => 4,
            Phase::Place { .. } => 5,
            Phase::Penalty { .. } => 6,
            Phase::Over => 7,
        };
        let seat = |s: Option<Seat>| s.map_or(0, |s| s as u64 + 1);
        let window = play.window_open() as u64;
        phase | seat(play.game.actor()) << 8 | seat(play.thrower()) << 16 | window << 24
    }

    fn replaying(r: &mut MarblesPlay, action: &Action) {
        if let Action::Roll(dice) = action {
            r.table.dice.roller.set_down(dice);
        }
    }
}

/// A line for the log.
pub fn describe(e: &Event) -> String {
    let s = |seat: &Seat| seat_name(*seat);
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
