//! MUGGINS! by gamepad: each pad acts only for its own seat. A cursor goes round the ring
//! (d-pad or left stick); South rolls, places on the cursor or takes the lit marble under it
//! off; North says "no move"; in an open window West challenges (or calls "Muggins!" on the
//! cursor's hole) and East lets it pass; a flick of the right stick throws the dice.

use bevy::prelude::*;

use super::play::{MarblesIntent, MarblesPlay};
use crate::game::table::{Seating, Settle, TableSet};
use crate::physics::Flick;
use crate::rules::marbles::{Action, MarblesGame, Phase, Seat, Window};

/// Each pad seat's cursor: the space (1-based) it points at.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct PadCursors(pub Vec<u8>);

impl PadCursors {
    pub fn of(&self, seat: Seat) -> u8 {
        self.0.get(seat as usize).copied().unwrap_or(1)
    }
}

/// A stick held over this far moves the cursor (again every [`REPEAT_S`]).
const STICK: f32 = 0.6;
const REPEAT_S: f32 = 0.18;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PadCursors>().add_systems(
        Update,
        pads.in_set(TableSet::Input)
            .run_if(resource_exists::<MarblesPlay>),
    );
}

/// The spaces `seat`'s cursor may rest on now: where it may place (open holes the roll makes;
/// any open hole when bluffing), the marbles it may take off, or the open holes it may call
/// "Muggins!" on.
pub fn cursor_spaces(game: &MarblesGame, seat: Seat) -> u64 {
    let all = (1u64 << (game.variant.board + 1)) - 2;
    let open = all & !game.taken();
    match &game.phase {
        Phase::Place { seat: s, dice } if *s == seat && game.window.is_none() => {
            if game.variant.may_bluff() {
                open
            } else {
                game.reachable_open(*dice)
            }
        }
        Phase::Triples { seat: s, .. } | Phase::Penalty { chooser: s, .. } if *s == seat => game
            .removable_owners()
            .iter()
            .fold(0, |m, o| m | game.marbles[*o as usize]),
        _ => match game.window {
            Some(Window::NoMove { seat: mover, .. }) if mover != seat => open,
            _ => 0,
        },
    }
}

/// The next space of `spaces` from `from` going `step` (+1 clockwise, −1 back) round the ring
/// of `board` spaces; `from` itself if it is the only one, none if `spaces` is empty.
pub fn next_space(spaces: u64, from: u8, step: i8, board: u8) -> Option<u8> {
    if spaces == 0 {
        return None;
    }
    let n = board as i16;
    (1..=n)
        .map(|k| ((from as i16 - 1 + k * step as i16).rem_euclid(n) + 1) as u8)
        .find(|s| spaces & 1u64 << s != 0)
}

/// One thing a pad seat may do now: the control's name and what it does, for the on-screen
/// prompt, and the button with the intent it sends (none for a stick, which moves the cursor or
/// flicks the dice).
#[derive(Clone, Debug, PartialEq)]
pub struct PadAction {
    pub control: &'static str,
    pub what: String,
    pub press: Option<(GamepadButton, MarblesIntent)>,
}

/// What `seat`'s pad does now, with its cursor on `cursor`: the one map from buttons to intents
/// that both the pad and its prompts read.
pub fn pad_actions(play: &MarblesPlay, seat: Seat, cursor: u8) -> Vec<PadAction> {
    let game = &play.game;
    let mut out = Vec::new();
    let mut add = |control, what: String, press| {
        out.push(PadAction {
            control,
            what,
            press,
        })
    };
    let act = |action| MarblesIntent::Act { seat, action };
    if play.window_open() {
        if play.may_speak().contains(&seat) {
            match game.window {
                Some(Window::Placed { .. }) => add(
                    "X",
                    "Challenge!".into(),
                    Some((GamepadButton::West, act(Action::Challenge(seat)))),
                ),
                Some(Window::NoMove { .. }) => add(
                    "X",
                    format!("Muggins! on {cursor}"),
                    Some((
                        GamepadButton::West,
                        act(Action::Muggins {
                            seat,
                            space: cursor,
                        }),
                    )),
                ),
                None => {}
            }
            let pass = MarblesIntent::Pass { seat };
            add("B", "Let it pass".into(), Some((GamepadButton::East, pass)));
        }
        return out;
    }
    if play.thrower() == Some(seat) {
        let throw = MarblesIntent::Throw { seat, flick: None };
        add(
            "A",
            "Roll the dice".into(),
            Some((GamepadButton::South, throw)),
        );
        add("Right stick", "flick them".into(), None);
        return out;
    }
    if game.actor() != Some(seat) || !play.still() {
        return out;
    }
    match game.phase {
        Phase::Place { .. } => {
            if cursor_spaces(game, seat) != 0 {
                let place = act(Action::Place(cursor));
                add(
                    "A",
                    format!("Place on {cursor}"),
                    Some((GamepadButton::South, place)),
                );
                add("◀ ▶", "choose a hole".into(), None);
            }
            let no_move = act(Action::NoMove);
            add("Y", "No move".into(), Some((GamepadButton::North, no_move)));
        }
        Phase::Triples { .. } | Phase::Penalty { .. } => {
            let remove = act(Action::Remove(cursor));
            add(
                "A",
                format!("Take the marble off {cursor}"),
                Some((GamepadButton::South, remove)),
            );
            add("◀ ▶", "choose a lit marble".into(), None);
        }
        _ => {}
    }
    out
}

