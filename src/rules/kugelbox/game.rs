//! The Kugelbox state machine: Chikugo (pick-up rounds, Nadir, the instant win at 25, lay-out,
//! retirements and the loser), Take It (turn a chip, take from the middle or exactly from another
//! player) and the practice mode of Smart Calculators.
//!
//! A throw's outcome enters as an action ([`Action::Throw`]), so physics, a recorded game or a
//! random model can supply it. The seed only shuffles the face-down chips. Chips are numbered by
//! their place in the variant's list; every chip is always in exactly one place: face down or face
//! up in the middle, in front of a player, laid out (back in the box lid) or set aside by a
//! Chikugo.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::throw::{CHIKUGO, Scored, Throw};
use super::variant::{Chip, KugelboxMode, KugelboxVariant};
use crate::rules::rng::SplitMix;

/// A seat, 0-based.
pub type Seat = u8;

/// Most seats at the box.
pub const MAX_SEATS: u8 = 6;

/// A set of chips, bit i for chip i of the variant's list.
pub type Chips = u16;

/// Something a player does.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Where the balls came to rest.
    Throw(Throw),
    /// Take this chip (Take It) or lay it out (Chikugo), as the throw allows.
    Chip(u8),
}

/// How a Chikugo player left the game.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Threw 25: won at once, chips set aside.
    Chikugo,
    /// Held no chip when lay-out began.
    NoChip,
    /// Laid out the last chip.
    LaidOut,
    /// The last player holding chips.
    Loser,
}

/// Which part of the game is being played.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Chikugo: rounds in which the lowest throw takes a chip.
    PickUp,
    /// Chikugo: throws lay chips out.
    LayOut,
    TakeIt,
    Practice,
}

/// Where the game stands: who must do what.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `seat` throws.
    Throw {
        seat: Seat,
    },
    /// `seat` picks one of the chips its throw meets (see [`KugelGame::choices`]).
    Choose {
        seat: Seat,
        scored: Scored,
    },
    Over,
}

/// What happened, for the players to see.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Thrown {
        seat: Seat,
        throw: Throw,
        scored: Scored,
    },
    /// Chikugo: this throw is the round's lowest so far.
    Nadir {
        seat: Seat,
        score: u32,
    },
    /// A throw of 25: the player wins at once; `aside` chips leave the game.
    Chikugo {
        seat: Seat,
        aside: Chips,
    },
    /// Chikugo: the round's lowest takes a chip from the middle and turns it up.
    PickedUp {
        seat: Seat,
        chip: u8,
        face: Chip,
    },
    LayOutBegins,
    LaidOut {
        seat: Seat,
        chip: u8,
        face: Chip,
    },
    /// Take It: a face-down chip in the middle is turned up.
    Turned {
        chip: u8,
        face: Chip,
    },
    /// Take It: a chip taken from the middle, or from another player.
    Took {
        seat: Seat,
        chip: u8,
        face: Chip,
        from: Option<Seat>,
    },
    /// The throw met no chip that could be taken or laid out.
    NothingMet {
        seat: Seat,
    },
    Retired {
        seat: Seat,
        finish: Finish,
    },
    GameOver(Outcome),
}

/// How the game came out.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Chikugo: everyone but the loser; Take It and practice: the highest points (ties share).
    pub winners: Vec<Seat>,
    /// Chikugo: the order in which players left the game, the loser last.
    pub order: Vec<(Seat, Finish)>,
    pub loser: Option<Seat>,
    /// Take It: chip points; practice: the sum of throw scores; Chikugo: chips held.
    pub points: Vec<u32>,
}

/// An action the rules refuse; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    NotNow(String),
    BadThrow(String),
    /// Not one of the chips this throw allows.
    NotAChoice(u8),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver => write!(f, "the game is over"),
            RuleError::NotNow(what) => write!(f, "not now: {what}"),
            RuleError::BadThrow(why) => write!(f, "bad throw: {why}"),
            RuleError::NotAChoice(c) => write!(f, "chip {c} is not one this throw may take"),
        }
    }
}

impl std::error::Error for RuleError {}

