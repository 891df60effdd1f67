//! MUGGINS! players. Everything on the board is public, so a player reads the game itself.
//!
//! - Normal is greedy on its own immediate points: the open number this roll makes that adds most
//!   to its marbles and runs. It challenges a placement it can prove is a bluff half the time (a
//!   challenge scores nothing now) and calls "Muggins!" on a wrong "no move".
//! - Hard weighs each number by what it adds to its own score, less the best reply it leaves the
//!   next player and plus the best it can hope for on its own next roll, both averaged over every
//!   roll the dice can show: a number the opponent's runs need and the dice make often is worth
//!   taking away; one the dice seldom make matters less. It always challenges a bluff it can
//!   prove.
//! - Expert ranks the numbers as Hard does, then plays the game out to its end from each of the
//!   best of them, a thousand games shared by sequential halving, and places where it wins most:
//!   what a run is worth late in the game, when the board fills and who is ahead all come out of
//!   the play-outs. On triples it takes the marbles that cost an opponent most; it bluffs only
//!   when what the bluff is worth outweighs a likely challenge.
//! - Easy overlooks about a third of the numbers (so it sometimes says "no move" wrongly, and a
//!   human can call "Muggins!"), and misses challenges and calls half the time.

use super::Difficulty;
use crate::rules::marbles::solve::totals_of;
use crate::rules::marbles::{Action, Event, MarblesGame, MarblesMode, Phase, Seat, Window};
use crate::rules::rng::SplitMix;

/// How much Expert counts its own best gain on its next roll.
const FORESIGHT: f64 = 1.0;
/// How many of its best-looking numbers Expert plays out to the end of the game.
const SHORTLIST: usize = 16;
/// How many games Expert plays out in all, shared among them.
const PLAYOUTS: u32 = 1000;
/// What a point of final margin is worth next to a won game, in a play-out.
const MARGIN_WEIGHT: f64 = 0.01;

/// A MUGGINS! player at a level.
#[derive(Clone, Debug)]
pub struct MarblesAi {
    pub level: Difficulty,
    rng: SplitMix,
    /// Games Expert plays out a decision.
    playouts: u32,
}

/// What taking `space` adds to `seat`'s score.
fn gain(game: &MarblesGame, seat: Seat, space: u8) -> i64 {
    game.gain(seat, space) as i64
}

/// What losing the marble on `space` costs its owner.
fn loss(game: &MarblesGame, owner: Seat, space: u8) -> i64 {
    game.loss(owner, space) as i64
}

impl MarblesAi {
    pub fn new(level: Difficulty, seed: u64) -> MarblesAi {
        MarblesAi {
            level,
            rng: SplitMix::new(seed, 0x3A2B),
            playouts: PLAYOUTS,
        }
    }

    /// The same player playing out `n` games a decision (Expert), for tests that need many
    /// games quickly.
    pub fn with_playouts(mut self, n: u32) -> MarblesAi {
        self.playouts = n.max(1);
        self
    }

    fn misses(&mut self) -> bool {
        self.level == Difficulty::Easy && self.rng.below(2) == 0
    }

    /// Whether it challenges a placement it can prove is a bluff: Hard and Expert always,
    /// Normal half the time (a challenge scores nothing now), Easy one time in four.
    fn challenges(&mut self) -> bool {
        match self.level {
            Difficulty::Easy => self.rng.below(4) == 0,
            Difficulty::Normal => self.rng.below(2) == 0,
            Difficulty::Hard | Difficulty::Expert => true,
        }
    }

    /// What `seat` says about the open window, if anything: a challenge of a placement it can
    /// prove is a bluff, or "Muggins!" on a "no move" when a number could be made.
    pub fn on_window(&mut self, game: &MarblesGame, seat: Seat) -> Option<Action> {
        if !matches!(game.phase, Phase::Roll { .. }) {
            return None;
        }
        match game.window? {
            Window::Placed {
                seat: placer,
                space,
                dice,
                ..
            } if placer != seat => {
                let proven = game.makes(dice) & 1 << space == 0;
                (proven && self.challenges()).then_some(Action::Challenge(seat))
            }
            Window::NoMove {
                seat: passer, dice, ..
            } if passer != seat && game.trays[seat as usize] > 0 => {
                let open = game.reachable_open(dice);
                if open == 0 || self.misses() {
                    return None;
                }
                let space = self.best_space(game, seat, open)?;
                Some(Action::Muggins { seat, space })
            }
            _ => None,
        }
    }

