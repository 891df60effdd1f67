//! Random playouts. Each seat mostly does what a player usually does (rolls, places on a number
//! the roll makes, lets a window pass) and one time in five picks uniformly among every legal
//! action instead: bluffs, challenges, "Muggins!" calls (right and wrong) and "no move". The
//! property tests and `muggins bench` use them.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::ai::Difficulty;
use crate::ai::dominoes::DominoesAi;
use crate::rules::dominoes::{
    Action as DominoAction, DominoesGame, Event as DominoEvent, MugginsCall, Phase as DominoPhase,
    Placement,
};
use crate::rules::marbles::{Action, MarblesGame, MarblesVariant, Phase};
use crate::rules::rng::SplitMix;

/// How often a random seat picks among all legal actions rather than the usual ones.
pub const WILD: f64 = 0.2;

/// What a player usually does now, if that is one obvious kind of move: roll (letting the
/// window pass), or place on a number the roll makes. `None` where the choice needs the full list
/// (removals, nothing to make).
fn usual(game: &MarblesGame, rng: &mut impl Rng) -> Option<Action> {
    match game.phase {
        Phase::RollOff { .. } | Phase::DishesRoll { .. } => Some(Action::Roll(game.next_dice())),
        // The next player simply rolls; "proceed" only where rolling is not allowed.
        Phase::Roll { .. } => Some(if game.may_roll() {
            Action::Roll(game.next_dice())
        } else {
            Action::Proceed
        }),
        Phase::Place { seat, dice } if game.trays[seat as usize] > 0 => {
            let makes = game.reachable_open(dice);
            let n = makes.count_ones();
            (n > 0).then(|| {
                let k = rng.random_range(0..n);
                let space = crate::rules::marbles::solve::totals_of(makes)
                    .nth(k as usize)
                    .unwrap_or(0);
                Action::Place(space as u8)
            })
        }
        _ => None,
    }
}

/// One random choice: usually the usual move, one time in [`WILD`] any legal action.
pub fn pick(game: &MarblesGame, legal: &mut Vec<Action>, rng: &mut impl Rng) -> Option<Action> {
    if !rng.random_bool(WILD)
        && let Some(a) = usual(game, rng)
    {
        return Some(a);
    }
    game.legal_actions_into(legal);
    (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())])
}

/// Plays a game to its end (or `max_actions`), calling `each` after every action. Returns the
/// game and the actions taken, or why a legal action was refused.
pub fn random_marbles(
    variant: &MarblesVariant,
    seats: u8,
    seed: u64,
    max_actions: usize,
    mut each: impl FnMut(&MarblesGame, Action),
) -> Result<(MarblesGame, Vec<Action>), String> {
    let mut game = MarblesGame::new(variant.clone(), seats, seed)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::with_capacity(64);
    let mut events = Vec::with_capacity(16);
    let mut actions = Vec::with_capacity(256);
    while actions.len() < max_actions {
        let Some(action) = pick(&game, &mut legal, &mut rng) else {
            break;
        };
        events.clear();
        game.apply_into(action, &mut events)
            .map_err(|e| format!("action {} ({action:?}) refused: {e}", actions.len()))?;
        actions.push(action);
        each(&game, action);
    }
    Ok((game, actions))
}

/// How a simulated dominoes seat chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DominoesPolicy {
    /// Uniformly among the placements; announces the true count 9 times in 10 and calls
    /// "Muggins!" half the time it can.
    Random,
    /// The placement that scores most now (the first of equals); announces right, always calls.
    Greedy,
    /// An AI player at a level (`crate::ai::dominoes`), seeing only its seat's view.
    Level(Difficulty),
}

impl DominoesPolicy {
    /// `random`, `greedy`, or a level: `easy`, `normal`, `hard`, `expert`.
    pub fn parse(s: &str) -> Option<DominoesPolicy> {
        match s {
            "random" => Some(DominoesPolicy::Random),
            "greedy" => Some(DominoesPolicy::Greedy),
            _ => Difficulty::parse(s).map(DominoesPolicy::Level),
        }
    }

