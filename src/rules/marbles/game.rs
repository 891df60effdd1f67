//! The MUGGINS! state machine: roll-off, turns, triples, placing and bluffing, challenges,
//! "no move" and "Muggins!" calls, the three end conditions and scoring; Solitaire and Dishes.
//!
//! Everything random enters as an action: a [`Action::Roll`] carries the dice, so physics, a
//! recorded game or the seeded [`MarblesGame::next_dice`] can supply it.
//!
//! After a placement (on levels with bluffing) or a "no move", a *window* is open until the next
//! player rolls: any opponent may challenge the placement, or call "Muggins!" on the no move.
//! The engine takes calls in the order they arrive; the referee submits simultaneous calls in
//! seat order after the passer, so the first of those that names a good number wins.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::score::{SeatScore, gain_at, score_mask};
use super::solve::{Expr, Ops, best_expressions, reachable, totals_of};
use super::variant::{MarblesMode, MarblesVariant};
use crate::rules::rng::splitmix;

/// A seat, 0-based.
pub type Seat = u8;

/// Something a player does.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The dice thrown by whoever rolls now, in the variant's die order.
    Roll([u8; 3]),
    /// Take the marble on this space (1-based) off the board: after triples, or as the penalty
    /// of a challenge. Whoever must choose does it.
    Remove(u8),
    /// Put the turn's marble on this space (1-based).
    Place(u8),
    /// Declare that no number can be made.
    NoMove,
    /// This seat challenges the placement just made.
    Challenge(Seat),
    /// This seat calls "Muggins!" on the "no move" just declared, naming a space.
    Muggins { seat: Seat, space: u8 },
    /// Let the open window pass without a challenge or call.
    Proceed,
}

/// Why the game ended.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    BoardFull,
    /// Three full rounds in a row without a marble placed on its owner's turn.
    ThreeIdleRounds,
    /// This seat has no marble left in its tray.
    TrayEmpty(Seat),
    /// Solitaire: the marbles ran out before the board was full.
    OutOfMarbles,
    /// Dishes: this seat could not make a new total.
    DoesTheDishes(Seat),
}

/// How the game came out.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub reason: EndReason,
    /// One per seat (levels; in Solitaire the one seat's marbles).
    pub scores: Vec<SeatScore>,
    /// The seats that share the win (Dishes: everyone but the loser; Solitaire: none).
    pub winners: Vec<Seat>,
    /// Solitaire: marbles set aside plus the spaces, when the board was filled (lower is
    /// better, the board size is perfect).
    pub solitaire_score: Option<u32>,
    /// Solitaire: spaces filled.
    pub filled: u32,
}

/// What happened, for the players to see.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    RollOff {
        seat: Seat,
        dice: [u8; 3],
        sum: u32,
    },
    RollOffTie {
        seats: Vec<Seat>,
    },
    FirstPlayer(Seat),
    Rolled {
        seat: Seat,
        dice: [u8; 3],
    },
    Triples {
        seat: Seat,
    },
    Removed {
        by: Seat,
        owner: Seat,
        space: u8,
    },
    Placed {
        seat: Seat,
        space: u8,
        reachable: bool,
    },
    NoMove {
        seat: Seat,
    },
    SetAside {
        total: u32,
    },
    /// The placement was a bluff: its marble is removed.
    ChallengeWon {
        challenger: Seat,
        bluffer: Seat,
        space: u8,
    },
    /// The placement was good; `expression` proves it.
    ChallengeLost {
        challenger: Seat,
        placer: Seat,
        space: u8,
        expression: String,
    },
    MugginsPlaced {
        seat: Seat,
        space: u8,
        expression: String,
    },
    MugginsRejected {
        seat: Seat,
        space: u8,
        reason: String,
    },
    DishesNumbers([u8; 3]),
    /// Dishes: the dice showed a repeat and are rolled again.
    DishesReroll([u8; 3]),
    Turn(Seat),
    GameOver(Box<Outcome>),
}