    /// The action of the seat whose turn it is (`None` when it is not `seat`'s to take).
    pub fn on_turn(&mut self, game: &MarblesGame, seat: Seat) -> Option<Action> {
        if game.actor() != Some(seat) {
            return None;
        }
        match &game.phase {
            Phase::Over => None,
            Phase::RollOff { .. } | Phase::DishesRoll { .. } => {
                Some(Action::Roll(game.next_dice()))
            }
            Phase::Roll { .. } => Some(if game.may_roll() {
                Action::Roll(game.next_dice())
            } else {
                Action::Proceed
            }),
            Phase::Place { dice, .. } => {
                let mut open = game.reachable_open(*dice);
                // Solitaire has no "no move" while a number can be made: nothing to overlook.
                let solitaire = game.variant.mode == MarblesMode::Solitaire;
                if self.level == Difficulty::Easy && !solitaire {
                    // Overlooks about a third of the numbers it could make.
                    for s in totals_of(open).collect::<Vec<_>>() {
                        if self.rng.below(3) == 0 {
                            open &= !(1u64 << s);
                        }
                    }
                }
                if game.trays[seat as usize] == 0 {
                    return Some(Action::NoMove);
                }
                let honest = if open == 0 {
                    None
                } else {
                    self.best_space(game, seat, open)
                };
                if let Some(bluff) = self.bluff(game, seat, honest) {
                    return Some(Action::Place(bluff));
                }
                Some(honest.map_or(Action::NoMove, Action::Place))
            }
            Phase::Triples { from, .. } => {
                let theirs: Vec<(Seat, u8)> = from
                    .iter()
                    .flat_map(|o| totals_of(game.marbles[*o as usize]).map(move |s| (*o, s as u8)))
                    .collect();
                self.cost_most(game, &theirs)
            }
            Phase::Penalty { victim, .. } => {
                let theirs: Vec<(Seat, u8)> = totals_of(game.marbles[*victim as usize])
                    .map(|s| (*victim, s as u8))
                    .collect();
                self.cost_most(game, &theirs)
            }
        }
    }

    /// Expert's bluff: a number the roll does not make, placed when what it is worth if nobody
    /// challenges, against what a challenge costs (the marble and the dearest other one), beats
    /// the honest move. It reckons on being challenged three times in four.
    fn bluff(&mut self, game: &MarblesGame, seat: Seat, honest: Option<u8>) -> Option<u8> {
        if self.level != Difficulty::Expert
            || !game.variant.bluffing
            || game.variant.mode != MarblesMode::Levels
            || game.seats < 2
        {
            return None;
        }
        const P_CHALLENGE: f64 = 0.75;
        let all_open = game.spaces() & !game.taken();
        let mine = game.marbles[seat as usize];
        let dearest = totals_of(mine)
            .map(|s| loss(game, seat, s as u8))
            .max()
            .unwrap_or(0) as f64;
        let honest_value = honest.map_or(0, |s| gain(game, seat, s)) as f64;
        let (value, space) = totals_of(all_open)
            .map(|s| (gain(game, seat, s as u8), s as u8))
            .max()?;
        let expect = (1.0 - P_CHALLENGE) * value as f64 - P_CHALLENGE * dearest;
        (Some(space) != honest && expect > honest_value + 1.0).then_some(space)
    }

    /// Takes off the marble whose loss costs its owner most (Easy: any).
    fn cost_most(&mut self, game: &MarblesGame, marbles: &[(Seat, u8)]) -> Option<Action> {
        if marbles.is_empty() {
            return None;
        }
        if self.level == Difficulty::Easy {
            let (_, s) = marbles[self.rng.below(marbles.len() as u32) as usize];
            return Some(Action::Remove(s));
        }
        marbles
            .iter()
            .max_by_key(|(o, s)| (loss(game, *o, *s), *s))
            .map(|(_, s)| Action::Remove(*s))
    }

