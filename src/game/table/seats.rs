//! Seats: their colours and marks (distinct for colour-blind players too), their names, where
//! each sits round the table, and the device bound to each human seat — the keyboard and mouse,
//! or one gamepad. On the setup screen a gamepad joins with South and leaves with East; during a
//! game a lost gamepad pauses the table until it comes back, another claims the seat, or the
//! seat is handed to the AI.

use bevy::prelude::*;

use super::HandToAi;
use crate::ai::Difficulty;
use crate::game::screen::{Pause, Screen, Table};
use crate::game::{Nav, Notices, Presets};
use crate::rules::table::SeatIndex;
use crate::table::SeatKind;

/// The most seats a table has.
pub const MAX_SEATS: usize = 8;

/// Seat colours, in seat order: the Okabe–Ito palette, told apart with every common colour
/// blindness (blue, orange, bluish green, vermillion, sky blue, yellow, reddish purple,
/// charcoal). Each seat also has its [`SeatMark`].
pub const SEAT_COLOURS: [Color; MAX_SEATS] = [
    Color::srgb(0.0, 0.447, 0.698),
    Color::srgb(0.902, 0.624, 0.0),
    Color::srgb(0.0, 0.620, 0.451),
    Color::srgb(0.835, 0.369, 0.0),
    Color::srgb(0.337, 0.706, 0.914),
    Color::srgb(0.941, 0.894, 0.259),
    Color::srgb(0.800, 0.475, 0.655),
    Color::srgb(0.22, 0.22, 0.24),
];

/// The shape each seat is also known by, on its pieces and in the HUD.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatMark {
    Circle,
    Triangle,
    Square,
    Diamond,
    Star,
    Cross,
    Hexagon,
    Ring,
}

impl SeatMark {
    pub const ALL: [SeatMark; MAX_SEATS] = [
        SeatMark::Circle,
        SeatMark::Triangle,
        SeatMark::Square,
        SeatMark::Diamond,
        SeatMark::Star,
        SeatMark::Cross,
        SeatMark::Hexagon,
        SeatMark::Ring,
    ];

    pub fn of(seat: SeatIndex) -> SeatMark {
        SeatMark::ALL[seat as usize % MAX_SEATS]
    }

    /// The mark's outline as points round the origin, radius 1 (y up), for the HUD and the
    /// pieces' emblems. The ring is a circle drawn hollow.
    pub fn outline(self) -> Vec<Vec2> {
        let polygon = |n: usize, turn: f32, radii: &[f32]| -> Vec<Vec2> {
            (0..n)
                .map(|i| {
                    let a = turn + i as f32 / n as f32 * std::f32::consts::TAU;
                    Vec2::new(a.cos(), a.sin()) * radii[i % radii.len()]
                })
                .collect()
        };
        use std::f32::consts::FRAC_PI_2;
        match self {
            SeatMark::Circle | SeatMark::Ring => polygon(24, 0.0, &[1.0]),
            SeatMark::Triangle => polygon(3, FRAC_PI_2, &[1.0]),
            SeatMark::Square => polygon(4, FRAC_PI_2 / 2.0, &[1.0]),
            SeatMark::Diamond => polygon(4, FRAC_PI_2, &[1.0]),
            SeatMark::Star => polygon(10, FRAC_PI_2, &[1.0, 0.45]),
            SeatMark::Cross => {
                let (a, b) = (0.33, 1.0);
                [
                    (a, b),
                    (a, a),
                    (b, a),
                    (b, -a),
                    (a, -a),
                    (a, -b),
                    (-a, -b),
                    (-a, -a),
                    (-b, -a),
                    (-b, a),
                    (-a, a),
                    (-a, b),
                ]
                .into_iter()
                .map(|(x, y)| Vec2::new(x, y))
                .collect()
            }
            SeatMark::Hexagon => polygon(6, 0.0, &[1.0]),
        }
    }

    /// Whether the mark is drawn as an outline only.
    pub fn hollow(self) -> bool {
        self == SeatMark::Ring
    }
}

/// A seat's name for players: "Seat 1" for seat 0.
pub fn seat_name(seat: SeatIndex) -> String {
    format!("Seat {}", seat + 1)
}

/// A seat's name with who plays it: "Seat 2 (AI Expert)", "Seat 1 (pad 1)".
pub fn seat_who(seat: SeatIndex, kind: Option<&SeatKind>, device: Option<String>) -> String {
    match (kind, device) {
        (Some(SeatKind::Ai(level)), _) => format!("{} (AI {level})", seat_name(seat)),
        (_, Some(d)) => format!("{} ({d})", seat_name(seat)),
        _ => seat_name(seat),
    }
}