/// Per pad: how long until a held stick moves the cursor again, and the right stick's last push
/// (a flick is a hard push from rest).
#[derive(Default)]
struct Sticks(Vec<(Entity, f32, Vec2)>);

impl Sticks {
    /// This frame's cursor step (+1 clockwise, −1 back, 0) from the d-pad or the held left
    /// stick, and a flick of the right stick.
    fn read(&mut self, pad: Entity, gamepad: &Gamepad, dt: f32) -> (i8, Option<Flick>) {
        let i = match self.0.iter().position(|(e, ..)| *e == pad) {
            Some(i) => i,
            None => {
                self.0.push((pad, 0.0, Vec2::ZERO));
                self.0.len() - 1
            }
        };
        let (_, wait, last_right) = &mut self.0[i];
        let x = gamepad.left_stick().x;
        *wait -= dt;
        let mut step = 0i8;
        if gamepad.just_pressed(GamepadButton::DPadRight) {
            step = 1;
        } else if gamepad.just_pressed(GamepadButton::DPadLeft) {
            step = -1;
        } else if x.abs() > STICK && *wait <= 0.0 {
            step = x.signum() as i8;
            *wait = REPEAT_S;
        } else if x.abs() <= STICK {
            *wait = 0.0;
        }
        let right = gamepad.right_stick();
        let flick = (right.length() > 0.85 && last_right.length() < 0.3).then(|| Flick {
            direction: right.x.atan2(right.y).clamp(-0.6, 0.6),
            strength: right.length().min(1.0),
            spin: 0.0,
        });
        *last_right = right;
        (step, flick)
    }
}

/// Where `seat`'s cursor goes this frame from `at`, moved `step`: onto a space it may rest on,
/// and, as a turn to place begins (`fresh`), onto a number the roll makes.
fn cursor_after(game: &MarblesGame, seat: Seat, at: u8, step: i8, fresh: bool) -> u8 {
    let spaces = cursor_spaces(game, seat);
    let board = game.variant.board;
    let mut at = at;
    if spaces != 0 && spaces & 1u64 << at == 0 {
        at = next_space(spaces, at, 1, board).unwrap_or(at);
    }
    // A bluffer may still move it anywhere open.
    if let Phase::Place { dice, .. } = game.phase
        && fresh
        && game.actor() == Some(seat)
    {
        let makes = game.reachable_open(dice);
        if makes & 1u64 << at == 0
            && let Some(to) = next_space(makes, at, 1, board)
        {
            at = to;
        }
    }
    if step != 0 {
        at = next_space(spaces, at, step, board).unwrap_or(at);
    }
    at
}

/// Each pad bound to a human seat acts for that seat only.
#[allow(clippy::too_many_arguments)]
fn pads(
    pads: Query<(Entity, &Gamepad)>,
    play: Res<MarblesPlay>,
    seating: Res<Seating>,
    settle: Res<Settle>,
    time: Res<Time>,
    mut cursors: ResMut<PadCursors>,
    mut sticks: Local<Sticks>,
    mut intents: MessageWriter<MarblesIntent>,
) {
    let game = &play.game;
    if cursors.0.len() != game.seats as usize {
        cursors.0 = vec![1; game.seats as usize];
    }
    for (pad, gamepad) in &pads {
        let Some(seat) = seating.pad_seat(pad, &play.seats) else {
            continue;
        };
        let (step, flick) = sticks.read(pad, gamepad, time.delta_secs());
        let at = cursor_after(game, seat, cursors.of(seat), step, !settle.ready());
        cursors.0[seat as usize] = at;
        if settle.ready()
            && let Some(intent) = pad_intent(&play, seat, at, gamepad, flick)
        {
            intents.write(intent);
        }
    }
}

/// What this frame's presses on `seat`'s pad ask for: a button of [`pad_actions`], or a flick
/// when the seat may throw.
fn pad_intent(
    play: &MarblesPlay,
    seat: Seat,
    cursor: u8,
    pad: &Gamepad,
    flick: Option<Flick>,
) -> Option<MarblesIntent> {
    let pressed = pad_actions(play, seat, cursor)
        .into_iter()
        .filter_map(|a| a.press)
        .find(|(button, _)| pad.just_pressed(*button))
        .map(|(_, intent)| intent);
    pressed.or_else(|| {
        let flick = flick.filter(|_| play.thrower() == Some(seat))?;
        Some(MarblesIntent::Throw {
            seat,
            flick: Some(flick),
        })
    })
}