    /// The best of the `open` spaces (bits) for `seat` at this level.
    fn best_space(&mut self, game: &MarblesGame, seat: Seat, open: u64) -> Option<u8> {
        // Hard and Expert: what each opponent would gain from each open space, and every roll
        // the dice can show, to weigh a choice by the best reply it leaves the next player on
        // average.
        let looks_ahead =
            matches!(self.level, Difficulty::Hard | Difficulty::Expert) && game.seats > 1;
        let expert = looks_ahead.then(|| {
            let all_open = game.spaces() & !game.taken();
            let theirs: Vec<[i64; 64]> = (0..game.seats)
                .filter(|o| *o != seat)
                .map(|o| {
                    let mut g = [0i64; 64];
                    for t in totals_of(all_open) {
                        g[t as usize] = gain(game, o, t as u8);
                    }
                    g
                })
                .collect();
            (theirs, rolls_of(game), all_open)
        });
        let mut ranked: Vec<(f64, u8)> = Vec::new();
        for s in totals_of(open) {
            let space = s as u8;
            let mut v = gain(game, seat, space) as f64;
            if let Some((theirs, rolls, all_open)) = &expert {
                let left = all_open & !(1u64 << s);
                // Each opponent's best reply, averaged over the rolls and over the opponents.
                let reply: f64 = theirs.iter().map(|g| mean_best(rolls, left, g)).sum();
                v -= reply / theirs.len().max(1) as f64;
                // And the best it can then hope for on its own next roll.
                let mine = game.marbles[seat as usize] | 1u64 << s;
                let mut next = [0i64; 64];
                for t in totals_of(left) {
                    next[t as usize] = game.gain_of(mine, t as u8) as i64;
                }
                let hope = mean_best(rolls, left, &next);
                v += FORESIGHT * hope;
            }
            // Small seeded noise breaks ties.
            v += self.rng.below(1000) as f64 * 1e-6;
            ranked.push((v, space));
        }
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        let playing_out = self.level == Difficulty::Expert
            && game.seats > 1
            && game.variant.mode == MarblesMode::Levels
            && ranked.len() > 1;
        if playing_out {
            ranked.truncate(SHORTLIST);
            return Some(self.play_out(game, seat, &ranked));
        }
        ranked.first().map(|(_, s)| *s)
    }

    /// Expert's final say among its best-looking numbers: it plays the game out from each, every
    /// seat then greedy, and keeps the number that wins most (its margin breaks ties). The
    /// play-outs are shared by sequential halving (Karnin, Koren & Somekh 2013): [`PLAYOUTS`] in
    /// all (unless [`with_playouts`](Self::with_playouts) says otherwise), in rounds that each drop the worse half. Every number is played out against the same
    /// dice, so the numbers are compared on equal luck.
    fn play_out(&mut self, game: &MarblesGame, seat: Seat, shortlist: &[(f64, u8)]) -> u8 {
        let dice_seed = self.rng.next_u64();
        let mut events = Vec::new();
        // (space, summed worth), all over the same play-outs 0..done.
        let mut alive: Vec<(u8, f64)> = shortlist.iter().map(|(_, s)| (*s, 0.0)).collect();
        let rounds = alive.len().next_power_of_two().trailing_zeros().max(1) as usize;
        let budget = self.playouts as usize;
        let mut done = 0u64;
        while alive.len() > 1 {
            let each = (budget / (alive.len() * rounds)).max(1) as u64;
            for (space, sum) in alive.iter_mut() {
                for k in done..done + each {
                    let mut g = game.clone();
                    if g.apply_into(Action::Place(*space), &mut events).is_err() {
                        *sum = f64::MIN;
                        break;
                    }
                    play_greedy(&mut g, &mut SplitMix::new(dice_seed, k), &mut events);
                    *sum += worth(&g, seat);
                }
            }
            done += each;
            // Stable: among equals the one ranked better beforehand stays first.
            alive.sort_by(|a, b| b.1.total_cmp(&a.1));
            alive.truncate(alive.len().div_ceil(2));
        }
        alive[0].0
    }
}

/// What the end of `game` is worth to `seat`: its share of the win, plus a little for its margin
/// over the best other seat.
fn worth(game: &MarblesGame, seat: Seat) -> f64 {
    let Some(outcome) = &game.outcome else {
        return 0.0;
    };
    let share = if outcome.winners.contains(&seat) {
        1.0 / outcome.winners.len() as f64
    } else {
        0.0
    };
    let mine = outcome.scores[seat as usize].total as f64;
    let best_other = (0..game.seats)
        .filter(|s| *s != seat)
        .map(|s| outcome.scores[s as usize].total)
        .max()
        .unwrap_or(0) as f64;
    share + MARGIN_WEIGHT * (mine - best_other)
}