/// A game of Chikugo, Take It or Smart Calculators practice.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct KugelGame {
    pub variant: KugelboxVariant,
    pub seats: u8,
    pub seed: u64,
    pub stage: Stage,
    pub phase: Phase,
    /// Face-down chips in the middle; the next one turned is the last.
    pub down: Vec<u8>,
    /// Face-up chips in the middle.
    pub up: Chips,
    /// Chips in front of each seat (face up).
    pub held: Vec<Chips>,
    /// Chikugo: chips laid out into the box lid.
    pub laid_out: Chips,
    /// Chikugo: chips of players who threw 25, out of the game.
    pub aside: Chips,
    /// Chikugo: players still in the game.
    pub active: Vec<bool>,
    /// Chikugo: who left and how, in order.
    pub finished: Vec<(Seat, Finish)>,
    /// Chikugo: who threw first this round, who is still to throw, and the lowest so far.
    pub round_first: Seat,
    pub round_left: Vec<Seat>,
    pub lowest: Option<(Seat, u32)>,
    /// Practice: each seat's throws so far and their total.
    pub throws: Vec<u32>,
    pub totals: Vec<u32>,
    pub outcome: Option<Outcome>,
}

impl KugelGame {
    /// A new game for `seats` players: 2–6 for Chikugo and Take It, 1–6 for practice.
    pub fn new(variant: KugelboxVariant, seats: u8, seed: u64) -> Result<KugelGame, String> {
        variant.validate()?;
        let min = if variant.mode == KugelboxMode::Practice {
            1
        } else {
            2
        };
        if !(min..=MAX_SEATS).contains(&seats) {
            return Err(format!(
                "{:?} is played by {min}–{MAX_SEATS} players, not {seats}",
                variant.mode
            ));
        }
        if variant.chips.len() > Chips::BITS as usize {
            return Err(format!("at most {} chips", Chips::BITS));
        }
        let mut down: Vec<u8> = (0..variant.chips.len() as u8).collect();
        let mut rng = SplitMix::new(seed, 0xC41);
        for i in (1..down.len()).rev() {
            down.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let stage = match variant.mode {
            KugelboxMode::Chikugo => Stage::PickUp,
            KugelboxMode::TakeIt => Stage::TakeIt,
            KugelboxMode::Practice => Stage::Practice,
        };
        let n = seats as usize;
        Ok(KugelGame {
            variant,
            seats,
            seed,
            stage,
            phase: Phase::Throw { seat: 0 },
            down,
            up: 0,
            held: vec![0; n],
            laid_out: 0,
            aside: 0,
            active: vec![true; n],
            finished: Vec::new(),
            round_first: 0,
            round_left: if stage == Stage::PickUp {
                (1..seats).collect()
            } else {
                Vec::new()
            },
            lowest: None,
            throws: vec![0; n],
            totals: vec![0; n],
            outcome: None,
        })
    }

    /// A chip's face.
    pub fn face(&self, chip: u8) -> Chip {
        self.variant.chips[chip as usize]
    }

    /// Every chip of the game, as bits.
    pub fn all_chips(&self) -> Chips {
        ((1u32 << self.variant.chips.len()) - 1) as Chips
    }

    /// Face-down chips in the middle, as bits.
    pub fn down_mask(&self) -> Chips {
        self.down.iter().fold(0, |m, c| m | 1 << c)
    }

    /// The chips of a set, lowest first.
    pub fn chips_of(mask: Chips) -> impl Iterator<Item = u8> {
        (0..Chips::BITS as u8).filter(move |i| mask & 1 << i != 0)
    }

    /// The seat expected to act now.
    pub fn actor(&self) -> Option<Seat> {
        match self.phase {
            Phase::Throw { seat } | Phase::Choose { seat, .. } => Some(seat),
            Phase::Over => None,
        }
    }

    /// The chips `seat` may pick after a throw that scored `s`, each with the player it comes
    /// from (`None`: the middle, or the seat's own in lay-out).
    pub fn choices(&self, seat: Seat, s: Scored) -> Vec<(u8, Option<Seat>)> {
        match self.stage {
            Stage::LayOut => Self::chips_of(self.held[seat as usize])
                .filter(|c| self.face(*c).met_by(s))
                .map(|c| (c, None))
                .collect(),
            Stage::TakeIt => {
                let middle: Vec<_> = Self::chips_of(self.up)
                    .filter(|c| self.face(*c).met_by(s))
                    .map(|c| (c, None))
                    .collect();
                if !middle.is_empty() {
                    return middle;
                }
                (0..self.seats)
                    .filter(|o| *o != seat)
                    .flat_map(|o| {
                        Self::chips_of(self.held[o as usize])
                            .filter(|c| self.face(*c).met_exactly_by(s))
                            .map(move |c| (c, Some(o)))
                    })
                    .collect()
            }
            Stage::PickUp | Stage::Practice => Vec::new(),
        }
    }

    /// Applies an action; on an error nothing changed.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        match action {
            Action::Throw(t) => self.throw(t, &mut events)?,
            Action::Chip(c) => self.pick(c, &mut events)?,
        }
        Ok(events)
    }

    fn throw(&mut self, t: Throw, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = match self.phase {
            Phase::Throw { seat } => seat,
            Phase::Choose { .. } => {
                return Err(RuleError::NotNow("choose a chip the throw meets".into()));
            }
            Phase::Over => return Err(RuleError::GameOver),
        };
        t.check(&self.variant.layout).map_err(RuleError::BadThrow)?;
        let scored = t.score(self.variant.scoring, &self.variant.layout);
        events.push(Event::Thrown {
            seat,
            throw: t,
            scored,
        });
        match self.stage {
            Stage::PickUp => self.pick_up_throw(seat, scored, events),
            Stage::LayOut => {
                if scored.score == CHIKUGO {
                    self.chikugo(seat, events);
                    self.next_lay_out(seat, events);
                } else {
                    self.offer(seat, scored, events);
                }
            }
            Stage::TakeIt => {
                if let Some(chip) = self.down.pop() {
                    self.up |= 1 << chip;
                    events.push(Event::Turned {
                        chip,
                        face: self.face(chip),
                    });
                }
                self.offer(seat, scored, events);
            }
            Stage::Practice => {
                self.throws[seat as usize] += 1;
                self.totals[seat as usize] += scored.score;
                let next = (seat + 1) % self.seats;
                if self.throws[next as usize] >= self.variant.practice_throws as u32 {
                    self.finish(events);
                } else {
                    self.phase = Phase::Throw { seat: next };
                }
            }
        }
        Ok(())
    }

    /// Take It and lay-out: let the thrower choose among the chips the throw meets, or move on.
    fn offer(&mut self, seat: Seat, scored: Scored, events: &mut Vec<Event>) {
        if self.choices(seat, scored).is_empty() {
            events.push(Event::NothingMet { seat });
            self.after_turn(seat, events);
        } else {
            self.phase = Phase::Choose { seat, scored };
        }
    }

    fn after_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        match self.stage {
            Stage::TakeIt => {
                if self.down.is_empty() && self.up == 0 {
                    self.finish(events);
                } else {
                    self.phase = Phase::Throw {
                        seat: (seat + 1) % self.seats,
                    };
                }
            }
            _ => self.next_lay_out(seat, events),
        }
    }

    fn pick(&mut self, chip: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let (seat, scored) = match self.phase {
            Phase::Choose { seat, scored } => (seat, scored),
            Phase::Throw { .. } => return Err(RuleError::NotNow("throw first".into())),
            Phase::Over => return Err(RuleError::GameOver),
        };
        let Some((_, from)) = self
            .choices(seat, scored)
            .into_iter()
            .find(|(c, _)| *c == chip)
        else {
            return Err(RuleError::NotAChoice(chip));
        };
        let bit = 1 << chip;
        let face = self.face(chip);
        if self.stage == Stage::LayOut {
            self.held[seat as usize] &= !bit;
            self.laid_out |= bit;
            events.push(Event::LaidOut { seat, chip, face });
            if self.held[seat as usize] == 0 {
                self.retire(seat, Finish::LaidOut, events);
            }
        } else {
            match from {
                None => self.up &= !bit,
                Some(o) => self.held[o as usize] &= !bit,
            }
            self.held[seat as usize] |= bit;
            events.push(Event::Took {
                seat,
                chip,
                face,
                from,
            });
        }
        self.after_turn(seat, events);
        Ok(())
    }

    fn retire(&mut self, seat: Seat, finish: Finish, events: &mut Vec<Event>) {
        self.active[seat as usize] = false;
        self.finished.push((seat, finish));
        events.push(Event::Retired { seat, finish });
    }

    /// A throw of 25 in Chikugo: the player wins at once; their chips leave the game.
    fn chikugo(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let aside = self.held[seat as usize];
        self.aside |= aside;
        self.held[seat as usize] = 0;
        events.push(Event::Chikugo { seat, aside });
        self.retire(seat, Finish::Chikugo, events);
    }

    fn active_count(&self) -> usize {
        self.active.iter().filter(|a| **a).count()
    }

    /// The active seats in seat order, starting at `from` (inclusive).
    fn active_from(&self, from: Seat) -> Vec<Seat> {
        (0..self.seats)
            .map(|i| (from + i) % self.seats)
            .filter(|s| self.active[*s as usize])
            .collect()
    }

    fn pick_up_throw(&mut self, seat: Seat, scored: Scored, events: &mut Vec<Event>) {
        if scored.score == CHIKUGO {
            self.chikugo(seat, events);
        } else if self.lowest.is_none_or(|(_, low)| scored.score <= low) {
            // Not at least one more than the lowest so far: the new lowest, "Nadir".
            self.lowest = Some((seat, scored.score));
            events.push(Event::Nadir {
                seat,
                score: scored.score,
            });
        }
        if self.active_count() <= 1 {
            self.finish(events);
            return;
        }
        self.round_left.retain(|s| self.active[*s as usize]);
        if let Some(&next) = self.round_left.first() {
            self.round_left.remove(0);
            self.phase = Phase::Throw { seat: next };
            return;
        }
        // The round is over: the lowest takes a chip and turns it up.
        if let Some((low, _)) = self.lowest.take()
            && self.active[low as usize]
            && let Some(chip) = self.down.pop()
        {
            self.held[low as usize] |= 1 << chip;
            events.push(Event::PickedUp {
                seat: low,
                chip,
                face: self.face(chip),
            });
        }
        if self.down.is_empty() {
            self.begin_lay_out(events);
        } else {
            // Each round starts one seat further on.
            let order = self.active_from((self.round_first + 1) % self.seats);
            self.round_first = order[0];
            self.round_left = order[1..].to_vec();
            self.phase = Phase::Throw {
                seat: self.round_first,
            };
        }
    }

    fn begin_lay_out(&mut self, events: &mut Vec<Event>) {
        self.stage = Stage::LayOut;
        events.push(Event::LayOutBegins);
        for seat in 0..self.seats {
            if self.active[seat as usize] && self.held[seat as usize] == 0 {
                self.retire(seat, Finish::NoChip, events);
            }
        }
        // Lay-out starts with the player after the last round's first thrower.
        self.next_lay_out(self.round_first, events);
    }

    /// The next lay-out throw after `seat`, unless only the loser is left.
    fn next_lay_out(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.active_count() <= 1 {
            self.finish(events);
            return;
        }
        let next = self.active_from((seat + 1) % self.seats)[0];
        self.phase = Phase::Throw { seat: next };
    }

    /// Points per seat as they stand: chip points (Take It), throw totals (practice), chips held
    /// (Chikugo).
    pub fn points(&self) -> Vec<u32> {
        (0..self.seats as usize)
            .map(|s| match self.stage {
                Stage::Practice => self.totals[s],
                Stage::TakeIt => Self::chips_of(self.held[s])
                    .map(|c| self.face(c).points())
                    .sum(),
                Stage::PickUp | Stage::LayOut => self.held[s].count_ones(),
            })
            .collect()
    }

    fn finish(&mut self, events: &mut Vec<Event>) {
        let points = self.points();
        let (winners, loser) = match self.stage {
            Stage::PickUp | Stage::LayOut => {
                let loser = (0..self.seats).find(|s| self.active[*s as usize]);
                if let Some(l) = loser {
                    self.retire(l, Finish::Loser, events);
                }
                (
                    (0..self.seats).filter(|s| Some(*s) != loser).collect(),
                    loser,
                )
            }
            Stage::TakeIt | Stage::Practice => {
                let best = points.iter().copied().max().unwrap_or(0);
                (
                    (0..self.seats)
                        .filter(|s| points[*s as usize] == best)
                        .collect(),
                    None,
                )
            }
        };
        let outcome = Outcome {
            winners,
            order: self.finished.clone(),
            loser,
            points,
        };
        self.phase = Phase::Over;
        self.outcome = Some(outcome.clone());
        events.push(Event::GameOver(outcome));
    }

    /// Every legal action now. A throw can land anywhere, so throws are not listed: in
    /// [`Phase::Throw`] this is empty and any [`Action::Throw`] in the box is legal.
    pub fn chip_choices(&self) -> Vec<Action> {
        match self.phase {
            Phase::Choose { seat, scored } => self
                .choices(seat, scored)
                .into_iter()
                .map(|(c, _)| Action::Chip(c))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// What the game waits for, in words.
    pub fn expecting(&self) -> String {
        match self.phase {
            Phase::Throw { seat } => format!("seat {seat} to throw"),
            Phase::Choose { seat, .. } if self.stage == Stage::LayOut => {
                format!("seat {seat} to lay out a chip the throw meets")
            }
            Phase::Choose { seat, .. } => format!("seat {seat} to take a chip the throw meets"),
            Phase::Over => "nothing: the game is over".into(),
        }
    }
}
