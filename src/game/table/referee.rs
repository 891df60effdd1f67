//! The referee: one resource over any game's rules state. It holds the record, the seats and
//! their AI players, the log and the last refusal, replays a saved game at the table's pace and
//! times the end. Nothing here decides a rule: every action goes to the rules engine, and what
//! it returns is all that happens.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::{AiMove, HandToAi, Happened, Intent, Played, Settle, TableSet};
use crate::game::screen::{Nav, Screen};
use crate::rules::Record;
use crate::rules::record::GameAction;
use crate::rules::table::SeatIndex;
use crate::table::SeatKind;

/// How long an AI seat seems to think before it acts, seconds.
pub const AI_PAUSE_S: f32 = 0.7;
/// Seconds a finished game stays on the table before the results.
pub const SHOW_END_S: f32 = 4.0;
/// Log lines kept.
const LOG_LINES: usize = 200;

/// The game at the table.
#[derive(Resource)]
pub struct Referee<G: Played> {
    pub game: G,
    pub seats: Vec<SeatKind>,
    pub record: Record<G::Action>,
    pub ais: Vec<G::Ai>,
    /// The game's own moving parts: dice, balls, open windows.
    pub table: G::Table,
    /// Seconds until the next AI seat may act.
    pub ai_wait: f32,
    /// What happened, newest last, as the HUD tells it.
    pub log: Vec<String>,
    /// The last refusal of a human's intent, to show.
    pub refused: Option<String>,
    /// Seconds since the game ended.
    pub over_for: f32,
    /// A saved game being played back: its actions still to come.
    pub replay: Option<VecDeque<G::Action>>,
    /// How long the pauses last, as a share of the usual (the screenshot tour hurries).
    pub pace: f32,
    /// Where the only human seat's moves may be taken back to: the record's length before each
    /// of its moves since the last roll or AI action, latest last.
    pub undo: Vec<usize>,
    /// The action being applied is the only human seat's own move.
    human_move: bool,
}

/// Seat `seat`'s AI's own seed, from the game's.
fn ai_seed(seed: u64, seat: usize) -> u64 {
    seed ^ (seat as u64 + 1) << 40
}

impl<G: Played> Referee<G> {
    /// A new game from its (empty) record: the seats as set up, an AI for every seat (used
    /// when a seat is handed to the AI), each seeded from the game's seed.
    pub fn new(
        record: Record<G::Action>,
        catalog: &crate::rules::Catalog,
        seats: Vec<SeatKind>,
    ) -> Result<Referee<G>, String> {
        let game = G::start(&record, catalog)?;
        let seed = record.seed;
        let ais = (0..seats.len())
            .map(|s| {
                let level = match seats[s] {
                    SeatKind::Ai(level) => level,
                    SeatKind::Human => crate::ai::Difficulty::Normal,
                };
                G::new_ai(level, ai_seed(seed, s))
            })
            .collect();
        Ok(Referee {
            table: G::new_table(&game),
            game,
            seats,
            record,
            ais,
            ai_wait: AI_PAUSE_S,
            log: Vec::new(),
            refused: None,
            over_for: 0.0,
            replay: None,
            pace: 1.0,
            undo: Vec::new(),
            human_move: false,
        })
    }