/// Plays `game` to its end with every seat greedy on its own immediate points (taking off the
/// marbles that cost their owners most) and the dice drawn from `rng`.
fn play_greedy(game: &mut MarblesGame, rng: &mut SplitMix, events: &mut Vec<Event>) {
    let mut sides = [6u32; 3];
    for (s, d) in sides.iter_mut().zip(&game.variant.dice) {
        *s = d.sides() as u32;
    }
    for _ in 0..100_000 {
        events.clear();
        let dearest = |g: &MarblesGame, owners: &[Seat]| {
            owners
                .iter()
                .flat_map(|o| totals_of(g.marbles[*o as usize]).map(move |s| (*o, s as u8)))
                .max_by_key(|(o, s)| (g.loss(*o, *s), *s))
                .map(|(_, s)| s)
        };
        let action = match &game.phase {
            Phase::Over => return,
            Phase::Roll { .. } | Phase::RollOff { .. } | Phase::DishesRoll { .. } => {
                if game.may_roll() {
                    let mut d = [0u8; 3];
                    for (die, s) in d.iter_mut().zip(&sides) {
                        *die = rng.below(*s) as u8 + 1;
                    }
                    Action::Roll(d)
                } else {
                    Action::Proceed
                }
            }
            Phase::Place { seat, dice } => {
                let open = game.reachable_open(*dice);
                totals_of(open)
                    .filter(|_| game.trays[*seat as usize] > 0)
                    .max_by_key(|s| (game.gain(*seat, *s as u8), *s))
                    .map_or(Action::NoMove, |s| Action::Place(s as u8))
            }
            Phase::Triples { from, .. } => match dearest(game, from) {
                Some(s) => Action::Remove(s),
                None => return,
            },
            Phase::Penalty { victim, .. } => match dearest(game, &[*victim]) {
                Some(s) => Action::Remove(s),
                None => return,
            },
        };
        if game.apply_into(action, events).is_err() {
            return;
        }
    }
}

/// The best of `gains` over the `open` spaces each roll makes, averaged over the rolls.
fn mean_best(rolls: &[u64], open: u64, gains: &[i64; 64]) -> f64 {
    let mut sum = 0i64;
    for makes in rolls {
        let mut m = makes & open;
        let mut best = 0;
        while m != 0 {
            best = best.max(gains[m.trailing_zeros() as usize]);
            m &= m - 1;
        }
        sum += best;
    }
    sum as f64 / rolls.len().max(1) as f64
}

/// Asks AI seats for a game's next action, as the referee of a table would: on an open window the
/// opponents of the player who moved speak first, in seat order after that player, each once per
/// window; then the seat whose turn it is acts.
#[derive(Clone, Debug, Default)]
pub struct Referee {
    spoke: Vec<bool>,
    window: Option<Window>,
}

impl Referee {
    /// The next action and the seat that took it (`None` when the game is over).
    pub fn next(&mut self, game: &MarblesGame, ais: &mut [MarblesAi]) -> Option<(Seat, Action)> {
        if matches!(game.phase, Phase::Over) {
            return None;
        }
        if self.spoke.len() != game.seats as usize || game.window != self.window {
            self.window = game.window;
            self.spoke = vec![false; game.seats as usize];
        }
        if let Some(w) = game.window {
            let mover = match w {
                Window::Placed { seat, .. } | Window::NoMove { seat, .. } => seat,
            };
            for k in 1..game.seats {
                let s = (mover + k) % game.seats;
                if !self.spoke[s as usize] {
                    self.spoke[s as usize] = true;
                    if let Some(a) = ais.get_mut(s as usize)?.on_window(game, s) {
                        return Some((s, a));
                    }
                }
            }
        }
        let actor = game.actor()?;
        let a = ais.get_mut(actor as usize)?.on_turn(game, actor)?;
        Some((actor, a))
    }
}

/// The spaces each roll of the game's dice makes, one entry per roll.
fn rolls_of(game: &MarblesGame) -> Vec<u64> {
    let sides: Vec<u8> = game.variant.dice.iter().map(|d| d.sides()).collect();
    let mut out = Vec::with_capacity(1728);
    for a in 1..=sides.first().copied().unwrap_or(6) {
        for b in 1..=sides.get(1).copied().unwrap_or(6) {
            for c in 1..=sides.get(2).copied().unwrap_or(6) {
                out.push(game.makes([a, b, c]));
            }
        }
    }
    out
}
