//! Dominoes by gamepad: each pad acts only for its own seat. The shoulder buttons or the left
//! stick go through the hand's tiles, the d-pad's ◀ ▶ through the open ends the chosen tile
//! goes on (a Sniff double's "in line" and "crosswise" are two of them) and ▲ ▼ change the count
//! to announce; South plays (or draws, or passes, when nothing plays), North sorts the hand. In
//! a "Muggins!" window West calls and East lets it pass; South says "ready" on a pass screen and
//! moves on from a hand's end. The choosing itself ([`step_tile`], [`step_end`]) is shared with
//! the keyboard.

use bevy::prelude::*;

use super::play::{DominoesIntent, DominoesPlay, EndChoice, HandChoice, HandChoices};
use crate::game::table::{Seating, Settle, TableSet};
use crate::rules::dominoes::{Action, Seat};

/// A stick held over this far moves through the hand (again every [`REPEAT_S`]).
const STICK: f32 = 0.6;
const REPEAT_S: f32 = 0.22;
/// The step of the count a pad announces.
pub const ANNOUNCE_STEP: u16 = 5;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        pads.in_set(TableSet::Input)
            .run_if(resource_exists::<DominoesPlay>),
    );
}

/// Moves `seat`'s chosen tile `step` tiles along its hand (playable or not), wrapping round;
/// the first end of the new tile is chosen.
pub fn step_tile(play: &DominoesPlay, choice: &mut HandChoice, seat: Seat, step: i32) {
    let hand = play.hand(seat, choice.sort);
    if hand.is_empty() {
        choice.tile = None;
        return;
    }
    let at = choice
        .tile
        .and_then(|t| hand.iter().position(|h| *h == t))
        .map_or(if step > 0 { -1 } else { 0 }, |i| i as i32);
    let next = (at + step).rem_euclid(hand.len() as i32) as usize;
    choice.tile = Some(hand[next]);
    choice.end = 0;
    choice.sniff = None;
}

/// Moves the chosen end `step` along the chosen tile's ends, wrapping round.
pub fn step_end(play: &DominoesPlay, choice: &mut HandChoice, seat: Seat, step: i32) {
    let Some(tile) = choice.tile else { return };
    let n = play.ends_for(seat, tile).len();
    if n > 0 {
        choice.end = (choice.end as i32 + step).rem_euclid(n as i32) as usize;
    }
}

/// The end `seat` has chosen for its chosen tile, if the tile goes anywhere.
pub fn chosen_end(play: &DominoesPlay, choice: &HandChoice, seat: Seat) -> Option<EndChoice> {
    let ends = play.ends_for(seat, choice.tile?);
    ends.get(choice.end.min(ends.len().saturating_sub(1)))
        .copied()
}

/// A choice fresh for the turn: a tile that plays is chosen if the chosen one does not.
pub fn freshen(play: &DominoesPlay, choice: &mut HandChoice, seat: Seat) {
    let playable = play.placements(seat);
    if playable.is_empty() {
        return;
    }
    if !choice
        .tile
        .is_some_and(|t| playable.iter().any(|p| p.tile == t))
    {
        let hand = play.hand(seat, choice.sort);
        choice.tile = hand
            .into_iter()
            .find(|t| playable.iter().any(|p| p.tile == *t));
        choice.end = 0;
    }
}

/// One thing a pad seat may do now: the control's name and what it does, for the on-screen
/// prompt, and the button with the intent it sends (none for moving through the hand).
#[derive(Clone, Debug, PartialEq)]
pub struct PadAction {
    pub control: &'static str,
    pub what: String,
    pub press: Option<(GamepadButton, DominoesIntent)>,
}