/// Where seat `seat` of `seats` sits round the table: its turn about the table's centre
/// (radians, 0 = the near side, the first player's chair), a quarter turn apart at up to four
/// seats, an eighth beyond.
pub fn seat_yaw(seat: usize, seats: usize) -> f32 {
    let places = if seats <= 4 { 4 } else { MAX_SEATS };
    -(seat as f32) * std::f32::consts::TAU / places as f32
}

/// What a human seat is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Device {
    /// The keyboard and mouse (shared by all its seats: hot seat).
    #[default]
    Pointer,
    /// One gamepad, for this seat only.
    Pad(Entity),
}

/// The device bound to each seat, and the seats whose gamepad was lost.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Seating {
    /// One per seat (meaningful for human seats); missing ones are the keyboard's.
    pub devices: Vec<Device>,
    /// Seats whose gamepad disconnected during the game, with that gamepad.
    pub lost: Vec<(SeatIndex, Entity)>,
}

impl Seating {
    pub fn device(&self, seat: SeatIndex) -> Device {
        self.devices.get(seat as usize).copied().unwrap_or_default()
    }

    /// The seat `pad` is bound to.
    pub fn seat_of(&self, pad: Entity) -> Option<SeatIndex> {
        self.devices
            .iter()
            .position(|d| *d == Device::Pad(pad))
            .map(|s| s as SeatIndex)
    }

    pub fn bind(&mut self, seat: SeatIndex, device: Device) {
        if self.devices.len() <= seat as usize {
            self.devices.resize(seat as usize + 1, Device::Pointer);
        }
        // A gamepad plays one seat only.
        if let Device::Pad(_) = device {
            for d in self.devices.iter_mut().filter(|d| **d == device) {
                *d = Device::Pointer;
            }
        }
        self.devices[seat as usize] = device;
        self.lost.retain(|(s, _)| *s != seat);
    }

    /// Whether `device` may act for `seat` (a human seat bound to it, not lost).
    pub fn owns(&self, device: Device, seat: SeatIndex, kinds: &[SeatKind]) -> bool {
        kinds.get(seat as usize) == Some(&SeatKind::Human)
            && self.device(seat) == device
            && !self.lost.iter().any(|(s, _)| *s == seat)
    }

    /// The human seat gamepad `pad` plays now, if any (bound to it and not lost).
    pub fn pad_seat(&self, pad: Entity, kinds: &[SeatKind]) -> Option<SeatIndex> {
        self.seat_of(pad)
            .filter(|s| self.owns(Device::Pad(pad), *s, kinds))
    }

    /// "Seat 2 (AI Expert)", "Seat 1 (pad 1)": who plays `seat`, by its kind and its pad.
    pub fn who(&self, seat: SeatIndex, kinds: &[SeatKind], pads: &[Entity]) -> String {
        let kind = kinds.get(seat as usize);
        let device = match self.device(seat) {
            Device::Pad(p) if kind == Some(&SeatKind::Human) => {
                pad_number(pads, p).map(|n| format!("pad {n}"))
            }
            _ => None,
        };
        seat_who(seat, kind, device)
    }

    /// Trims or grows to `n` seats.
    pub fn fit(&mut self, n: usize) {
        self.devices.resize(n, Device::Pointer);
        self.lost.retain(|(s, _)| (*s as usize) < n);
    }
}

