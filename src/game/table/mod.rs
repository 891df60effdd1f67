//! The table shell every game sits on: the referee over any rules engine ([`Referee`]), the
//! intents every seat sends ([`Intent`]) and the rule events the scene and HUD react to
//! ([`Happened`]); the seats and the devices bound to them ([`seats`]); saved records
//! ([`records`]), the game in progress kept on disk ([`autosave`]) and the score sheet the
//! results screen draws ([`sheet`]).
//!
//! Each frame, while the game runs: devices become intents ([`TableSet::Input`]), the referee
//! turns intents, AI seats and the table's own physics into rules actions
//! ([`TableSet::Referee`]), the scene follows what happened ([`TableSet::Present`]).

pub mod autosave;
pub mod records;
pub mod referee;
pub mod seats;
pub mod sheet;
pub mod undo;
pub mod widgets;

use bevy::prelude::*;

use super::screen::{AppSet, Pause};
use crate::ai::Difficulty;
use crate::physics::Flick;
use crate::rules::TableGame;
use crate::rules::table::SeatIndex;

pub use referee::{AI_PAUSE_S, Referee, SHOW_END_S};
pub use seats::{Device, SEAT_COLOURS, SeatMark, Seating, seat_name};
pub use sheet::ScoreSheet;

/// What a seat wants to do: a human's device and an AI seat send the same.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum Intent<A: Send + Sync + 'static> {
    /// Throw the dice or the balls (the seat whose throw it is), with a flick or a plain press.
    Throw {
        seat: SeatIndex,
        flick: Option<Flick>,
    },
    /// An action of the rules.
    Act { seat: SeatIndex, action: A },
    /// This seat lets the open window (a challenge, a "Muggins!" call) pass.
    Pass { seat: SeatIndex },
    /// The only human seat against the AI takes back its last move (until the next roll or
    /// the next AI action).
    Undo { seat: SeatIndex },
}

/// Something the rules did, for the scene and the HUD.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Happened<E: Send + Sync + 'static>(pub E);

/// A seat changes hands during a game (its controller was lost and the AI takes over).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct HandToAi {
    pub seat: SeatIndex,
    pub level: Difficulty,
}

/// A game's rules as played at the table: what the generic referee asks of each game.
pub trait Played: TableGame {
    /// The game's own moving parts at the table: dice or balls in flight, open windows.
    type Table: Send + Sync + 'static;
    /// An AI player of this game.
    type Ai: Send + Sync + 'static;

    fn new_table(game: &Self) -> Self::Table;
    fn new_ai(level: Difficulty, seed: u64) -> Self::Ai;
    /// A line for the log.
    fn describe(event: &Self::Event) -> String;
    /// Whether `seat` may send `action` now (the rules still judge the action itself).
    fn may_act(r: &Referee<Self>, seat: SeatIndex, action: &Self::Action) -> bool;
    /// `seat` throws: started, or why not.
    fn throw(r: &mut Referee<Self>, seat: SeatIndex, flick: Option<Flick>) -> Result<(), String>;
    /// `seat` lets the open window pass.
    fn pass(r: &mut Referee<Self>, seat: SeatIndex);
    /// Called after every action the rules took, with what happened (a window opened, a
    /// countdown starts, a hand ended).
    fn applied(r: &mut Referee<Self>, events: &[Self::Event]);
    /// The table's own step each frame (countdowns, what the live physics finished): an action
    /// it takes itself, such as the faces of dice that came to rest.
    fn step(r: &mut Referee<Self>, dt: f32) -> Option<Self::Action>;
    /// Something is moving that AI seats and replays wait for.
    fn busy(r: &Referee<Self>) -> bool;
    /// What the AI seats want now, their pause over; or an action the referee takes for the
    /// table (closing a window that ends the game).
    fn ai_turn(r: &mut Referee<Self>) -> Option<AiMove<Self::Action>>;
    /// A replayed action is about to be applied (dice set down showing its faces).
    fn replaying(r: &mut Referee<Self>, action: &Self::Action);
    /// The table was rebuilt from the record (an undo): what the old table held that the
    /// record does not (the table's options, who is looking) is carried over.
    fn carry_over(_old: &Self::Table, _new: &mut Self::Table) {}
    /// What the human controls do now (the phase, who moves, an open window, a screen shown),
    /// for [`Settle`]: a change holds every control still for [`SETTLE_S`].
    fn controls_key(r: &Referee<Self>) -> u64;
    /// The sound a rules event makes of its own (a marble into its hole, a chip flipped); the
    /// pieces' knocks come from the live physics.
    fn cue(event: &Self::Event) -> Option<crate::game::sound::Voice>;
}

/// What the AI step decided.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AiMove<A: Send + Sync + 'static> {
    /// An AI seat's intent, sent like a human's.
    Seat(Intent<A>),
    /// The referee's own action for the table.
    Table(A),
}

/// Systems of a game at the table, in order each frame; they run only while the game runs.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TableSet {
    /// Devices become intents for their own seats.
    Input,
    /// Intents, AI seats and the table's physics become rules actions.
    Referee,
    /// The scene and the sheet follow what happened.
    Present,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HandToAi>()
        .init_resource::<Settle>()
        .configure_sets(
            Update,
            (TableSet::Input, TableSet::Referee, TableSet::Present)
                .chain()
                .after(AppSet::Navigate)
                .run_if(in_state(Pause::Running)),
        )
        .add_plugins((
            seats::plugin,
            records::plugin,
            autosave::plugin,
            undo::plugin,
            sheet::plugin,
        ));
}

/// What every game's HUD reads of the table besides its game: the setup, the presets, who
/// holds each seat, the controls' settling and the gamepads connected.
#[derive(bevy::ecs::system::SystemParam)]
pub struct TableView<'w, 's> {
    pub table: Res<'w, crate::game::Table>,
    pub presets: Res<'w, crate::game::Presets>,
    pub seating: Res<'w, Seating>,
    pub settle: Res<'w, Settle>,
    pads: Query<'w, 's, Entity, With<Gamepad>>,
}

impl TableView<'_, '_> {
    /// The gamepads connected, in the order they came (their numbers for players).
    pub fn pads(&self) -> Vec<Entity> {
        self.pads.iter().collect()
    }

    /// The preset's title ("All Fives").
    pub fn title(&self) -> String {
        self.presets
            .find(self.table.game, &self.table.preset)
            .map_or(String::new(), |p| p.title)
    }
}

/// How long a control holds still after what it does changed, seconds: a press meant for the
/// old action (a late click on "Challenge!", a pad button pressed as the turn moved on) must not
/// trigger the new one in the same place.
pub const SETTLE_S: f32 = 0.5;

/// What the human controls do now, and since when: every device and button checks
/// [`Settle::ready`] before it acts.
#[derive(Resource, Default, Debug)]
pub struct Settle {
    key: u64,
    since: f32,
    now: f32,
}

impl Settle {
    /// Follows the table each frame: `key` names what the controls do now.
    pub fn follow(&mut self, key: u64, now: f32) {
        self.now = now;
        if key != self.key {
            self.key = key;
            self.since = now;
        }
    }

    /// The controls have done the same for long enough to act.
    pub fn ready(&self) -> bool {
        self.now - self.since >= SETTLE_S
    }
}
