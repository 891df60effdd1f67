//! The Kugelbox table's part of the referee: a throw asked for, rolling in a fresh box world of
//! the live physics, and where its balls came to rest handed to the rules as the throw; the
//! last throw kept for the table to show (and replay), and the practice tally. The generic
//! [`Referee`] holds the game; nothing here decides a rule.

use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use crate::ai::Difficulty;
use crate::ai::kugelbox::{KugelAi, ThrowPlan};
use crate::game::sound::{Sound, Voice};
use crate::game::table::{AiMove, Happened, Intent, Played, Referee, seat_name};
use crate::physics::Flick;
use crate::physics::kugel::{KugelThrow, Kugelbox};
use crate::rules::kugelbox::{
    Action, BoxLayout, CalcOp, Event, Finish, KugelGame, Phase, Scored, Scoring, Seat, Stage, Throw,
};

/// The referee of a Kugelbox table.
pub type KugelPlay = Referee<KugelGame>;
/// What a seat at the Kugelbox wants to do.
pub type KugelIntent = Intent<Action>;
/// Something the Kugelbox rules did.
pub type KugelHappened = Happened<Event>;

/// A plain press throws so: straight up the box, middling strength.
pub const PLAIN_THROW: Flick = Flick {
    direction: 0.0,
    strength: 0.5,
    spin: 0.0,
};

/// One throw as the hand made it: who, how, and the seed of its scatter. The same throw and
/// seed always end the same way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandThrow {
    pub seat: Seat,
    pub throw: KugelThrow,
    pub seed: u64,
}

/// The last throw, as the table shows it until the next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShownThrow {
    pub seat: Seat,
    pub throw: Throw,
    pub scored: Scored,
    /// How it was thrown, for the instant replay (none for a saved game played back).
    pub hand: Option<HandThrow>,
    /// Chikugo: the throw fell below the round's lowest (the rules' Nadir), to this score.
    pub nadir: Option<u32>,
}

/// The Kugelbox table's moving parts.
pub struct KugelTable {
    /// A throw to set off: the scene gives it a fresh box world.
    pub launch: Option<HandThrow>,
    /// The throw rolling in the box now.
    pub rolling: Option<HandThrow>,
    /// Where the rolling throw's balls came to rest, for the referee to hand to the rules.
    pub finished: Option<Throw>,
    /// The throw whose box is shown (the rolling one, the last, or its replay).
    pub hand: Option<HandThrow>,
    /// The last throw the rules scored.
    pub last: Option<ShownThrow>,
    /// An instant replay of the last throw asked for: the scene throws it again in a box of its
    /// own; nothing it does reaches the rules.
    pub replay: bool,
    /// Each hole's hits this game (row-major from hole 1,1), for the practice tally.
    pub hits: Vec<u32>,
    /// Throws this game whose balls both left the box.
    pub misses: u32,
    /// Game time a throw may roll, seconds.
    pub time_limit_s: f32,
    /// An AI seat picturing its throw in a box of its own, off the frame's thread: the seat,
    /// and the player with its plan when done.
    planning: Option<(Seat, Task<(KugelAi, ThrowPlan)>)>,
}

impl KugelTable {
    /// A throw is asked for, rolling, or rolled and not yet scored.
    pub fn busy(&self) -> bool {
        self.launch.is_some() || self.rolling.is_some() || self.finished.is_some()
    }
}

impl Referee<KugelGame> {
    /// The seat that throws now, if the balls may be thrown.
    pub fn thrower(&self) -> Option<Seat> {
        match self.game.phase {
            Phase::Throw { seat } if !self.table.busy() => Some(seat),
            _ => None,
        }
    }

    /// The seat that chooses a chip now.
    pub fn chooser(&self) -> Option<Seat> {
        match self.game.phase {
            Phase::Choose { seat, .. } if !self.table.busy() => Some(seat),
            _ => None,
        }
    }

    /// The chips the chooser may take (or lay out), each with the player it comes from.
    pub fn choices(&self) -> Vec<(u8, Option<Seat>)> {
        match self.game.phase {
            Phase::Choose { seat, scored } => self.game.choices(seat, scored),
            _ => Vec::new(),
        }
    }

    /// The seed of the next throw: the game's, mixed with how many actions came before.
    pub fn next_seed(&self) -> u64 {
        crate::rules::rng::splitmix(
            self.game.seed ^ (self.record.actions.len() as u64 + 1) << 24 ^ 0x4B55,
        )
    }

    /// Starts the instant replay of the last throw, if it was thrown here.
    pub fn replay_last(&mut self) -> bool {
        let hand = self.table.last.and_then(|l| l.hand);
        if hand.is_none() || self.table.busy() {
            return false;
        }
        self.table.replay = true;
        true
    }
}