/// An action the rules refuse; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    /// The action does not fit the moment: what is expected instead.
    NotNow(String),
    BadDice(String),
    NoSuchSpace(u8),
    SpaceTaken(u8),
    NotReachable(u8),
    /// Solitaire: a number can be made, so no marble is set aside.
    MoveAvailable,
    NotAnOpponent(Seat),
    /// The space holds no marble that may be removed now.
    CannotRemove(u8),
    NoMarbles(Seat),
    /// Closing the open window ends the game: proceed instead of rolling.
    GameEnds,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver => write!(f, "the game is over"),
            RuleError::NotNow(what) => write!(f, "not now: {what}"),
            RuleError::BadDice(why) => write!(f, "bad dice: {why}"),
            RuleError::NoSuchSpace(s) => write!(f, "there is no space {s} on this board"),
            RuleError::SpaceTaken(s) => write!(f, "space {s} is taken"),
            RuleError::NotReachable(s) => write!(f, "{s} cannot be made from this roll"),
            RuleError::MoveAvailable => {
                write!(f, "a number can be made, so no marble is set aside")
            }
            RuleError::NotAnOpponent(s) => write!(f, "seat {s} is not an opponent here"),
            RuleError::CannotRemove(s) => write!(f, "the marble on {s} may not be removed"),
            RuleError::NoMarbles(s) => write!(f, "seat {s} has no marble left"),
            RuleError::GameEnds => {
                write!(
                    f,
                    "the game ends when this window closes: proceed, not roll"
                )
            }
        }
    }
}

impl std::error::Error for RuleError {}

/// Where the game stands: who must do what.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Everyone in `contenders` rolls, in order; `sums` holds those rolled so far.
    RollOff {
        contenders: Vec<Seat>,
        sums: Vec<u32>,
    },
    /// `seat` rolls for its turn.
    Roll {
        seat: Seat,
    },
    /// Dishes: `seat` rolls until the dice show three different numbers.
    DishesRoll {
        seat: Seat,
    },
    /// Triples: `seat` takes a marble from each of `from`, one at a time.
    Triples {
        seat: Seat,
        dice: [u8; 3],
        from: Vec<Seat>,
    },
    /// `seat` places a marble or declares no move.
    Place {
        seat: Seat,
        dice: [u8; 3],
    },
    /// After a challenge: `chooser` removes one marble of `victim`; then `next` rolls.
    Penalty {
        chooser: Seat,
        victim: Seat,
        next: Seat,
    },
    Over,
}

/// What may still be said about the last move, until the next roll.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    Placed {
        seat: Seat,
        space: u8,
        dice: [u8; 3],
        reachable: bool,
    },
    NoMove {
        seat: Seat,
        dice: [u8; 3],
    },
}

impl Window {
    /// The seat whose placement or "no move" the window is about.
    pub fn mover(self) -> Seat {
        match self {
            Window::Placed { seat, .. } | Window::NoMove { seat, .. } => seat,
        }
    }

    /// The dice of the move.
    pub fn dice(self) -> [u8; 3] {
        match self {
            Window::Placed { dice, .. } | Window::NoMove { dice, .. } => dice,
        }
    }
}

/// A game of MUGGINS!, Solitaire or Dishes.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct MarblesGame {
    pub variant: MarblesVariant,
    pub seats: u8,
    pub seed: u64,
    /// Each seat's marbles on the board, as bits: bit t set when the seat holds space t
    /// (1-based). See [`board`](Self::board) for the spaces one by one.
    pub marbles: Vec<u64>,
    pub trays: Vec<u8>,
    pub phase: Phase,
    pub window: Option<Window>,
    /// Turns in a row in which the player placed nothing.
    pub idle_turns: u32,
    /// Solitaire: marbles set aside.
    pub set_aside: u32,
    /// Dishes: the three numbers of the game.
    pub dishes: Option<[u8; 3]>,
    /// Rolls so far (each roll-off, turn and Dishes roll), which seeds the next one.
    pub rolls: u32,
    pub outcome: Option<Outcome>,
}

/// A table over every roll of values 0..=12, one per set of operations, built on first use.
fn roll_table<T: Send + Sync>(
    tables: &'static [OnceLock<Vec<T>>; 16],
    ops: Ops,
    build: impl Fn([u8; 3]) -> T,
) -> &'static [T] {
    tables[ops.bits() as usize].get_or_init(|| {
        let mut t = Vec::with_capacity(13 * 13 * 13);
        for a in 0..13u8 {
            for b in 0..13u8 {
                for c in 0..13u8 {
                    t.push(build([a, b, c]));
                }
            }
        }
        t
    })
}