    /// Its name on the command line.
    pub fn name(self) -> String {
        match self {
            DominoesPolicy::Level(d) => d.to_string().to_lowercase(),
            other => format!("{other:?}").to_lowercase(),
        }
    }
}

/// The action a simulated seat takes now. `buf` is scratch space, reused between calls.
pub fn dominoes_choice(
    game: &DominoesGame,
    policy: DominoesPolicy,
    rng: &mut SplitMix,
    buf: &mut Vec<Placement>,
) -> Option<DominoAction> {
    if let DominoesPolicy::Level(level) = policy {
        let seat = game.actor()?;
        return DominoesAi::new(level, rng.next_u64()).act(&game.view(seat));
    }
    let random = policy == DominoesPolicy::Random;
    match game.phase {
        DominoPhase::Over => None,
        DominoPhase::Call { scorer, .. } => {
            let caller = game.next_seat(scorer);
            Some(if !random || rng.below(2) == 0 {
                DominoAction::Muggins(caller)
            } else {
                DominoAction::Proceed
            })
        }
        _ => {
            game.placements_into(buf);
            if buf.is_empty() {
                return Some(if game.drawable() > 0 {
                    DominoAction::Draw
                } else {
                    DominoAction::Pass
                });
            }
            let p = if random {
                buf[rng.below(buf.len() as u32) as usize]
            } else {
                let mut best = (buf[0], game.points_for(buf[0]));
                for p in &buf[1..] {
                    let pts = game.points_for(*p);
                    if pts > best.1 {
                        best = (*p, pts);
                    }
                }
                best.0
            };
            let announce =
                if game.variant.muggins_call == MugginsCall::Off || random && rng.below(10) == 0 {
                    0
                } else {
                    game.points_for(p)
                };
            Some(DominoAction::play_announcing(p, announce))
        }
    }
}

/// Plays one dominoes game on from where it stands, each seat by its policy, to its end (or
/// `max_actions`), calling `each` after every action with its events.
pub fn play_dominoes(
    game: &mut DominoesGame,
    policies: &[DominoesPolicy],
    seed: u64,
    max_actions: usize,
    mut each: impl FnMut(&DominoesGame, DominoAction, &[DominoEvent]),
) -> Result<Vec<DominoAction>, String> {
    let mut rng = SplitMix::new(seed, 0xD0);
    let mut buf = Vec::with_capacity(32);
    let mut events = Vec::with_capacity(16);
    let mut actions = Vec::with_capacity(256);
    while actions.len() < max_actions {
        let seat = game.actor().unwrap_or(0) as usize;
        let policy = policies
            .get(seat % policies.len().max(1))
            .copied()
            .unwrap_or(DominoesPolicy::Random);
        let Some(action) = dominoes_choice(game, policy, &mut rng, &mut buf) else {
            break;
        };
        events.clear();
        game.apply_into(action, &mut events)
            .map_err(|e| format!("action {} ({action:?}) refused: {e}", actions.len()))?;
        actions.push(action);
        each(game, action, &events);
    }
    Ok(actions)
}

/// Plays the hand in progress to its end with random seats; returns the actions taken. The hot
/// path of `dominoes.playout_hands_per_s`: no allocation per move.
pub fn random_hand(
    game: &mut DominoesGame,
    rng: &mut SplitMix,
    buf: &mut Vec<Placement>,
    events: &mut Vec<DominoEvent>,
) -> u32 {
    let hand = game.hand_no;
    let mut n = 0;
    while game.hand_no == hand {
        let Some(action) = dominoes_choice(game, DominoesPolicy::Random, rng, buf) else {
            break;
        };
        events.clear();
        if game.apply_into(action, events).is_err() {
            break;
        }
        n += 1;
    }
    n
}