impl From<Flick> for KugelThrow {
    fn from(f: Flick) -> KugelThrow {
        KugelThrow {
            direction: f.direction,
            strength: f.strength.clamp(0.0, 1.0),
            spin: f.spin.clamp(-1.0, 1.0),
        }
    }
}

impl From<ThrowPlan> for Flick {
    fn from(p: ThrowPlan) -> Flick {
        Flick {
            direction: p.direction,
            strength: p.strength,
            spin: p.spin,
        }
    }
}

impl Played for KugelGame {
    type Table = KugelTable;
    type Ai = KugelAi;

    fn new_table(game: &KugelGame) -> KugelTable {
        let l = &game.variant.layout;
        KugelTable {
            launch: None,
            rolling: None,
            finished: None,
            hand: None,
            last: None,
            replay: false,
            hits: vec![0; l.rows as usize * l.columns as usize],
            misses: 0,
            time_limit_s: game.variant.throw_time_limit_ms as f32 / 1000.0,
            planning: None,
        }
    }

    fn new_ai(level: Difficulty, seed: u64) -> KugelAi {
        KugelAi::new(level, seed)
    }

    fn describe(event: &Event) -> String {
        describe(event)
    }

    fn may_act(r: &KugelPlay, seat: Seat, action: &Action) -> bool {
        match action {
            // Throws come from the box.
            Action::Throw(_) => false,
            Action::Chip(_) => r.chooser() == Some(seat),
        }
    }

    fn throw(r: &mut KugelPlay, seat: Seat, flick: Option<Flick>) -> Result<(), String> {
        if r.thrower() != Some(seat) {
            return Err(format!("{} may not throw now", seat_name(seat)));
        }
        let hand = HandThrow {
            seat,
            throw: flick.unwrap_or(PLAIN_THROW).into(),
            seed: r.next_seed(),
        };
        r.table.launch = Some(hand);
        r.table.replay = false;
        Ok(())
    }

    fn pass(_: &mut KugelPlay, _: Seat) {}

    fn applied(r: &mut KugelPlay, events: &[Event]) {
        for e in events {
            if let Event::Thrown {
                seat,
                throw,
                scored,
            } = *e
            {
                let hand = r.table.hand.filter(|h| h.seat == seat);
                let nadir = events.iter().find_map(|e| match e {
                    Event::Nadir { score, .. } => Some(*score),
                    _ => None,
                });
                r.table.last = Some(ShownThrow {
                    seat,
                    throw,
                    scored,
                    hand,
                    nadir,
                });
                let columns = r.game.variant.layout.columns as usize;
                for h in [throw.red, throw.other].into_iter().flatten() {
                    let i = (h.0 as usize - 1) * columns + h.1 as usize - 1;
                    if let Some(n) = r.table.hits.get_mut(i) {
                        *n += 1;
                    }
                }
                if throw.red.is_none() && throw.other.is_none() {
                    r.table.misses += 1;
                }
            }
        }
    }

    fn step(r: &mut KugelPlay, _dt: f32) -> Option<Action> {
        r.table.finished.take().map(Action::Throw)
    }

    fn busy(r: &KugelPlay) -> bool {
        r.table.busy()
    }

    fn ai_turn(r: &mut KugelPlay) -> Option<AiMove<Action>> {
        let actor = r.game.actor()?;
        if r.is_human(actor) {
            return None;
        }
        let Referee {
            game, ais, table, ..
        } = &mut *r;
        let ai = &mut ais[actor as usize];
        match game.phase {
            Phase::Throw { .. } => {
                // The player pictures its throw in a box of its own (on another thread: a
                // careful player tries many), then its hand shakes.
                if let Some((seat, task)) = &mut table.planning
                    && *seat == actor
                {
                    let (planner, plan) = check_ready(task)?;
                    table.planning = None;
                    *ai = planner;
                    let thrown = ai.execute(plan);
                    return Some(AiMove::Seat(Intent::Throw {
                        seat: actor,
                        flick: Some(thrown.into()),
                    }));
                }
                let (mut planner, game, limit) = (ai.clone(), game.clone(), table.time_limit_s);
                let task = AsyncComputeTaskPool::get().spawn(async move {
                    let mut model = Kugelbox::new(limit);
                    let plan = planner.plan(&game, actor, &mut model);
                    (planner, plan)
                });
                table.planning = Some((actor, task));
                None
            }
            Phase::Choose { .. } => ai.choose_chip(game).map(|action| {
                AiMove::Seat(Intent::Act {
                    seat: actor,
                    action,
                })
            }),
            Phase::Over => None,
        }
    }

    fn replaying(r: &mut KugelPlay, _: &Action) {
        // A saved throw lands where it was recorded: no box rolls for it.
        r.table.hand = None;
    }