/// Each gamepad's number for players ("pad 1"), in the order they were connected.
pub fn pad_number(pads: &[Entity], pad: Entity) -> Option<usize> {
    pads.iter().position(|p| *p == pad).map(|i| i + 1)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Seating>()
        .add_message::<Claim>()
        .add_systems(
            Update,
            join_on_setup
                .in_set(crate::game::screen::AppSet::RecordInput)
                .run_if(in_state(Screen::Setup)),
        )
        .add_systems(
            Update,
            (watch_pads, claim_lost_seat)
                .chain()
                .in_set(crate::game::screen::AppSet::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(Update, fit_seating);
}

/// The seating follows the table's seat count.
fn fit_seating(table: Res<Table>, mut seating: ResMut<Seating>) {
    if seating.devices.len() != table.seats.len() {
        seating.fit(table.seats.len());
    }
}

/// On the setup screen a gamepad's South takes the next human seat still on the keyboard (or
/// turns the first AI seat human, or adds a seat); East gives its seat back to the keyboard.
/// A game being resumed keeps its seats: a pad takes one of them, never adds one (a seat more
/// would start a new game instead).
pub fn join_on_setup(
    pads: Query<(Entity, &Gamepad)>,
    mut seating: ResMut<Seating>,
    table: Res<Table>,
    presets: Res<Presets>,
    resuming: Option<Res<super::autosave::ResumeRequest>>,
    mut nav: MessageWriter<Nav>,
) {
    let mut setup = table.0.clone();
    seating.fit(setup.seats.len());
    // A pad unplugged on this screen gives its seat back to the keyboard.
    for seat in 0..setup.seats.len() as SeatIndex {
        if let Device::Pad(pad) = seating.device(seat)
            && !pads.contains(pad)
        {
            seating.bind(seat, Device::Pointer);
        }
    }
    for (pad, gamepad) in &pads {
        let mine = seating.seat_of(pad);
        if gamepad.just_pressed(GamepadButton::South) && mine.is_none() {
            let max = setup
                .seat_range(&presets.0)
                .map_or(setup.seats.len(), |(_, max)| max as usize)
                .min(MAX_SEATS);
            let free = (0..setup.seats.len()).find(|s| {
                setup.seats[*s] == SeatKind::Human
                    && seating.device(*s as SeatIndex) == Device::Pointer
            });
            let seat = free
                .or_else(|| {
                    let s = setup
                        .seats
                        .iter()
                        .position(|k| matches!(k, SeatKind::Ai(_)))?;
                    setup.seats[s] = SeatKind::Human;
                    Some(s)
                })
                .or_else(|| {
                    (resuming.is_none() && setup.seats.len() < max).then(|| {
                        setup.seats.push(SeatKind::Human);
                        seating.fit(setup.seats.len());
                        setup.seats.len() - 1
                    })
                });
            if let Some(seat) = seat {
                seating.bind(seat as SeatIndex, Device::Pad(pad));
            }
        } else if gamepad.just_pressed(GamepadButton::East)
            && let Some(seat) = mine
        {
            seating.bind(seat, Device::Pointer);
        }
    }
    if setup != table.0 {
        nav.write(Nav::Configure(setup));
    }
}

/// A gamepad bound to a human seat is gone (disconnected, even before the game began): the game
/// pauses and says so. The same gamepad coming back resumes it.
fn watch_pads(
    connected: Query<(), With<Gamepad>>,
    mut seating: ResMut<Seating>,
    table: Res<Table>,
    pause: Option<Res<State<Pause>>>,
    mut next_pause: ResMut<NextState<Pause>>,
    mut notices: ResMut<Notices>,
) {
    let before = seating.lost.len();
    seating.lost.retain(|(_, pad)| !connected.contains(*pad));
    let back = before > seating.lost.len();
    for seat in 0..table.seats.len() as SeatIndex {
        if let Device::Pad(pad) = seating.device(seat)
            && table.seats[seat as usize] == SeatKind::Human
            && !connected.contains(pad)
            && !seating.lost.iter().any(|(s, _)| *s == seat)
        {
            seating.lost.push((seat, pad));
            notices.push(lost_line(seat));
        }
    }
    let paused = pause.is_some_and(|p| *p.get() == Pause::Paused);
    if !seating.lost.is_empty() && !paused {
        next_pause.set(Pause::Paused);
    } else if seating.lost.is_empty() && back && paused {
        next_pause.set(Pause::Running);
    }
}

/// What the table says when a seat's gamepad is lost.
pub fn lost_line(seat: SeatIndex) -> String {
    format!("{}'s controller was lost", seat_name(seat))
}

/// A seat is claimed or handed over while its gamepad is lost.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum Claim {
    /// The keyboard and mouse take the first lost seat.
    Pointer,
    /// The AI at this level plays the first lost seat from now on.
    Ai(Difficulty),
}

/// While a seat's gamepad is lost: any free gamepad's South or a [`Claim`] (the pause panel's
/// buttons: the first, focused, is the keyboard's, so Enter takes the seat for it) takes the
/// seat; the last seat claimed resumes play.
fn claim_lost_seat(
    pads: Query<(Entity, &Gamepad)>,
    mut claims: MessageReader<Claim>,
    mut seating: ResMut<Seating>,
    mut table: ResMut<Table>,
    mut handed: MessageWriter<HandToAi>,
    mut next_pause: ResMut<NextState<Pause>>,
) {
    let mut wanted: Vec<(Option<Device>, Option<Difficulty>)> = claims
        .read()
        .map(|c| match c {
            Claim::Pointer => (Some(Device::Pointer), None),
            Claim::Ai(level) => (None, Some(*level)),
        })
        .collect();
    if seating.lost.is_empty() {
        return;
    }
    for (pad, gamepad) in &pads {
        if gamepad.just_pressed(GamepadButton::South) && seating.seat_of(pad).is_none() {
            wanted.push((Some(Device::Pad(pad)), None));
        }
    }
    for claim in wanted {
        let Some(&(seat, _)) = seating.lost.first() else {
            break;
        };
        match claim {
            (Some(device), _) => seating.bind(seat, device),
            (None, Some(level)) => {
                seating.bind(seat, Device::Pointer);
                if let Some(kind) = table.seats.get_mut(seat as usize) {
                    *kind = SeatKind::Ai(level);
                }
                handed.write(HandToAi { seat, level });
            }
            (None, None) => {}
        }
        if seating.lost.is_empty() {
            next_pause.set(Pause::Running);
        }
    }
}