fn roll_index(dice: [u8; 3]) -> usize {
    (dice[0].min(12) as usize * 13 + dice[1].min(12) as usize) * 13 + dice[2].min(12) as usize
}

/// The totals (up to 63) a roll makes.
fn cached_reachable(dice: [u8; 3], ops: Ops) -> u64 {
    static TABLES: [OnceLock<Vec<u64>>; 16] = [const { OnceLock::new() }; 16];
    roll_table(&TABLES, ops, |d| reachable(d, ops, 63))[roll_index(dice)]
}

/// The easiest expression for a total a roll makes (the one `expression_for` finds).
fn cached_expression(dice: [u8; 3], ops: Ops, total: u8) -> Option<Expr> {
    static TABLES: [OnceLock<Vec<[Option<Expr>; 64]>>; 16] = [const { OnceLock::new() }; 16];
    let best = &roll_table(&TABLES, ops, |d| best_expressions(d, ops))[roll_index(dice)];
    best.get(total as usize).copied().flatten()
}

impl MarblesGame {
    /// A new game for `seats` players. Levels and Dishes seat 2–4, Solitaire one.
    pub fn new(variant: MarblesVariant, seats: u8, seed: u64) -> Result<MarblesGame, String> {
        variant.validate()?;
        let range = match variant.mode {
            MarblesMode::Solitaire => 1..=1,
            _ => 2..=4,
        };
        if !range.contains(&seats) {
            return Err(format!(
                "{:?} is played by {}–{} players, not {seats}",
                variant.mode,
                range.start(),
                range.end()
            ));
        }
        let phase = match variant.mode {
            MarblesMode::Solitaire => Phase::Roll { seat: 0 },
            _ => Phase::RollOff {
                contenders: (0..seats).collect(),
                sums: Vec::new(),
            },
        };
        Ok(MarblesGame {
            marbles: vec![0; seats as usize],
            trays: vec![variant.marbles; seats as usize],
            variant,
            seats,
            seed,
            phase,
            window: None,
            idle_turns: 0,
            set_aside: 0,
            dishes: None,
            rolls: 0,
            outcome: None,
        })
    }

    /// The operations as a set.
    pub fn ops(&self) -> Ops {
        Ops::of(&self.variant.ops)
    }