    /// The only human seat, in a game against the AI (none with two or more humans, or none).
    pub fn sole_human(&self) -> Option<SeatIndex> {
        let mut humans = (0..self.seats.len() as SeatIndex).filter(|s| self.is_human(*s));
        match (humans.next(), humans.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    /// Whether `seat` may take back its last move now.
    pub fn may_undo(&self, seat: SeatIndex) -> bool {
        self.sole_human() == Some(seat)
            && !self.undo.is_empty()
            && self.replay.is_none()
            && !self.game.is_over()
            && !G::busy(self)
    }

    /// Plays `actions` into the game at once, without telling the scene action by action (a
    /// resumed game, an undo): the table ends as the last of them left it.
    pub fn fast_forward(&mut self, actions: &[G::Action]) -> Result<(), String> {
        for (i, a) in actions.iter().enumerate() {
            G::replaying(self, a);
            match self.game.apply(*a) {
                Ok(events) => {
                    self.record.actions.push(*a);
                    self.log.extend(events.iter().map(G::describe));
                    G::applied(self, &events);
                }
                Err(e) => return Err(format!("action {i} ({a:?}) was refused: {e}")),
            }
        }
        if self.log.len() > LOG_LINES {
            let extra = self.log.len() - LOG_LINES / 2;
            self.log.drain(..extra);
        }
        self.ai_wait = AI_PAUSE_S * self.pace;
        Ok(())
    }

    /// Takes the game back to the first `len` actions of its record: the game and the table
    /// are rebuilt by replaying them, so nothing can drift from the record.
    pub fn rewind(&mut self, len: usize, catalog: &crate::rules::Catalog) -> Result<(), String> {
        let mut record = self.record.clone();
        record.actions.truncate(len);
        let kept = std::mem::take(&mut record.actions);
        self.game = G::start(&record, catalog)?;
        let mut table = G::new_table(&self.game);
        G::carry_over(&self.table, &mut table);
        self.table = table;
        self.record = record;
        let log = std::mem::take(&mut self.log);
        self.fast_forward(&kept)?;
        self.log = log;
        self.refused = None;
        self.over_for = 0.0;
        Ok(())
    }

    pub fn is_human(&self, seat: SeatIndex) -> bool {
        self.seats.get(seat as usize) == Some(&SeatKind::Human)
    }

    /// Applies one action; on success the record grows, the log tells it and the events go out.
    pub fn apply(
        &mut self,
        action: G::Action,
        out: &mut MessageWriter<Happened<G::Event>>,
    ) -> bool {
        let before = self.record.actions.len();
        match self.game.apply(action) {
            Ok(events) => {
                // The only human's own move may be taken back; a roll or an AI action closes
                // what came before.
                if self.human_move && self.sole_human().is_some() {
                    self.undo.push(before);
                } else {
                    self.undo.clear();
                }
                self.record.actions.push(action);
                for e in &events {
                    self.log.push(G::describe(e));
                    out.write(Happened(e.clone()));
                }
                if self.log.len() > LOG_LINES {
                    self.log.drain(..LOG_LINES / 2);
                }
                self.ai_wait = super::AI_PAUSE_S * self.pace;
                G::applied(self, &events);
                true
            }
            Err(e) => {
                self.refused = Some(e.to_string());
                false
            }
        }
    }

    /// Seat `seat` is played by the AI at `level` from now on.
    pub fn hand_to_ai(&mut self, seat: SeatIndex, level: crate::ai::Difficulty) {
        if let Some(kind) = self.seats.get_mut(seat as usize) {
            *kind = SeatKind::Ai(level);
            self.ais[seat as usize] = G::new_ai(level, ai_seed(self.record.seed, seat as usize));
        }
    }
}

/// The referee's systems for game `G`, and its messages.
pub fn plugin<G: Played>(app: &mut App) {
    app.add_message::<Intent<G::Action>>()
        .add_message::<Happened<G::Event>>()
        .add_systems(
            Update,
            (ai_seats::<G>, take_intents::<G>, step::<G>, hand_over::<G>)
                .chain()
                .in_set(TableSet::Referee)
                .run_if(resource_exists::<Referee<G>>),
        )
        .add_systems(
            Update,
            (finish::<G>, follow_table::<G>, super::autosave::keep::<G>)
                .in_set(TableSet::Present)
                .run_if(resource_exists::<Referee<G>>),
        )
        .add_systems(OnEnter(Screen::Title), forget::<G>)
        .add_plugins(super::undo::plugin_for::<G>);
}

/// The intents of this frame, checked against who may do what, then given to the rules.
fn take_intents<G: Played>(
    mut intents: MessageReader<Intent<G::Action>>,
    mut referee: ResMut<Referee<G>>,
    mut out: MessageWriter<Happened<G::Event>>,
    presets: Res<crate::game::Presets>,
) {
    for intent in intents.read() {
        if referee.replay.is_some() {
            referee.refused = Some("A saved game is being played back".into());
            continue;
        }
        match *intent {
            Intent::Throw { seat, flick } => match G::throw(&mut referee, seat, flick) {
                // A throw closes what came before it to undo.
                Ok(()) => referee.undo.clear(),
                Err(why) => referee.refused = Some(why),
            },
            Intent::Pass { seat } => G::pass(&mut referee, seat),
            Intent::Act { seat, action } => {
                if !G::may_act(&referee, seat, &action) {
                    referee.refused =
                        Some(format!("{} may not do that now", super::seat_name(seat)));
                    continue;
                }
                referee.human_move = referee.is_human(seat);
                if referee.apply(action, &mut out) {
                    referee.refused = None;
                }
                referee.human_move = false;
            }
            Intent::Undo { seat } => undo(&mut referee, seat, &presets.0),
        }
    }
}

/// `seat` takes back its last move, if it may.
fn undo<G: Played>(referee: &mut Referee<G>, seat: SeatIndex, catalog: &crate::rules::Catalog) {
    if !referee.may_undo(seat) {
        referee.refused = Some(if referee.sole_human().is_none() {
            "Undo is only for one player against the AI".into()
        } else {
            "Nothing to take back since the last roll or AI move".into()
        });
        return;
    }
    let Some(to) = referee.undo.pop() else { return };
    let marks = std::mem::take(&mut referee.undo);
    match referee.rewind(to, catalog) {
        Ok(()) => {
            referee.undo = marks;
            let line = format!("{} takes back a move", super::seat_name(seat));
            referee.log.push(line);
        }
        Err(e) => {
            // The record replayed once already: this cannot happen, but is said if it does.
            error!("undo failed: {e}");
            referee.refused = Some(format!("Cannot undo: {e}"));
        }
    }
}

/// The table's own step: physics and countdowns, the end's clock.
fn step<G: Played>(
    time: Res<Time>,
    mut referee: ResMut<Referee<G>>,
    mut out: MessageWriter<Happened<G::Event>>,
) {
    let dt = time.delta_secs();
    if referee.game.is_over() {
        referee.over_for += dt;
    }
    if let Some(action) = G::step(&mut referee, dt) {
        referee.apply(action, &mut out);
    }
}

/// The AI seats, after their pause, send their intents like anyone's; a replay feeds the
/// recorded actions at the same pace.
fn ai_seats<G: Played>(
    time: Res<Time>,
    mut referee: ResMut<Referee<G>>,
    mut intents: MessageWriter<Intent<G::Action>>,
    mut out: MessageWriter<Happened<G::Event>>,
) {
    if referee.game.is_over() || G::busy(&referee) {
        return;
    }
    referee.ai_wait -= time.delta_secs();
    if referee.ai_wait > 0.0 {
        return;
    }
    if let Some(next) = referee.replay.as_mut().map(|q| q.pop_front()) {
        match next {
            Some(a) => {
                G::replaying(&mut referee, &a);
                if !referee.apply(a, &mut out) {
                    referee.replay = None;
                }
            }
            None => referee.replay = None,
        }
        return;
    }
    match G::ai_turn(&mut referee) {
        Some(AiMove::Seat(intent)) => {
            intents.write(intent);
        }
        Some(AiMove::Table(action)) => {
            referee.apply(action, &mut out);
        }
        None => {}
    }
}

/// A seat handed to the AI (its controller lost) is played by it from now on.
fn hand_over<G: Played>(mut handed: MessageReader<HandToAi>, mut referee: ResMut<Referee<G>>) {
    for h in handed.read() {
        referee.hand_to_ai(h.seat, h.level);
        let line = format!(
            "{} is played by the AI ({})",
            super::seat_name(h.seat),
            h.level
        );
        referee.log.push(line);
    }
}

/// After the referee: what the controls do from the next frame on.
fn follow_table<G: Played>(referee: Res<Referee<G>>, time: Res<Time>, mut settle: ResMut<Settle>) {
    settle.follow(G::controls_key(&referee), time.elapsed_secs());
}

/// A finished game stays on the table a moment, then the score sheet.
fn finish<G: Played>(referee: Res<Referee<G>>, mut nav: MessageWriter<Nav>, mut sent: Local<bool>) {
    if referee.over_for == 0.0 {
        *sent = false;
    }
    if referee.over_for >= SHOW_END_S && !*sent {
        *sent = true;
        nav.write(Nav::EndGame);
    }
}

fn forget<G: Played>(mut commands: Commands) {
    commands.remove_resource::<Referee<G>>();
}

/// Run condition: the rules state moved (an action was taken, or a new game sat down) since
/// the last frame; the scene follows it only then, not every frame.
pub fn rules_moved<G: Played>(
    referee: Option<Res<Referee<G>>>,
    mut seen: Local<Option<(u64, usize)>>,
) -> bool {
    let Some(r) = referee else { return false };
    let now = (r.record.seed, r.record.actions.len());
    seen.replace(now) != Some(now)
}

/// How long the table's pauses last, as a share of the usual, for the games that start from
/// now (the screenshot tour hurries).
#[derive(Resource, Clone, Copy, Debug)]
pub struct TablePace(pub f32);

/// The seed the next game sits down with, instead of the clock's (tests, the screenshot tour).
#[derive(Resource, Clone, Copy, Debug)]
pub struct NextSeed(pub u64);

/// A seed for a new game: the clock's nanoseconds, mixed.
fn new_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    crate::rules::rng::splitmix(nanos)
}

/// Sits the table down to a new game of `G` (or the saved game asked to be replayed).
#[allow(clippy::too_many_arguments)]
pub fn start<G: Played>(
    mut commands: Commands,
    table: Res<crate::game::Table>,
    presets: Res<crate::game::Presets>,
    replay: Option<Res<super::records::ReplayRequest>>,
    resume: Option<Res<super::autosave::ResumeRequest>>,
    pace: Option<Res<TablePace>>,
    settings: Option<Res<crate::settings::Settings>>,
    next_seed: Option<Res<NextSeed>>,
    mut notices: ResMut<crate::game::Notices>,
    mut nav: MessageWriter<Nav>,
) {
    // A saved game of this game: its seed, then its actions at the table's pace.
    let saved: Option<Record<G::Action>> = replay.and_then(|r| {
        commands.remove_resource::<super::records::ReplayRequest>();
        <G::Action as GameAction>::of(&r.0).cloned()
    });
    // The game in progress, resumed at the table it was played at (who plays each seat may
    // have changed; the game, its preset and its seats may not).
    let resumed: Option<Record<G::Action>> = resume.and_then(|r| {
        commands.remove_resource::<super::autosave::ResumeRequest>();
        let was = r.0.setup();
        let same = was.game == table.game
            && was.preset == table.preset
            && was.seats.len() == table.seats.len()
            && was.partnerships == table.partnerships
            && was.set == table.set
            && was.scoring == table.scoring;
        if !same {
            notices.push(
                "The table was changed, so a new game starts; the game you left is kept in \
                 Saved games"
                    .to_string(),
            );
        }
        same.then(|| <G::Action as GameAction>::of(&r.0.record).cloned())
            .flatten()
    });
    let saved = saved.or_else(|| resumed.clone());
    let seed = saved
        .as_ref()
        .map(|r| r.seed)
        .or(next_seed.map(|s| s.0))
        .unwrap_or_else(new_seed);
    let partnerships = saved
        .as_ref()
        .map_or(table.partnerships, |r| r.partnerships);
    let set = saved.as_ref().map_or(table.set, |r| r.set);
    let scoring = saved.as_ref().map_or(table.scoring, |r| r.scoring);
    let record = Record::new(&table.preset, table.seats.len() as u8, partnerships, seed)
        .with_set(set)
        .with_scoring(scoring);
    match Referee::<G>::new(record, &presets.0, table.seats.clone()) {
        Ok(mut referee) => {
            // The player's speed setting, over the tour's hurry.
            let speed = settings.map_or(1.0, |s| s.table.speed.max(0.1));
            referee.pace = pace.map_or(1.0, |p| p.0) / speed;
            match (saved, resumed.is_some()) {
                (Some(r), true) => {
                    if let Err(e) = referee.fast_forward(&r.actions) {
                        notices.push(format!("Cannot resume the game: {e}"));
                        nav.write(Nav::Title);
                        return;
                    }
                    let line = format!("Resumed after {} moves", r.actions.len());
                    referee.log.push(line);
                }
                (Some(r), false) => referee.replay = Some(r.actions.into_iter().collect()),
                (None, _) => {}
            }
            commands.insert_resource(referee);
        }
        Err(e) => {
            notices.push(format!("Cannot start {}: {e}", G::GAME.title()));
            nav.write(Nav::Title);
        }
    }
}