    fn cue(event: &Self::Event) -> Option<Voice> {
        use crate::rules::kugelbox::Event;
        match event {
            // The balls dropped into their pockets: one thud per ball in a hole.
            Event::Thrown { throw, .. } => {
                let holed = throw.red.is_some() as u8 + throw.other.is_some() as u8;
                (holed > 0).then(|| Voice::new(Sound::Drop, 0.4 + 0.2 * holed as f32))
            }
            Event::Turned { .. }
            | Event::Took { .. }
            | Event::PickedUp { .. }
            | Event::LaidOut { .. } => Some(Voice::new(Sound::Flip, 0.6)),
            _ => None,
        }
    }

    fn controls_key(r: &KugelPlay) -> u64 {
        let phase = match r.game.phase {
            Phase::Throw { .. } => 1,
            Phase::Choose { .. } => 2,
            Phase::Over => 3,
        };
        let seat = |s: Option<Seat>| s.map_or(0, |s| s as u64 + 1);
        phase | seat(r.game.actor()) << 8 | (r.table.busy() as u64) << 16
    }
}

/// "3 × 4 = 12", "row of 5", "2 × 3 rectangle: 6": how a throw scored, as the table says it.
pub fn score_line(throw: Throw, scored: Scored, scoring: Scoring, layout: &BoxLayout) -> String {
    let (Some(red), Some(other)) = (throw.red, throw.other) else {
        return match (throw.red, throw.other) {
            (None, None) => "Both balls out: 0".into(),
            _ => format!("One ball in: {}", scored.score),
        };
    };
    if scoring == Scoring::SmartCalculators {
        let value = |c: u8| layout.values.get(c as usize - 1).copied().unwrap_or(0);
        let (a, b) = (value(red.1), value(other.1));
        let op = match layout.operators.get(red.1 as usize - 1) {
            Some(CalcOp::Add) => "+",
            Some(CalcOp::Sub) => "−",
            Some(CalcOp::Mul) => "×",
            None => "?",
        };
        // Subtraction counts the difference, whichever ball is larger.
        let (a, b) = if op == "−" {
            (a.max(b), a.min(b))
        } else {
            (a, b)
        };
        return format!("{a} {op} {b} = {}", scored.score);
    }
    let (dr, dc) = (red.0.abs_diff(other.0) + 1, red.1.abs_diff(other.1) + 1);
    if scored.row {
        format!("A row of {}: {}", dr.max(dc), scored.score)
    } else if scored.square {
        format!("A {dr} × {dc} square: {}", scored.score)
    } else {
        format!("A {dr} × {dc} rectangle: {}", scored.score)
    }
}

/// How a player left a Chikugo game, for the results.
pub fn finish_name(f: Finish) -> &'static str {
    match f {
        Finish::Chikugo => "threw Chikugo (25)",
        Finish::NoChip => "held no chip",
        Finish::LaidOut => "laid out every chip",
        Finish::Loser => "the loser",
    }
}

/// What the table is playing now, for the HUD: "Pick-up round", "Lay-out", …
pub fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::PickUp => "pick-up rounds",
        Stage::LayOut => "lay-out",
        Stage::TakeIt => "Take It",
        Stage::Practice => "practice",
    }
}

/// A line for the log.
pub fn describe(e: &Event) -> String {
    let s = |seat: &Seat| seat_name(*seat);
    match e {
        Event::Thrown {
            seat,
            throw,
            scored,
        } => {
            let ball = |h: Option<crate::rules::kugelbox::Hole>| {
                h.map_or("out".to_string(), |h| h.to_string())
            };
            format!(
                "{} throws red {}, white {}: {}",
                s(seat),
                ball(throw.red),
                ball(throw.other),
                scored.score
            )
        }
        Event::Nadir { seat, score } => format!("Nadir! {} falls to {score}", s(seat)),
        Event::Chikugo { seat, .. } => format!("Chikugo! {} throws 25 and wins", s(seat)),
        Event::PickedUp { seat, face, .. } => {
            format!(
                "{} is lowest and turns up a chip: {}",
                s(seat),
                face.label()
            )
        }
        Event::LayOutBegins => "The middle is empty: lay-out begins".into(),
        Event::LaidOut { seat, face, .. } => format!("{} lays out {}", s(seat), face.label()),
        Event::Turned { face, .. } => format!("A chip is turned up: {}", face.label()),
        Event::Took {
            seat, face, from, ..
        } => match from {
            Some(o) => format!("{} takes {} from {}", s(seat), face.label(), s(o)),
            None => format!("{} takes {} from the middle", s(seat), face.label()),
        },
        Event::NothingMet { seat } => format!("{}'s throw meets no chip", s(seat)),
        Event::Retired { seat, finish } => format!("{} is out: {}", s(seat), finish_name(*finish)),
        Event::GameOver(o) => match o.loser {
            Some(l) => format!("Game over: {} is the loser", s(&l)),
            None => {
                let w: Vec<String> = o.winners.iter().map(s).collect();
                format!("Game over: {} won", w.join(", "))
            }
        },
    }
}