    /// The seeded roll for the next [`Action::Roll`]: what the dice show if nobody throws them.
    pub fn next_dice(&self) -> [u8; 3] {
        let mut r = splitmix(self.seed ^ (self.rolls as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        // Each die takes 21 bits of the hash: (bits × sides) >> 21 is uniform enough.
        std::array::from_fn(|i| {
            let sides = self.variant.dice.get(i).map_or(6, |d| d.sides()) as u64;
            let face = (((r & 0x1F_FFFF) * sides) >> 21) as u8 + 1;
            r >>= 21;
            face
        })
    }

    /// The spaces of this board that `dice` can make, open or not, as bits (bit t for space t).
    pub fn makes(&self, dice: [u8; 3]) -> u64 {
        cached_reachable(dice, self.ops()) & self.spaces()
    }

    /// Every space of the board, as bits (bits 1..=board).
    pub fn spaces(&self) -> u64 {
        (1u64 << (self.variant.board as u32 + 1)) - 2
    }

    /// Who holds space `space` (1-based), if anyone.
    pub fn at(&self, space: u8) -> Option<Seat> {
        let bit = 1u64.checked_shl(space as u32)?;
        self.marbles
            .iter()
            .position(|m| m & bit != 0)
            .map(|s| s as Seat)
    }

    /// The board space by space: index i is space i + 1.
    pub fn board(&self) -> Vec<Option<Seat>> {
        (1..=self.variant.board).map(|s| self.at(s)).collect()
    }

    /// Puts `owner`'s marble on `space`, or empties it, without touching the trays: for setting
    /// up positions (puzzles, tests). Spaces off the board are ignored.
    pub fn set_space(&mut self, space: u8, owner: Option<Seat>) {
        let Ok(bit) = self.space_bit(space) else {
            return;
        };
        for m in &mut self.marbles {
            *m &= !bit;
        }
        if let Some(seat) = owner.filter(|s| *s < self.seats) {
            self.marbles[seat as usize] |= bit;
        }
    }

    /// The taken spaces, as bits (bit t for space t).
    pub fn taken(&self) -> u64 {
        self.marbles.iter().fold(0, |t, m| t | m)
    }

    /// The open spaces `dice` can make, as bits (bit t for space t).
    pub fn reachable_open(&self, dice: [u8; 3]) -> u64 {
        self.makes(dice) & !self.taken()
    }

    /// The seat expected to act now (roll, place, choose); `None` when the game is over.
    pub fn actor(&self) -> Option<Seat> {
        match &self.phase {
            Phase::RollOff { contenders, sums } => contenders.get(sums.len()).copied(),
            Phase::Roll { seat }
            | Phase::DishesRoll { seat }
            | Phase::Triples { seat, .. }
            | Phase::Place { seat, .. } => Some(*seat),
            Phase::Penalty { chooser, .. } => Some(*chooser),
            Phase::Over => None,
        }
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        (seat + 1) % self.seats
    }

    fn marbles_of(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        totals_of(self.marbles[seat as usize]).map(|s| s as u8)
    }

    fn has_marbles(&self, seat: Seat) -> bool {
        self.marbles[seat as usize] != 0
    }

    /// The bit of a space of this board.
    fn space_bit(&self, space: u8) -> Result<u64, RuleError> {
        if space == 0 || space > self.variant.board {
            return Err(RuleError::NoSuchSpace(space));
        }
        Ok(1 << space)
    }

    fn check_dice(&self, dice: [u8; 3]) -> Result<(), RuleError> {
        for (v, die) in dice.iter().zip(&self.variant.dice) {
            if *v == 0 || *v > die.sides() {
                return Err(RuleError::BadDice(format!(
                    "{v} is not a face of a d{}",
                    die.sides()
                )));
            }
        }
        Ok(())
    }

    /// The order in which the other seats may speak on the open window: each in table order
    /// after the seat that moved. Empty when no window is open.
    pub fn speaking_order(&self) -> Vec<Seat> {
        let Some(w) = self.window else {
            return Vec::new();
        };
        let mover = w.mover();
        (1..self.seats).map(|k| (mover + k) % self.seats).collect()
    }

    /// The spaces of `seat`'s marbles that lie in a scoring run (two or more in a row, around
    /// the ring on the full board), as bits.
    pub fn run_spaces(&self, seat: Seat) -> u64 {
        let n = self.variant.board as u32;
        let Some(mask) = self.marbles.get(seat as usize) else {
            return 0;
        };
        if !self.variant.runs_score {
            return 0;
        }
        super::score::runs_in(*mask, n, n == 36)
            .into_iter()
            .filter(|(_, len)| *len >= 2)
            .fold(0u64, |m, (first, len)| {
                (0..len).fold(m, |m, k| m | 1u64 << ((first - 1 + k) % n + 1))
            })
    }

    /// The seats whose marbles the actor may take off now (after triples, or the challenge's
    /// penalty); empty otherwise.
    pub fn removable_owners(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::Triples { from, .. } => from.clone(),
            Phase::Penalty { victim, .. } => vec![*victim],
            _ => Vec::new(),
        }
    }

    /// Whether a roll is legal now: not when closing the open window ends the game.
    pub fn may_roll(&self) -> bool {
        matches!(self.phase, Phase::RollOff { .. } | Phase::DishesRoll { .. })
            || matches!(self.phase, Phase::Roll { .. })
                && (self.window.is_none() || self.ends_now().is_none())
    }

    /// Whether the game would end if the open window closed now.
    fn ends_now(&self) -> Option<EndReason> {
        if self.taken() == self.spaces() {
            return Some(EndReason::BoardFull);
        }
        if self.variant.mode == MarblesMode::Levels {
            if let Some(seat) = self.trays.iter().position(|t| *t == 0) {
                return Some(EndReason::TrayEmpty(seat as Seat));
            }
            if self.idle_turns >= 3 * self.seats as u32 {
                return Some(EndReason::ThreeIdleRounds);
            }
        }
        if self.variant.mode == MarblesMode::Solitaire && self.trays[0] == 0 {
            return Some(EndReason::OutOfMarbles);
        }
        None
    }

    /// Closes the window; the turn passes to `next` unless the game ends.
    fn pass_turn(&mut self, next: Seat, events: &mut Vec<Event>) {
        self.window = None;
        match self.ends_now() {
            Some(reason) => self.finish(reason, events),
            None => {
                self.phase = Phase::Roll { seat: next };
                events.push(Event::Turn(next));
            }
        }
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        let scores = self.scores();
        let filled = self.taken().count_ones();
        let (winners, solitaire_score) = match (self.variant.mode, reason) {
            (MarblesMode::Solitaire, r) => (
                Vec::new(),
                (r == EndReason::BoardFull).then_some(self.set_aside + self.variant.board as u32),
            ),
            (MarblesMode::Dishes, EndReason::DoesTheDishes(loser)) => {
                ((0..self.seats).filter(|s| *s != loser).collect(), None)
            }
            _ => {
                let best = scores.iter().map(|s| s.total).max().unwrap_or(0);
                let w = (0..self.seats)
                    .filter(|s| scores[*s as usize].total == best)
                    .collect();
                (w, None)
            }
        };
        let outcome = Outcome {
            reason,
            scores,
            winners,
            solitaire_score,
            filled,
        };
        self.window = None;
        self.phase = Phase::Over;
        self.outcome = Some(outcome.clone());
        events.push(Event::GameOver(Box::new(outcome)));
    }

    /// Applies an action; on an error nothing changed.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// Applies an action, appending what happened to `events` (for callers that reuse one
    /// buffer); on an error nothing changed and nothing was appended.
    pub fn apply_into(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if matches!(self.phase, Phase::Over) {
            return Err(RuleError::GameOver);
        }
        let before = events.len();
        let done = match action {
            Action::Roll(dice) => self.roll(dice, events),
            Action::Remove(space) => self.remove(space, events),
            Action::Place(space) => self.place(space, events),
            Action::NoMove => self.no_move(events),
            Action::Challenge(seat) => self.challenge(seat, events),
            Action::Muggins { seat, space } => self.muggins(seat, space, events),
            Action::Proceed => match (&self.phase, self.window) {
                (Phase::Roll { seat }, Some(_)) => {
                    self.pass_turn(*seat, events);
                    Ok(())
                }
                _ => Err(RuleError::NotNow("there is no open window".into())),
            },
        };
        if done.is_err() {
            events.truncate(before);
        }
        done
    }

    fn roll(&mut self, dice: [u8; 3], events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.check_dice(dice)?;
        match self.phase {
            Phase::RollOff { .. } => {
                // Take the roll-off out to grow it; every path below sets the next phase.
                let Phase::RollOff {
                    contenders,
                    mut sums,
                } = std::mem::replace(&mut self.phase, Phase::Over)
                else {
                    return Err(RuleError::NotNow(self.expecting()));
                };
                let seat = contenders[sums.len()];
                let sum = dice.iter().map(|d| *d as u32).sum();
                self.rolls += 1;
                sums.push(sum);
                events.push(Event::RollOff { seat, dice, sum });
                if sums.len() < contenders.len() {
                    self.phase = Phase::RollOff { contenders, sums };
                    return Ok(());
                }
                let best = sums.iter().copied().max().unwrap_or(0);
                let tied: Vec<Seat> = contenders
                    .iter()
                    .zip(&sums)
                    .filter(|(_, s)| **s == best)
                    .map(|(c, _)| *c)
                    .collect();
                if tied.len() > 1 {
                    events.push(Event::RollOffTie {
                        seats: tied.clone(),
                    });
                    self.phase = Phase::RollOff {
                        contenders: tied,
                        sums: Vec::new(),
                    };
                } else {
                    let first = tied[0];
                    events.push(Event::FirstPlayer(first));
                    self.phase = match self.variant.mode {
                        MarblesMode::Dishes => Phase::DishesRoll { seat: first },
                        _ => Phase::Roll { seat: first },
                    };
                    events.push(Event::Turn(first));
                }
            }
            Phase::DishesRoll { seat } => {
                self.rolls += 1;
                if dice[0] != dice[1] && dice[1] != dice[2] && dice[0] != dice[2] {
                    self.dishes = Some(dice);
                    events.push(Event::DishesNumbers(dice));
                    self.phase = Phase::Place { seat, dice };
                } else {
                    events.push(Event::DishesReroll(dice));
                }
            }
            Phase::Roll { seat } => {
                if self.window.is_some() {
                    if self.ends_now().is_some() {
                        return Err(RuleError::GameEnds);
                    }
                    self.window = None;
                }
                self.rolls += 1;
                events.push(Event::Rolled { seat, dice });
                self.phase = Phase::Place { seat, dice };
                let triple = dice[0] == dice[1] && dice[1] == dice[2];
                if triple && self.variant.mode == MarblesMode::Levels {
                    events.push(Event::Triples { seat });
                    let from: Vec<Seat> = (0..self.seats)
                        .filter(|s| *s != seat && self.has_marbles(*s))
                        .collect();
                    if !from.is_empty() {
                        self.phase = Phase::Triples { seat, dice, from };
                    }
                }
            }
            _ => return Err(RuleError::NotNow(self.expecting())),
        }
        Ok(())
    }

    fn remove(&mut self, space: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let bit = self.space_bit(space)?;
        match self.phase.clone() {
            Phase::Triples {
                seat,
                dice,
                mut from,
            } => {
                let owner = self.at(space).ok_or(RuleError::CannotRemove(space))?;
                let k = from
                    .iter()
                    .position(|s| *s == owner)
                    .ok_or(RuleError::CannotRemove(space))?;
                from.remove(k);
                self.marbles[owner as usize] &= !bit;
                self.trays[owner as usize] += 1;
                events.push(Event::Removed {
                    by: seat,
                    owner,
                    space,
                });
                self.phase = if from.is_empty() {
                    Phase::Place { seat, dice }
                } else {
                    Phase::Triples { seat, dice, from }
                };
            }
            Phase::Penalty {
                chooser,
                victim,
                next,
            } => {
                if self.marbles[victim as usize] & bit == 0 {
                    return Err(RuleError::CannotRemove(space));
                }
                self.marbles[victim as usize] &= !bit;
                self.trays[victim as usize] += 1;
                events.push(Event::Removed {
                    by: chooser,
                    owner: victim,
                    space,
                });
                self.pass_turn(next, events);
            }
            _ => return Err(RuleError::NotNow(self.expecting())),
        }
        Ok(())
    }

    fn place(&mut self, space: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let Phase::Place { seat, dice } = self.phase else {
            return Err(RuleError::NotNow(self.expecting()));
        };
        let bit = self.space_bit(space)?;
        if self.taken() & bit != 0 {
            return Err(RuleError::SpaceTaken(space));
        }
        if self.trays[seat as usize] == 0 {
            return Err(RuleError::NoMarbles(seat));
        }
        // The space is open (checked above): whether the roll makes it is all that is left.
        let reachable = self.makes(dice) & bit != 0;
        let bluffing = self.variant.bluffing && self.variant.mode == MarblesMode::Levels;
        if !reachable && !bluffing {
            return Err(RuleError::NotReachable(space));
        }
        self.marbles[seat as usize] |= bit;
        self.trays[seat as usize] -= 1;
        self.idle_turns = 0;
        events.push(Event::Placed {
            seat,
            space,
            reachable,
        });
        let next = self.next_seat(seat);
        match self.variant.mode {
            MarblesMode::Dishes => {
                if self.taken() == self.spaces() {
                    // Nobody can make a new total: the next player is the first to fail.
                    self.finish(EndReason::DoesTheDishes(next), events);
                } else {
                    self.phase = Phase::Place { seat: next, dice };
                    events.push(Event::Turn(next));
                }
            }
            _ if bluffing && self.seats > 1 => {
                self.window = Some(Window::Placed {
                    seat,
                    space,
                    dice,
                    reachable,
                });
                self.phase = Phase::Roll { seat: next };
                events.push(Event::Turn(next));
            }
            _ => self.pass_turn(next, events),
        }
        Ok(())
    }

    fn no_move(&mut self, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let Phase::Place { seat, dice } = self.phase else {
            return Err(RuleError::NotNow(self.expecting()));
        };
        match self.variant.mode {
            MarblesMode::Solitaire => {
                if self.reachable_open(dice) != 0 {
                    return Err(RuleError::MoveAvailable);
                }
                self.trays[0] -= 1;
                self.set_aside += 1;
                events.push(Event::NoMove { seat });
                events.push(Event::SetAside {
                    total: self.set_aside,
                });
                self.pass_turn(0, events);
            }
            MarblesMode::Dishes => {
                events.push(Event::NoMove { seat });
                self.finish(EndReason::DoesTheDishes(seat), events);
            }
            MarblesMode::Levels => {
                self.idle_turns += 1;
                events.push(Event::NoMove { seat });
                let next = self.next_seat(seat);
                self.window = Some(Window::NoMove { seat, dice });
                self.phase = Phase::Roll { seat: next };
                events.push(Event::Turn(next));
            }
        }
        Ok(())
    }

    fn challenge(&mut self, by: Seat, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let (
            Phase::Roll { seat: next },
            Some(Window::Placed {
                seat,
                space,
                dice,
                reachable,
            }),
        ) = (&self.phase, self.window)
        else {
            return Err(RuleError::NotNow(
                "there is no placement to challenge".into(),
            ));
        };
        let next = *next;
        if by == seat || by >= self.seats {
            return Err(RuleError::NotAnOpponent(by));
        }
        self.window = None;
        if reachable {
            let expression = cached_expression(dice, self.ops(), space)
                .map(|e| e.to_string())
                .unwrap_or_default();
            events.push(Event::ChallengeLost {
                challenger: by,
                placer: seat,
                space,
                expression,
            });
            if self.has_marbles(by) {
                self.phase = Phase::Penalty {
                    chooser: seat,
                    victim: by,
                    next,
                };
                return Ok(());
            }
        } else {
            self.marbles[seat as usize] &= !(1 << space);
            self.trays[seat as usize] += 1;
            events.push(Event::ChallengeWon {
                challenger: by,
                bluffer: seat,
                space,
            });
            events.push(Event::Removed {
                by,
                owner: seat,
                space,
            });
            if self.has_marbles(seat) {
                self.phase = Phase::Penalty {
                    chooser: by,
                    victim: seat,
                    next,
                };
                return Ok(());
            }
        }
        self.pass_turn(next, events);
        Ok(())
    }

    fn muggins(&mut self, by: Seat, space: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let (Phase::Roll { seat: next }, Some(Window::NoMove { seat, dice })) =
            (&self.phase, self.window)
        else {
            return Err(RuleError::NotNow("nobody has just declared no move".into()));
        };
        let next = *next;
        if by == seat || by >= self.seats {
            return Err(RuleError::NotAnOpponent(by));
        }
        let bit = self.space_bit(space)?;
        let reason = if self.taken() & bit != 0 {
            Some(format!("{space} is taken"))
        } else if self.makes(dice) & bit == 0 {
            Some(format!("{space} cannot be made from {dice:?}"))
        } else if self.trays[by as usize] == 0 {
            Some("no marble left to place".to_string())
        } else {
            None
        };
        if let Some(reason) = reason {
            events.push(Event::MugginsRejected {
                seat: by,
                space,
                reason,
            });
            return Ok(());
        }
        let expression = cached_expression(dice, self.ops(), space)
            .map(|e| e.to_string())
            .unwrap_or_default();
        self.marbles[by as usize] |= bit;
        self.trays[by as usize] -= 1;
        events.push(Event::MugginsPlaced {
            seat: by,
            space,
            expression,
        });
        self.pass_turn(next, events);
        Ok(())
    }

    /// What the game waits for, in words.
    pub fn expecting(&self) -> String {
        match &self.phase {
            Phase::RollOff { .. } => "the roll for who goes first".into(),
            Phase::Roll { seat } => format!("seat {seat} to roll"),
            Phase::DishesRoll { seat } => format!("seat {seat} to roll the numbers of the game"),
            Phase::Triples { seat, .. } => {
                format!("seat {seat} to take a marble from each opponent")
            }
            Phase::Place { seat, .. } => {
                format!("seat {seat} to place a marble or declare no move")
            }
            Phase::Penalty {
                chooser, victim, ..
            } => {
                format!("seat {chooser} to remove a marble of seat {victim}")
            }
            Phase::Over => "nothing: the game is over".into(),
        }
    }

    /// Every legal action now, into `out` (cleared first). A roll is offered as the seeded
    /// [`next_dice`](Self::next_dice); any faces the dice can show are legal too. Calls of
    /// "Muggins!" are offered on every number the roll makes and on one it does not.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match &self.phase {
            Phase::Over => {}
            Phase::RollOff { .. } | Phase::DishesRoll { .. } => {
                out.push(Action::Roll(self.next_dice()));
            }
            Phase::Roll { .. } => {
                if self.may_roll() {
                    out.push(Action::Roll(self.next_dice()));
                }
                match self.window {
                    None => {}
                    Some(Window::Placed { seat, .. }) => {
                        out.push(Action::Proceed);
                        out.extend(
                            (0..self.seats)
                                .filter(|s| *s != seat)
                                .map(Action::Challenge),
                        );
                    }
                    Some(Window::NoMove { seat, dice }) => {
                        out.push(Action::Proceed);
                        let open = self.reachable_open(dice);
                        let wrong = totals_of(self.spaces() & !open).next().map(|s| s as u8);
                        for by in (0..self.seats).filter(|s| *s != seat) {
                            for space in totals_of(open) {
                                out.push(Action::Muggins {
                                    seat: by,
                                    space: space as u8,
                                });
                            }
                            if let Some(space) = wrong {
                                out.push(Action::Muggins { seat: by, space });
                            }
                        }
                    }
                }
            }
            Phase::Triples { from, .. } => {
                let theirs = from.iter().fold(0, |m, s| m | self.marbles[*s as usize]);
                out.extend(totals_of(theirs).map(|s| Action::Remove(s as u8)));
            }
            Phase::Penalty { victim, .. } => {
                out.extend(self.marbles_of(*victim).map(Action::Remove));
            }
            Phase::Place { seat, dice } => {
                let all_open = self.spaces() & !self.taken();
                let open = self.makes(*dice) & all_open;
                let bluffing = self.variant.bluffing && self.variant.mode == MarblesMode::Levels;
                if self.trays[*seat as usize] > 0 {
                    let places = if bluffing { all_open } else { open };
                    out.extend(totals_of(places).map(|s| Action::Place(s as u8)));
                }
                if self.variant.mode != MarblesMode::Solitaire || open == 0 {
                    out.push(Action::NoMove);
                }
            }
        }
    }

    /// Every legal action now (see [`legal_actions_into`](Self::legal_actions_into)).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// Scores as they stand now (final once the game is over).
    pub fn scores(&self) -> Vec<SeatScore> {
        self.marbles.iter().map(|m| self.score_of(*m)).collect()
    }

    /// What placing on `space` (open) adds to `seat`'s score.
    pub fn gain(&self, seat: Seat, space: u8) -> i32 {
        self.gain_of(self.marbles[seat as usize], space)
    }

    /// What a marble on `space` adds to the score of a seat holding the other spaces of `mask`.
    pub fn gain_of(&self, mask: u64, space: u8) -> i32 {
        let n = self.variant.board as u32;
        let mask = mask & !(1u64 << space);
        gain_at(mask, space as u32, n, n == 36, self.variant.runs_score)
    }

    /// What losing the marble on `space` costs `owner`.
    pub fn loss(&self, owner: Seat, space: u8) -> i32 {
        self.gain(owner, space)
    }

    /// The score of a seat holding the spaces of `mask` on this board (runs wrap on the full
    /// ring only).
    pub fn score_of(&self, mask: u64) -> SeatScore {
        let n = self.variant.board as u32;
        score_mask(mask, n, n == 36, self.variant.runs_score)
    }
}