/// What `seat`'s pad does now: the one map from buttons to intents that both the pad and its
/// prompts read.
pub fn pad_actions(play: &DominoesPlay, choice: &HandChoice, seat: Seat) -> Vec<PadAction> {
    let mut out = Vec::new();
    let mut add = |control, what: String, press| {
        out.push(PadAction {
            control,
            what,
            press,
        })
    };
    let act = |action| DominoesIntent::Act { seat, action };
    let ready = DominoesIntent::Pass { seat };
    if play.table.reveal.is_some() {
        if play.is_human(seat) && play.game.outcome.is_none() {
            add("A", "Next hand".into(), Some((GamepadButton::South, ready)));
        }
        return out;
    }
    if play.table.pass_to == Some(seat) {
        add("A", "Ready".into(), Some((GamepadButton::South, ready)));
        return out;
    }
    if play.window_open() && play.may_speak().contains(&seat) {
        add(
            "X",
            "Muggins!".into(),
            Some((GamepadButton::West, act(Action::Muggins(seat)))),
        );
        add(
            "B",
            "Let it pass".into(),
            Some((GamepadButton::East, ready)),
        );
        return out;
    }
    if !play.may_move(seat) {
        return out;
    }
    if let Some(a) = play.no_play(seat) {
        let what = if a == Action::Draw { "Draw" } else { "Pass" };
        add("A", what.into(), Some((GamepadButton::South, act(a))));
        return out;
    }
    if let Some(end) = chosen_end(play, choice, seat) {
        let how = if end.placement.tile.is_double() && play.game.variant.sniff {
            if end.placement.inline {
                " in line"
            } else {
                " crosswise"
            }
        } else {
            ""
        };
        add(
            "A",
            format!("Play {}{how} (+{})", end.placement.tile, end.points),
            Some((
                GamepadButton::South,
                act(choice.play(end.placement, play.calls())),
            )),
        );
        add("◀ ▶", "choose the end".into(), None);
    }
    add("LB RB", "choose a tile".into(), None);
    if play.calls() {
        let said = match choice.said() {
            0 => "nothing".to_string(),
            n => n.to_string(),
        };
        add("Up Down", format!("say {said}"), None);
    }
    add("Y", format!("sort ({})", choice.sort.name()), None);
    out
}

/// Per pad: how long until a held stick moves through the hand again.
#[derive(Default)]
struct Sticks(Vec<(Entity, f32)>);

impl Sticks {
    /// This frame's step through the hand from the shoulders or the held left stick.
    fn read(&mut self, pad: Entity, gamepad: &Gamepad, dt: f32) -> i32 {
        let i = match self.0.iter().position(|(e, _)| *e == pad) {
            Some(i) => i,
            None => {
                self.0.push((pad, 0.0));
                self.0.len() - 1
            }
        };
        let wait = &mut self.0[i].1;
        *wait -= dt;
        let x = gamepad.left_stick().x;
        if gamepad.just_pressed(GamepadButton::RightTrigger) {
            1
        } else if gamepad.just_pressed(GamepadButton::LeftTrigger) {
            -1
        } else if x.abs() > STICK && *wait <= 0.0 {
            *wait = REPEAT_S;
            x.signum() as i32
        } else {
            if x.abs() <= STICK {
                *wait = 0.0;
            }
            0
        }
    }
}

/// Each pad bound to a human seat acts for that seat only.
#[allow(clippy::too_many_arguments)]
fn pads(
    pads: Query<(Entity, &Gamepad)>,
    play: Res<DominoesPlay>,
    seating: Res<Seating>,
    settle: Res<Settle>,
    time: Res<Time>,
    mut choices: ResMut<HandChoices>,
    mut sticks: Local<Sticks>,
    mut intents: MessageWriter<DominoesIntent>,
) {
    for (pad, gamepad) in &pads {
        let Some(seat) = seating.pad_seat(pad, &play.seats) else {
            continue;
        };
        let step = sticks.read(pad, gamepad, time.delta_secs());
        let mut choice = choices.get(seat);
        if play.may_move(seat) {
            // As the turn comes, a tile that plays is chosen.
            if !settle.ready() {
                freshen(&play, &mut choice, seat);
            }
            if step != 0 {
                step_tile(&play, &mut choice, seat, step);
            }
            if gamepad.just_pressed(GamepadButton::DPadRight) {
                step_end(&play, &mut choice, seat, 1);
            } else if gamepad.just_pressed(GamepadButton::DPadLeft) {
                step_end(&play, &mut choice, seat, -1);
            }
            let said = choice.said();
            if gamepad.just_pressed(GamepadButton::DPadUp) {
                choice.announce = (said + ANNOUNCE_STEP).to_string();
            } else if gamepad.just_pressed(GamepadButton::DPadDown) {
                choice.announce = match said.saturating_sub(ANNOUNCE_STEP) {
                    0 => String::new(),
                    n => n.to_string(),
                };
            }
            if gamepad.just_pressed(GamepadButton::North) {
                choice.sort = choice.sort.next();
            }
        }
        if choices.get(seat) != choice {
            *choices.of(seat) = choice.clone();
        }
        if !settle.ready() {
            continue;
        }
        if let Some(intent) = pad_actions(&play, &choice, seat)
            .into_iter()
            .filter_map(|a| a.press)
            .find(|(button, _)| gamepad.just_pressed(*button))
            .map(|(_, intent)| intent)
        {
            intents.write(intent);
        }
    }
}
